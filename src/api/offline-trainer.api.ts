import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import type { OfflineSessionCodes } from './schemas/offline-trainer.schema';
import { getOfflineSessionCodesRoute } from './schemas/offline-trainer.routes';

// The trainer's screen of a classroom session (issue 14, ADR 031).

export function getOfflineSessionCodes(sessionId: string, { signal }: CallOptions = {}): Promise<OfflineSessionCodes> {
  return callRoute(getOfflineSessionCodesRoute, { params: { id: sessionId }, signal });
}
