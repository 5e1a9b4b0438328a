import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Db } from './client';
import { users, type UserRole } from './schema';

export interface DemoAccount {
  externalId: string;
  password: string;
  name: string;
  role: UserRole;
  managerId?: string;
  upline?: string;
  passwordReset?: boolean;
  totpSecret?: string;
  /** A new joiner: the welcome is due after the password change (ADR 102); the others were welcomed. */
  newJoiner?: boolean;
  who: string;
}

/** DESIGN §6 demo accounts; main.ts prints them and the README lists them. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { externalId: 'manager01', password: 'Manager2026', name: 'Cheung Wai Kit', role: 'manager', managerId: 'M0001', who: 'manager (upline of agent01-03, recruit01)' },
  { externalId: 'agent01', password: 'Learner2026', name: 'Chan Tai Man', role: 'agent', upline: 'manager01', who: 'agent, 3 unread notifications' },
  { externalId: 'agent02', password: 'Learner2026', name: 'Wong Siu Ming', role: 'agent', upline: 'manager01', who: 'agent' },
  { externalId: 'agent03', password: 'Learner2026', name: 'Lee Ka Yan', role: 'agent', upline: 'manager01', who: 'agent' },
  { externalId: 'recruit01', password: 'Recruit2026', name: 'Ho Mei Ling', role: 'recruit', upline: 'manager01', who: 'recruit / new joiner' },
  { externalId: 'agent2fa', password: 'Secure2026', name: 'Lam Chi Ho', role: 'agent', totpSecret: 'JBSWY3DPEHPK3PXP', who: 'agent with two-factor (TOTP secret JBSWY3DPEHPK3PXP)' },
  { externalId: 'newjoiner01', password: 'Joiner2026', name: 'Ng Hoi Yan', role: 'agent', passwordReset: false, newJoiner: true, who: 'must change the password at first sign-in, then meets the welcome' },
  { externalId: 'newjoiner02', password: 'Joiner2026', name: 'Yuen Pui Shan', role: 'agent', passwordReset: false, newJoiner: true, who: 'as newjoiner01 (one new joiner per welcome journey: each meets it once)' },
  { externalId: 'newjoiner03', password: 'Joiner2026', name: 'Mok Tsz Hin', role: 'agent', passwordReset: false, newJoiner: true, who: 'as newjoiner01 (one new joiner per welcome journey: each meets it once)' },
  { externalId: 'newjoiner04', password: 'Joiner2026', name: 'Tse Wing Yee', role: 'agent', passwordReset: false, newJoiner: true, who: 'as newjoiner01 (one new joiner per welcome journey: each meets it once)' },
  { externalId: 'newjoiner05', password: 'Joiner2026', name: 'Fok Sin Yi', role: 'agent', passwordReset: false, newJoiner: true, who: 'as newjoiner01 (one new joiner per welcome journey: each meets it once)' },
  { externalId: 'agent10', password: 'Learner2026', name: 'Kwok Ming Fai', role: 'agent', who: 'agent (company email agent10@agent-academy.test): recruit01 merges into it' },
  { externalId: 'auditor01', password: 'Auditor2026', name: 'Yip Sze Wan', role: 'auditor', who: "auditor: reads everyone's identity checks (GET /api/audit/identity-checks)" },
  { externalId: 'trainer01', password: 'Trainer2026', name: 'Tsang Ka Lok', role: 'trainer', who: "trainer: shows a classroom session's check-in and check-out codes (/offline/sessions/:id/codes)" },
];

/** Fills an empty database with the demo accounts (their notifications: seed-notifications.ts); does nothing (false) when any user exists. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: only the first one seeds.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return false;
    const ids = new Map<string, number>();
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          externalId: a.externalId,
          name: a.name,
          email: `${a.externalId}@agent-academy.test`,
          passwordHash: hashes[i],
          managerId: a.managerId ?? null,
          uplineId: a.upline ? ids.get(a.upline) : null,
          role: a.role,
          passwordReset: a.passwordReset ?? true,
          totpSecret: a.totpSecret ?? null,
          twoFactorEnabled: a.totpSecret !== undefined,
          demo: true,
          welcomedAt: a.newJoiner ? null : new Date(),
        })
        .returning({ id: users.id });
      ids.set(a.externalId, row.id);
    }
    return true;
  });
}

/**
 * Marks the demo accounts of a database seeded before the `demo` column (issue 43 §12): the
 * accounts DEMO_ACCOUNTS names that still carry the seed's own address. Idempotent; run at start.
 */
export async function markDemoAccounts(db: Db): Promise<void> {
  const seeded = sql.join(
    DEMO_ACCOUNTS.map((a) => sql`(${a.externalId}, ${`${a.externalId}@agent-academy.test`})`),
    sql`, `,
  );
  await db.update(users).set({ demo: true }).where(sql`${users.demo} = false and (${users.externalId}, ${users.email}) in (${seeded})`);
}
