import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import type { OfflineSessionCodes } from './schemas/offline-trainer.schema';
import { getOfflineSessionCodesRoute, rotateOfflineSessionCodesRoute } from './schemas/offline-trainer.routes';

// The trainer's screen of a classroom session (issue 14, ADR 031).

export function getOfflineSessionCodes(sessionId: string, { signal }: CallOptions = {}): Promise<OfflineSessionCodes> {
  return callRoute(getOfflineSessionCodesRoute, { params: { id: sessionId }, signal });
}

/** "New codes": the session gets a new secret; every code shown before stops working. */
export function rotateOfflineSessionCodes(sessionId: string, { signal }: CallOptions = {}): Promise<OfflineSessionCodes> {
  return callRoute(rotateOfflineSessionCodesRoute, { params: { id: sessionId }, signal });
}
