import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSecret } from '../auth/secret';
import { renderNotification } from '../domain/notification-messages';
import { isMessageKey } from '../i18n/messages';
import { createTestContext, type TestContext } from '../test-support';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed';
import { notificationMessages, notifications, users } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('demo seed', () => {
  it('has every demo account with its role, upline, email and argon2id hash', async () => {
    const rows = await ctx.database.db.select().from(users);
    expect(rows.map((r) => r.externalId).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.externalId).sort());
    const byCode = new Map(rows.map((r) => [r.externalId, r]));
    const manager = byCode.get('manager01')!;
    expect(manager).toMatchObject({ name: 'Cheung Wai Kit', role: 'manager', managerId: 'M0001' });
    for (const code of ['agent01', 'agent02', 'agent03', 'recruit01']) expect(byCode.get(code)!.uplineId).toBe(manager.id);
    expect(byCode.get('recruit01')!.role).toBe('recruit');
    expect(byCode.get('agent2fa')).toMatchObject({ twoFactorEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXP' });
    // The new joiners must change the password, then meet the welcome (ADR 102); everyone else was welcomed.
    for (const code of ['newjoiner01', 'newjoiner02', 'newjoiner03', 'newjoiner04', 'newjoiner05']) expect(byCode.get(code), code).toMatchObject({ passwordReset: false, welcomedAt: null });
    expect(rows.filter((r) => r.welcomedAt === null).map((r) => r.externalId).sort()).toEqual(['newjoiner01', 'newjoiner02', 'newjoiner03', 'newjoiner04', 'newjoiner05']);
    expect(byCode.get('auditor01')).toMatchObject({ role: 'auditor', name: 'Yip Sze Wan', uplineId: null, managerId: null });
    expect(byCode.get('trainer01')).toMatchObject({ role: 'trainer', uplineId: null, managerId: null });
    // Only agent2fa starts with two-factor on.
    expect(rows.filter((r) => r.twoFactorEnabled).map((r) => r.externalId)).toEqual(['agent2fa']);
    for (const r of rows) {
      expect(r.email).toBe(`${r.externalId}@agent-academy.test`);
      expect(r.passwordHash).toMatch(/^\$argon2id\$/);
    }
  });

  it('gives agent01 three unread notifications and one read, each about something the demo has', async () => {
    const [agent01] = await ctx.database.db.select().from(users).where(eq(users.externalId, 'agent01'));
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, agent01.id));
    const unread = rows.filter((n) => n.readAt === null);
    expect(unread).toHaveLength(3);
    expect(new Set(rows.map((n) => n.kind))).toEqual(new Set(['recommendation', 'system_notice', 'enrolment_decision']));
    expect(rows.filter((n) => n.readAt !== null)).toHaveLength(1);
    for (const n of rows.filter((r) => r.kind === 'recommendation')) expect(n.courseId).not.toBeNull();
    expect(rows.find((n) => n.kind === 'enrolment_decision')?.offlineCourseId).not.toBeNull();
    expect(rows.find((n) => n.kind === 'recommendation')?.sender).toBe('Administrator');
  });

  it('keeps the message keys of every demo notification, so each reads in the reader’s language', async () => {
    const [agent01] = await ctx.database.db.select().from(users).where(eq(users.externalId, 'agent01'));
    const rows = await ctx.database.db
      .select({ n: notifications, m: notificationMessages })
      .from(notifications)
      .leftJoin(notificationMessages, eq(notificationMessages.notificationId, notifications.id))
      .where(eq(notifications.userId, agent01.id));
    expect(rows).toHaveLength(4);
    for (const { n, m } of rows) {
      expect(m, n.title).not.toBeNull();
      // The stored title and body are the English of the keys; the keys are real catalogue keys.
      expect(renderNotification(m!, 'en')).toEqual({ title: n.title, body: n.body });
      expect([m!.titleKey, m!.bodyKey].every(isMessageKey)).toBe(true);
      for (const lang of ['zh', 'cn'] as const) {
        const text = renderNotification(m!, lang);
        expect(text.title).not.toBe(n.title);
        expect(`${text.title} ${text.body}`).not.toMatch(/\{\{|\[object/);
      }
    }
    const recommendation = rows.find(({ n }) => n.title.includes('Financial Needs Analysis'))!;
    expect(recommendation.n.title).toBe('Recommended course: Financial Needs Analysis');
    expect(renderNotification(recommendation.m!, 'zh').title).toBe('推薦課程：財務需要分析');
    // The course's own name (demo-courses.ts): one name per place.
    expect(renderNotification(recommendation.m!, 'cn').title).toBe('推荐课程：财务需要分析');
  });

  it('does nothing on a database that has users', async () => {
    expect(await seedIfEmpty(ctx.database.db)).toBe(false);
    expect(await ctx.database.db.$count(users)).toBe(DEMO_ACCOUNTS.length);
  });

  it('keeps one generated JWT secret, or uses the configured one', async () => {
    const first = await resolveSecret(ctx.database.db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSecret(ctx.database.db)).toBe(first);
    expect(await resolveSecret(ctx.database.db, 'c'.repeat(40))).toBe('c'.repeat(40));
  });
});
