import { z } from 'zod/mini';
import { errorResponses, json, route } from '../route-contract';

// ADR 018 / ADR 013: the demo outbox. Server only: the end-to-end tests and the operator read it,
// no page of the app calls it (see route-coverage.test.ts).

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  created_at: z.string(),
});

export const listOutboxRoute = route({
  method: 'get',
  path: '/api/demo/outbox',
  tags: ['demo'],
  summary: 'Mail kept in the outbox (demo without SMTP), newest first; only from this machine',
  description:
    'Exists only with DEMO_MODE=1, no SMTP_URL and HOST on loopback (127.0.0.1, ::1, localhost). ' +
    'Any client but a loopback one (with TRUST_PROXY, the proxy-appended X-Forwarded-For entry must be loopback too) → 403.',
  responses: { 200: json('The outbox', z.array(outboxMailSchema)), ...errorResponses.forbiddenOr('the client is not on this machine') },
});
