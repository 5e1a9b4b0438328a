import type { Context } from 'hono';
import type { ServerConfig } from '../config';
import type { UserRow } from '../db/schema';
import { isLoopbackClient } from './client-address';
import { HttpError } from './errors';

/**
 * Issue 43 §12: a demo account's password is printed on the console and in the README, so it is
 * signed in to only by the machine's operator — a loopback socket with no proxy header (or, with
 * TRUST_PROXY, our proxy saying its client was loopback). A same-host reverse proxy without
 * TRUST_PROXY would otherwise make every demo account anyone's. Called once the password is right
 * (a wrong one answers as for any account).
 */
export function refuseRemoteDemoAccount(c: Context, config: Pick<ServerConfig, 'trustProxy'>, user: Pick<UserRow, 'demo'>): void {
  if (user.demo && !isLoopbackClient(c, config.trustProxy)) throw new HttpError(403, 'server:demo_account_local_only');
}
