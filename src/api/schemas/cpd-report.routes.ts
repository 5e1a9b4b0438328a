import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import { cpdReportCsvQuerySchema, cpdReportQuerySchema, cpdReportSchema } from './cpd-report.schema';

// ADR 018, ADR 087, issue 45: the compliance officer's reports, declared once for the server, the client and the document.

const common = { tags: ['cpd-report'], security: bearerSecurity } as const;
const forbidden = { ...errorResponses.forbiddenOr('the caller is not an auditor (code Forbidden), or two-factor is required') } as const;

export const getCpdReportRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/report',
  summary: 'Every licensee’s CPD status in a period, paged by user id (auditor only): the insurer’s report, or the declaration list (list=can_declare | cannot_declare)',
  request: { query: cpdReportQuerySchema },
  responses: { 200: json('One page of the report', cpdReportSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden },
});

export const getCpdReportCsvRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/report.csv',
  summary: 'The whole report as CSV, streamed in batches of 1,000 licensees (agent code, name, hours, E/R hours, target hours, compliant)',
  request: { query: cpdReportCsvQuerySchema },
  responses: { 200: raw('The report as CSV', { 'text/csv': { schema: z.string() } }), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden },
});
