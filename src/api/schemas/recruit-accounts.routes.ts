import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { createRecruitPayloadSchema, recruitAccountSchema } from './recruit-accounts.schema';

// ADR 018, issue 14: a manager creates a pre-recruit or recruit account.

export const createRecruitAccountRoute = route({
  method: 'post',
  path: '/api/recruit_accounts',
  tags: ['recruit-accounts'],
  security: bearerSecurity,
  summary: 'A manager creates a pre-recruit or recruit account; its first sign-in details are emailed to the personal email',
  description:
    'SPEC §5: the name in English letters and spaces, at least two words, not an existing manager’s name (400); the manager code required and of an existing manager (400); ' +
    'the personal email valid (400) and not used by another account (409). The account gets a generated agent code and a random first password, role recruit, ' +
    'the manager of the code as upline, and must change the password at its first sign-in. Only managers may call it (403).',
  request: { body: createRecruitPayloadSchema },
  responses: {
    201: json('The new account (its password is only in the email)', recruitAccountSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the caller is not a manager'),
    409: json('The personal email is already used by another account', apiErrorSchema),
  },
});
