import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { mergeCompletePayloadSchema, mergePreviewSchema, mergeRequestPayloadSchema, mergeRequestResponseSchema, mergeResultSchema, mergeTokenPayloadSchema, mergeUndoneSchema, mergeUndoPayloadSchema } from './account-merge.schema';
import { apiErrorSchema } from './error.schema';

// ADR 018, issue 14: the recruit → agent merge (SPEC §4 account linking), declared once.

const common = { tags: ['account-merge'] } as const;
const linkRefused = {
  409: json('The agent account was already merged before', apiErrorSchema),
  410: json('The verification link was used already, or has expired', apiErrorSchema),
};

export const requestMergeRoute = route({
  ...common,
  security: bearerSecurity,
  method: 'post',
  path: '/api/account_merge/request',
  summary: 'A recruit asks to merge into an agent account: a single-use verification link (1 h) goes to the company email',
  description:
    'The agent code and the company email must name one agent account, else 400 "cannot identify your agent code or company email" with the learning and development ' +
    'team’s contact (LD_CONTACT_EMAIL). An agent already merged → 409. Only recruits (403). Failures count towards the rate limit (429).',
  request: { body: mergeRequestPayloadSchema },
  responses: {
    202: json('The link was emailed', mergeRequestResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the caller is not a recruit'),
    409: json('The agent account, or this recruit, was already merged before', apiErrorSchema),
    ...errorResponses.tooManyRequests,
  },
});

export const previewMergeRoute = route({
  ...common,
  method: 'post',
  path: '/api/account_merge/preview',
  summary: 'What the merge of the link would move, and what stays with the recruit because the agent has its equal (nothing is changed)',
  description: 'No sign-in: the emailed token is the credential. Unknown token → 400; used or expired → 410.',
  request: { body: mergeTokenPayloadSchema },
  responses: {
    200: json('The preview', mergePreviewSchema),
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
    ...linkRefused,
  },
});

export const completeMergeRoute = route({
  ...common,
  method: 'post',
  path: '/api/account_merge/complete',
  summary: 'The agent signs in with the agent code and password of the link, and the merge runs (one transaction, audited, undoable)',
  description:
    'Every row of the owned tables moves from the recruit to the agent; a row the agent has an equal of combines with it (the further one wins). ' +
      'The recruit account is closed (its sessions end). The answer carries the undo token. ' +
    'The token is used once. Another agent code → 400; wrong password → 400 (rate-limited: 429).',
  request: { body: mergeCompletePayloadSchema },
  responses: {
    200: json('The merge', mergeResultSchema),
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
    ...linkRefused,
    ...errorResponses.tooManyRequests,
  },
});

export const undoMergeRoute = route({
  ...common,
  method: 'post',
  path: '/api/account_merge/undo',
  summary: 'Undoes a merge with the undo token the merge answered (issue 43): both accounts as they were, the recruit account open again',
  description: `No sign-in: the undo token is the credential. Unknown → 400; undone already, or the undo window (MERGE_UNDO_DAYS, 7 days) has passed → 410.`,
  request: { body: mergeUndoPayloadSchema },
  responses: {
    200: json('The merge was undone', mergeUndoneSchema),
    ...errorResponses.badRequest,
    ...errorResponses.forbidden,
    410: json('Undone already, or too late to undo', apiErrorSchema),
  },
});
