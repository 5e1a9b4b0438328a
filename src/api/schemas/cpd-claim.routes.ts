import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import {
  CPD_EVIDENCE_FIELD,
  CPD_EVIDENCE_MEDIA_TYPES,
  cpdClaimDecisionSchema,
  cpdClaimFieldsSchema,
  cpdClaimListSchema,
  cpdClaimParamsSchema,
  cpdClaimSchema,
  cpdClaimsQuerySchema,
} from './cpd-claim.schema';
import { apiErrorSchema } from './error.schema';

// ADR 018 and 086, issue 45: claims for outside CPD activities, declared once for the server, the
// client and the document. The claim and its evidence go as one multipart form (request.form).

const common = { tags: ['cpd-claims'], security: bearerSecurity } as const;
const readers = 'the claimant, the claimant’s upline or an auditor; anyone else (and an unknown id) 404';
const evidenceText =
  'The evidence file is the form’s `evidence` part: a PDF (at most the spec’s file limit, 200 MB) or a PNG, JPEG or WebP picture (at most the image limit, 2 MB), ' +
  'decided by its bytes, not its name or declared type (anything else 415; too large 413). It is stored encrypted.';

export const postCpdClaimRoute = route({
  ...common,
  method: 'post',
  path: '/api/cpd/claims',
  summary: 'Claim an outside CPD activity, with its evidence file and the terms (with their impersonation warning) accepted',
  description: `${evidenceText} The dates are Hong Kong days; the last may not be after the server’s today nor before the current period; the time is minutes or hours.`,
  request: { form: { fields: cpdClaimFieldsSchema, file: { name: CPD_EVIDENCE_FIELD, types: CPD_EVIDENCE_MEDIA_TYPES } } },
  responses: {
    201: json('The claim, pending', cpdClaimSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    413: json('The evidence file is over its limit', apiErrorSchema),
    ...errorResponses.unsupportedMediaType,
  },
});

export const getCpdClaimsRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/claims',
  summary: 'The caller’s claims whose activity ended in a period (default: the current one), newest first',
  request: { query: cpdClaimsQuerySchema },
  responses: { 200: json('The claims', cpdClaimListSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('two-factor is required') },
});

export const getTeamCpdClaimsRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/team-claims',
  summary: 'The pending claims of the caller’s downlines, oldest first: what the upline has to decide',
  responses: { 200: json('The pending claims', cpdClaimListSchema), ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('two-factor is required') },
});

export const getCpdClaimRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/claims/:id',
  summary: 'One claim, with its status, decision and reason',
  description: `Readers: ${readers}.`,
  request: { params: cpdClaimParamsSchema },
  responses: { 200: json('The claim', cpdClaimSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('two-factor is required'), ...errorResponses.notFound },
});

export const getCpdClaimEvidenceRoute = route({
  ...common,
  method: 'get',
  path: '/api/cpd/claims/:id/evidence',
  summary: 'The claim’s evidence file, decrypted, with the type of its bytes (nosniff) as an attachment',
  description: `Readers: ${readers}.`,
  request: { params: cpdClaimParamsSchema },
  responses: {
    200: raw('The evidence file', { 'application/pdf': { schema: z.file() }, 'image/png': { schema: z.file() }, 'image/jpeg': { schema: z.file() }, 'image/webp': { schema: z.file() } }),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required'),
    ...errorResponses.notFound,
  },
});

export const putCpdClaimRoute = route({
  ...common,
  method: 'put',
  path: '/api/cpd/claims/:id',
  summary: 'Correct a rejected claim and send it again: pending once more, revision + 1',
  description: `The claimant only, and only while the claim is rejected (else 409 CpdClaimNotRejected). The same form as a new claim; the evidence file may be left out to keep the one sent. ${evidenceText}`,
  request: { params: cpdClaimParamsSchema, form: { fields: cpdClaimFieldsSchema, file: { name: CPD_EVIDENCE_FIELD, types: CPD_EVIDENCE_MEDIA_TYPES, optional: true } } },
  responses: {
    200: json('The claim, pending again', cpdClaimSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required'),
    ...errorResponses.notFound,
    409: json('The claim is not rejected (code CpdClaimNotRejected)', apiErrorSchema),
    413: json('The evidence file is over its limit', apiErrorSchema),
    ...errorResponses.unsupportedMediaType,
  },
});

export const postCpdClaimDecisionRoute = route({
  ...common,
  method: 'post',
  path: '/api/cpd/claims/:id/decision',
  summary: 'Approve a downline’s pending claim, or reject it with a reason; given once',
  description: 'The claimant’s upline only (anyone else 404). A claim decided already, by this or a concurrent request, answers 409 CpdClaimDecided. The claimant is notified.',
  request: { params: cpdClaimParamsSchema, body: cpdClaimDecisionSchema },
  responses: {
    200: json('The claim, decided', cpdClaimSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required'),
    ...errorResponses.notFound,
    409: json('Decided already (code CpdClaimDecided)', apiErrorSchema),
  },
});
