// The bare reference beside every throughput figure (issue 15): Hono answering "ok", nothing else.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('ok'));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8193), hostname: '127.0.0.1' });
