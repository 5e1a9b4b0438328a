import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The signing secret: JWT_SECRET when set, else one generated once and kept in the database,
 * so restarts keep sessions valid and several processes on one PostgreSQL agree.
 */
export async function resolveSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  // Two processes starting together: the first insert wins, both read the winner.
  await db.insert(settings).values({ key: JWT_SECRET_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY));
  return row.value;
}
