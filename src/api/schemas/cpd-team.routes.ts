import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import { cpdTeamQuerySchema, cpdTeamSchema } from './cpd-team.schema';

// ADR 018, ADR 087, issue 45: the upline's team compliance, declared once for the server, the client and the document.

const common = { tags: ['cpd-team'], security: bearerSecurity } as const;
const forbidden = { ...errorResponses.forbiddenOr('the caller is not a manager (code Forbidden), or two-factor is required') } as const;

export const getCpdTeamRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/team',
  summary: 'The caller’s own downlines in a CPD period: minutes, E/R minutes, target, still needed, days left, forecast (managers only)',
  description: 'atRisk=true keeps those whose forecast is at_risk; sort is name | agent_code | minutes | needed | forecast. A bad period answers 400 with the ledger’s codes.',
  request: { query: cpdTeamQuerySchema },
  responses: { 200: json('The team', cpdTeamSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden },
});

export const getCpdTeamCsvRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/team.csv',
  summary: 'The team compliance as CSV (text/csv, RFC 4180 quoting, hours with two decimals, headers in the request language)',
  request: { query: cpdTeamQuerySchema },
  responses: { 200: raw('The team as CSV', { 'text/csv': { schema: z.string() } }), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden },
});
