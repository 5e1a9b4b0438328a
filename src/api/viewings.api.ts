import { callRoute } from './call-route';
import type { Viewing, ViewingPayload } from './schemas/viewings.schema';
import { beginViewingRoute } from './schemas/viewings.routes';

// ADR 012: the server sees the learner open an item or an attachment; on-screen records name the viewing.

export function beginViewing(payload: ViewingPayload): Promise<Viewing> {
  return callRoute(beginViewingRoute, { body: payload });
}
