import { z } from 'zod/mini';
import type { CpdStatementErrorCode } from '../../config/cpd-verification-code';
import type { CpdErrorCode } from './cpd-ledger.schema';
import type { CpdClaimErrorCode } from './cpd-claim.schema';
import type { OfflineErrorCode } from './offline-enrolments.schema';
import type { QuizErrorCode } from './quizzes.schema';

/** Machine-readable reasons the client acts on (the message is for people and is translated). */
export const API_ERROR_CODE = {
  /** Right password, but the account has two-factor on: ask for the code, then call 2fa/verify. */
  missingCredential: 'MissingCredential',
  /** The session has not passed two-factor, and this call or the app configuration needs it. */
  notAuthenticated: 'NotAuthenticated',
  /** The user must change the initial password (password_reset false) before anything else. */
  passwordChangeRequired: 'PasswordChangeRequired',
  /** Too many failures: wait `Retry-After` seconds. */
  rateLimited: 'RateLimited',
  /** Signed in, but this is not for who you are (role, or not the session's trainer): the page shows "not allowed" (issue 43). */
  forbidden: 'Forbidden',
} as const;
// A feature's own codes live with its contract (QUIZ_ERROR_CODE in quizzes.schema.ts), off the first page.
export type ApiErrorCode = (typeof API_ERROR_CODE)[keyof typeof API_ERROR_CODE] | QuizErrorCode | OfflineErrorCode | CpdErrorCode | CpdStatementErrorCode | CpdClaimErrorCode;

/** Every error the API answers: a 4xx/5xx status and this body (DESIGN §5). */
export const apiErrorSchema = z.object({
  status_code: z.int(),
  message: z.string(),
  // Any text, not an enum: a code added later must not make the client drop the whole body.
  code: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
