import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { recruitFullName, type RecruitAccount, type RecruitKind } from '../../src/api/schemas/recruit-accounts.schema';
import { type Language } from '../../src/config/constants';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { recruitAccounts, users, type UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { recruitAccountMail } from '../mail/recruit-account.mail';
import { assignNewJoinerMaps } from './learning-map';

// Issue 14, SPEC §3 and §5: a manager creates a pre-recruit or recruit account.

export const isManager = (user: Pick<UserRow, 'managerId'>) => user.managerId !== null && user.managerId !== '';

/** Letters without look-alikes (no I, l, O, 0, 1): the password is read from an email and typed. */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)];

/** A random first password that meets SPEC §5 (8–12, an upper and a lower case letter): 10 characters. */
export function generateFirstPassword(): string {
  const all = UPPER + LOWER + DIGITS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 7 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The agent code of a new account: R (recruit) or P (pre-recruit) and 7 digits. */
export const generateExternalId = (kind: RecruitKind) => `${kind === 'recruit' ? 'R' : 'P'}${String(randomInt(10_000_000)).padStart(7, '0')}`;

export interface CreateRecruitInput {
  surname: string;
  given_name: string;
  email: string;
  manager_code: string;
  kind: RecruitKind;
}

/**
 * Creates the account with the §5 rules checked against the database (the shape is the schema's),
 * and emails its first sign-in details. Refusals are HttpErrors with the §8 messages.
 */
export async function createRecruitAccount(
  deps: { db: Db; mailer: Mailer; appBaseUrl: string; now?: Date },
  creator: UserRow,
  input: CreateRecruitInput,
  lang: Language,
): Promise<RecruitAccount> {
  const { db } = deps;
  if (!isManager(creator)) throw new HttpError(403, 'server:forbidden_role');
  const name = recruitFullName(input.surname, input.given_name);
  const email = input.email.trim();
  const [manager] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.managerId})`, input.manager_code.trim().toLowerCase()));
  if (!manager) throw new HttpError(400, 'validation:manager_not_found');
  // Issue 43: a manager creates recruits for themselves, never under another manager's code.
  if (manager.id !== creator.id) throw new HttpError(403, 'server:recruit_manager_not_yours');
  const [managerNamed] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.managerId} is not null and ${users.managerId} <> '' and lower(regexp_replace(trim(${users.name}), '\\s+', ' ', 'g')) = ${name.toLowerCase()}`);
  if (managerNamed) throw new HttpError(400, 'validation:recruit_name_is_manager');
  const password = generateFirstPassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // One account per personal email: the lock makes two forms sent together with one email give one account.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recruit-email:${email.toLowerCase()}`}))`);
    const [used] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (used) throw new HttpError(409, 'validation:email_used');
    for (;;) {
      const externalId = generateExternalId(input.kind);
      const [row] = await tx
        .insert(users)
        .values({ externalId, name, email, passwordHash, role: 'recruit', uplineId: manager.id, passwordReset: false })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      await tx.insert(recruitAccounts).values({ userId: row.id, kind: input.kind, createdBy: creator.id });
      // Issue 47 (ADR 098): every map marked for new joiners is theirs from the first sign-in.
      await assignNewJoinerMaps(tx, row.id, deps.now ?? new Date());
      return row;
    }
  });
  await deps.mailer.send(
    recruitAccountMail({ lang, to: email, name, externalId: created.externalId, password, kind: input.kind, managerName: manager.name, link: `${deps.appBaseUrl}/login` }),
  );
  return {
    id: String(created.id),
    external_id: created.externalId,
    name,
    email,
    kind: input.kind,
    upline: { external_id: manager.externalId, name: manager.name, manager_id: manager.managerId! },
  };
}
