import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { CurrentUser, FindUsersQuery, FindUsersResponse, PublicUser } from '../../src/api/schemas/users.schema';
import { DEFAULT_COVER_URL, DEFAULT_ICON_URL } from '../../src/config/constants';
import type { Db } from '../db/client';
import type { SignedInUser } from '../auth/sessions';
import { users, type UserRow } from '../db/schema';
import { welcomeDueOf } from './new-joiner-welcome';

export async function findUserByExternalId(db: Db, externalId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.externalId})`, externalId.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export function toPublicUser(row: Pick<UserRow, 'id' | 'externalId' | 'name' | 'iconUrl'>): PublicUser {
  return { id: String(row.id), external_id: row.externalId, name: row.name, icon_url: row.iconUrl ?? DEFAULT_ICON_URL };
}

/**
 * SPEC §3 Current user, from the row the request's sign-in check read (ADR 037: one query for
 * both); is_manager follows from manager_id.
 */
export function toCurrentUser(row: SignedInUser): CurrentUser {
  return {
    id: String(row.id),
    external_id: row.externalId,
    name: row.name,
    icon_url: row.iconUrl ?? DEFAULT_ICON_URL,
    cover_url: row.coverUrl ?? DEFAULT_COVER_URL,
    manager_id: row.managerId,
    is_manager: row.managerId !== null && row.managerId !== '',
    is_recruit: row.role === 'recruit',
    is_auditor: row.role === 'auditor',
    unread_notifications_count: row.unreadNotificationCount,
    password_reset: row.passwordReset,
    welcome_due: welcomeDueOf(row),
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Users whose name or agent code contains `name` (any case), paged; only public fields. */
export async function findUsers(db: Db, query: FindUsersQuery): Promise<FindUsersResponse> {
  const pattern = likePattern(query.name);
  const where = or(ilike(users.name, pattern), ilike(users.externalId, pattern));
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, externalId: users.externalId, name: users.name, iconUrl: users.iconUrl })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toPublicUser), page: query.page, per_page: query.per_page, total };
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, passwordReset: true }).where(eq(users.id, userId));
}
