import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import { commitScormRuntimeRoute, getScormRuntimeRoute } from './schemas/scorm.routes';
import type { ScormCommitPayload, ScormCommitResult, ScormRuntime } from './schemas/scorm.schema';

// SCORM course items (issue 13, ADR 029). The launcher (ADR 029 step 4, not built yet) calls these.

/** Starts a launch: the stored data to resume from and the launch number its commits carry. */
export function getScormRuntime(itemId: string, { signal }: CallOptions = {}): Promise<ScormRuntime> {
  return callRoute(getScormRuntimeRoute, { params: { id: itemId }, signal });
}

/** Stores one commit; the server keeps the highest (launch, seq), so a resend is safe. */
export function commitScormRuntime(itemId: string, payload: ScormCommitPayload): Promise<ScormCommitResult> {
  return callRoute(commitScormRuntimeRoute, { params: { id: itemId }, body: payload });
}
