import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import { cpdCertificateParamsSchema, cpdCertificateQuerySchema, cpdStatementQuerySchema, cpdVerificationSchema, cpdVerifyParamsSchema } from './cpd-statement.schema';

// ADR 018, ADR 085 (issue 45): the CPD papers and the public check of their codes, declared once.

const common = { tags: ['cpd-statement'], security: bearerSecurity } as const;
const readers = {
  ...errorResponses.badRequest,
  ...errorResponses.unauthorized,
  ...errorResponses.forbiddenOr('the user is not the caller’s downline (code Forbidden), or two-factor is required'),
  ...errorResponses.notFound,
} as const;
const pdf = { 'application/pdf': { schema: z.string() } } as const;

export const getCpdStatementPdfRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/statement.pdf',
  summary: 'The CPD statement of a period as PDF: name, agent code, every activity with hours and E/R, totals against the target, a verification code',
  description: '?user= names another licensee (their upline or an auditor; the read is recorded). The code is also in the X-Verification-Code header.',
  request: { query: cpdStatementQuerySchema },
  responses: { 200: raw('The statement (PDF)', pdf), ...readers },
});

export const getCpdStatementCsvRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/statement.csv',
  summary: 'The CPD statement of a period as CSV (RFC 4180, UTF-8 with BOM, headers in the request language)',
  description: 'The same readers and figures as the PDF, the same verification code (X-Verification-Code).',
  request: { query: cpdStatementQuerySchema },
  responses: { 200: raw('The statement (CSV)', { 'text/csv': { schema: z.string() } }), ...readers },
});

export const getCpdCertificateRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/certificates/:rowId',
  summary: 'The CPD certificate of a completed course (a ledger row course:<id> or offline:<id>) as PDF, with a verification code',
  description: '?user= names another licensee (their upline or an auditor; recorded). A row not in the ledger, or a claim, answers 404.',
  request: { params: cpdCertificateParamsSchema, query: cpdCertificateQuerySchema },
  responses: { 200: raw('The certificate (PDF)', pdf), ...readers },
});

export const verifyCpdCodeRoute = route({
  method: 'get',
  path: '/api/verify/:code',
  tags: ['cpd-statement'],
  summary: 'Public (no sign-in): is this CPD statement or certificate code genuine, for whom and for what',
  description: 'Answers only the person (name, agent code) and the figures the paper vouches for. An unknown or malformed code answers 404; too many lookups from one address 429.',
  request: { params: cpdVerifyParamsSchema },
  responses: { 200: json('The paper is genuine', cpdVerificationSchema), ...errorResponses.notFound, ...errorResponses.tooManyRequests },
});
