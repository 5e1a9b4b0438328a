import { callRoute, routePath } from './call-route';
import { http, sendNow } from './http';
import type { CallOptions } from './list-query';
import { commitScormRuntimeRoute, getScormRuntimeRoute } from './schemas/scorm.routes';
import { scormCommitResultSchema, type ScormCommitPayload, type ScormCommitResult, type ScormRuntime } from './schemas/scorm.schema';

// SCORM course items (issue 13, ADR 029). The launcher (src/routes/scorm/scorm.actor.ts) calls these.

/** Starts a launch: the stored data to resume from and the launch number its commits carry. */
export function getScormRuntime(itemId: string, { signal }: CallOptions = {}): Promise<ScormRuntime> {
  return callRoute(getScormRuntimeRoute, { params: { id: itemId }, signal });
}

/** Stores one commit; the server keeps the highest (launch, seq), so a resend is safe. */
export function commitScormRuntime(itemId: string, payload: ScormCommitPayload): Promise<ScormCommitResult> {
  return callRoute(commitScormRuntimeRoute, { params: { id: itemId }, body: payload });
}

/**
 * The same commit when this window closes (ADR 029): a keepalive fetch, which the browser
 * finishes after the page is gone, with the app's own headers (bearer, XSRF), not a beacon. Its
 * answer is not awaited by anyone; the journal of the next launch covers one that is lost.
 */
export function commitScormRuntimeOnClose(itemId: string, payload: ScormCommitPayload): void {
  http(routePath(commitScormRuntimeRoute, { id: itemId }), { method: 'put', json: payload, keepalive: true, retry: 0 }).catch(() => undefined);
}

/**
 * The same commit, answered before this call returns (a synchronous request): SCORM's LMSCommit
 * says "true" only once the server holds the data (ADR 029). The pair the server holds, or null
 * when it did not answer with one (offline, refused, a session to refresh first).
 */
export function commitScormRuntimeNow(itemId: string, payload: ScormCommitPayload): ScormCommitResult | null {
  const { status, body } = sendNow('PUT', routePath(commitScormRuntimeRoute, { id: itemId }), payload);
  if (status !== 200) return null;
  const parsed = scormCommitResultSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
