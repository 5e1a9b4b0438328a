import { json, route } from '../route-contract';
import { appConfigSchema } from './app-config.schema';

// ADR 018: the app configuration's endpoint, declared once for the server, the client and the document.

export const getAppConfigRoute = route({
  method: 'get',
  path: '/api/app-config',
  tags: ['app'],
  summary: 'Application configuration (SPEC §9); no sign-in needed',
  responses: { 200: json('The configuration', appConfigSchema) },
});
