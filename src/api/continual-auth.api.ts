import { loadCurrentUser } from './current-user';
import { callRoute } from './call-route';
import { loginRoute } from './schemas/sign-in.routes';
import { contentRefSchema } from './schemas/content-ref.schema';
import { checkTwoFactorRoute } from './schemas/two-factor.routes';

// Continual authentication (SPEC §4, §7): the two checks of the prompt, each recorded by the
// server as evidence with the course and item being viewed (the history is identity-checks.api.ts).

export interface ContentRefParams {
  courseId?: string | null;
  itemId?: string | null;
}

/** The signed-in user could not be read, so there is no agent code to check the password with. */
export class CurrentUserUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the current user could not be fetched', options);
    this.name = 'CurrentUserUnavailableError';
  }
}

/** Course and item ids the server accepts; others are left out rather than failing the check. */
function contentRef({ courseId, itemId }: ContentRefParams): { course_id?: string; item_id?: string } {
  const ref: { course_id?: string; item_id?: string } = {};
  for (const [key, value] of [['course_id', courseId], ['item_id', itemId]] as const) {
    const parsed = value == null ? null : contentRefSchema.safeParse(value);
    if (parsed?.success) ref[key] = parsed.data;
  }
  return ref;
}

/** The password variant: a dry-run login with the current user's agent code (SPEC §7). */
export async function checkPassword(password: string, ref: ContentRefParams = {}): Promise<void> {
  let externalId: string;
  try {
    externalId = (await loadCurrentUser()).external_id;
  } catch (error) {
    throw new CurrentUserUnavailableError({ cause: error });
  }
  return callRoute(loginRoute, { body: { external_id: externalId, password }, query: { dry_run: '1', ...contentRef(ref) }, expect: 204 });
}

/** The authenticator variant: the 6-digit code from the app. */
export function checkAuthenticator(code: string, ref: ContentRefParams = {}): Promise<void> {
  return callRoute(checkTwoFactorRoute, { body: { one_time_password: code, ...contentRef(ref) } });
}
