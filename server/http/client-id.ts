import type { Context } from 'hono';
import { HEADER } from '../../src/config/constants';
import { HttpError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** X-Client-Id (a UUID the browser keeps), lower-cased, to tie a new session to it; 400 if malformed. */
export function clientIdOf(c: Context): string | null {
  const clientId = c.req.header(HEADER.clientId)?.trim() || null;
  if (clientId !== null && !UUID.test(clientId)) throw new HttpError(400, 'server:client_id_invalid');
  return clientId?.toLowerCase() ?? null;
}
