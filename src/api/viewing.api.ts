import { http } from './http';
import { parseJson } from './parse';
import { viewingSchema, type Viewing, type ViewingPayload } from './schemas/viewing.schema';

// ADR 012: the server sees the learner open an item or an attachment; on-screen records name the viewing.

export function beginViewing(payload: ViewingPayload): Promise<Viewing> {
  return parseJson(viewingSchema, http.post('viewings', { json: payload }));
}
