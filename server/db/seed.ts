import { count, sql } from 'drizzle-orm';
import { PRODUCT_TITLE } from '../../src/config/constants';
import { hashPassword } from '../auth/password';
import { renderNotification, type NotificationMessage } from '../domain/notification-messages';
import type { Db } from './client';
import { notificationMessages, notifications, users, type NotificationKind, type UserRole } from './schema';

export interface DemoAccount {
  externalId: string;
  password: string;
  name: string;
  role: UserRole;
  managerId?: string;
  upline?: string;
  passwordReset?: boolean;
  totpSecret?: string;
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
  { externalId: 'newjoiner01', password: 'Joiner2026', name: 'Ng Hoi Yan', role: 'agent', passwordReset: false, who: 'must change the password at first sign-in' },
  { externalId: 'agent10', password: 'Learner2026', name: 'Kwok Ming Fai', role: 'agent', who: 'agent (company email agent10@agent-academy.test): recruit01 merges into it' },
  { externalId: 'auditor01', password: 'Auditor2026', name: 'Yip Sze Wan', role: 'auditor', who: "auditor: reads everyone's identity checks (GET /api/audit/identity-checks)" },
  { externalId: 'trainer01', password: 'Trainer2026', name: 'Tsang Ka Lok', role: 'trainer', who: "trainer: shows a classroom session's check-in and check-out codes (/offline/sessions/:id/codes)" },
];

const DAY = 86_400_000;

// agent01's notifications, with the message keys the list renders in the reader's language (the
// stored title and body are their English, as notifyWithMessage writes them).
const AGENT01_NOTIFICATIONS: { kind: NotificationKind; sender: string | null; message: NotificationMessage; daysAgo: number; read: boolean }[] = [
  {
    kind: 'recommendation',
    sender: 'Administrator',
    message: {
      titleKey: 'server:notification_recommendation_title',
      bodyKey: 'server:notification_recommendation_body',
      params: { courseName: { en: 'Financial Needs Analysis', zh: '財務需要分析', cn: '财务需求分析' } },
    },
    daysAgo: 1,
    read: false,
  },
  {
    kind: 'assignment_due_date',
    sender: null,
    message: {
      titleKey: 'server:notification_assignment_due_title',
      bodyKey: 'server:notification_assignment_due_body',
      params: { courseName: { en: 'Insurance Ethics and Compliance', zh: '保險道德與合規', cn: '保险道德与合规' }, days: 3 },
    },
    daysAgo: 2,
    read: false,
  },
  {
    kind: 'system_notice',
    sender: null,
    message: { titleKey: 'server:notification_maintenance_title', bodyKey: 'server:notification_maintenance_body', params: { product: PRODUCT_TITLE, from: '02:00', to: '04:00' } },
    daysAgo: 3,
    read: false,
  },
  {
    kind: 'marking_done',
    sender: null,
    message: {
      titleKey: 'server:notification_marking_done_title',
      bodyKey: 'server:notification_marking_done_body',
      params: { courseName: { en: 'Product Knowledge: Term Life', zh: '產品知識：定期壽險', cn: '产品知识：定期寿险' } },
    },
    daysAgo: 10,
    read: true,
  },
];

/** Fills an empty database with the demo accounts; does nothing (false) when any user exists. */
export async function seedIfEmpty(db: Db, now = Date.now()): Promise<boolean> {
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
        })
        .returning({ id: users.id });
      ids.set(a.externalId, row.id);
    }
    for (const n of AGENT01_NOTIFICATIONS) {
      const { title, body } = renderNotification(n.message, 'en');
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: ids.get('agent01')!,
          kind: n.kind,
          sender: n.sender,
          title,
          body,
          createdAt: new Date(now - n.daysAgo * DAY),
          readAt: n.read ? new Date(now - (n.daysAgo - 1) * DAY) : null,
        })
        .returning({ id: notifications.id });
      await tx.insert(notificationMessages).values({ notificationId: row.id, titleKey: n.message.titleKey, bodyKey: n.message.bodyKey, params: n.message.params });
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
