import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { cpdEvidenceQuerySchema, cpdEvidenceSchema, cpdLedgerQuerySchema, cpdLedgerSchema, cpdLedgerUserParamsSchema, cpdRowParamsSchema } from './cpd-ledger.schema';

// ADR 018, issue 45: the CPD ledger's endpoints, declared once for the server, the client and the document.

const common = { tags: ['cpd-ledger'], security: bearerSecurity } as const;

export const getOwnCpdLedgerRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/ledger',
  summary: 'The caller’s CPD ledger of a period (default: the current one, server clock): target, rows, totals, earlier periods',
  description: 'A bad period answers 400 with code CpdPeriodInvalid (not a year) or CpdPeriodOutOfRange (before 2019 or after the current period).',
  request: { query: cpdLedgerQuerySchema },
  responses: { 200: json('The ledger', cpdLedgerSchema), ...errorResponses.badRequest, ...fullAuthErrors },
});

export const getCpdLedgerRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/ledger/:userId',
  summary: 'Another licensee’s CPD ledger: for their upline (their own downlines only) or an auditor (read only); every read is recorded',
  request: { params: cpdLedgerUserParamsSchema, query: cpdLedgerQuerySchema },
  responses: {
    200: json('The ledger', cpdLedgerSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the user is not the caller’s downline (code Forbidden), or two-factor is required'),
    ...errorResponses.notFound,
  },
});

export const getCpdEvidenceRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/ledger/rows/:rowId/evidence',
  summary: 'What backs a ledger row: credited seconds per item and attachment with their viewings and identity checks, a classroom’s check-ins and check-outs, a claim',
  description: '?user= names another licensee (their upline or an auditor; recorded). A row that is not in the ledger answers 404.',
  request: { params: cpdRowParamsSchema, query: cpdEvidenceQuerySchema },
  responses: {
    200: json('The evidence', cpdEvidenceSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the user is not the caller’s downline (code Forbidden), or two-factor is required'),
    ...errorResponses.notFound,
  },
});
