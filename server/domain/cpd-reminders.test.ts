import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpdRemindersSent, cpdSettings, mailOutbox, notificationMessages, notifications, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { remindersDue, runCpdReminders } from './cpd-reminders';
import { GL24_PERIOD } from './cpd-period';

// Issue 45, ADR 087: the reminders at 60 / 30 / 14 / 7 / 1 days before 31 July (Hong Kong dates,
// from cpd_settings), once per person and mark however often and however many processes run it.
// On the demo data (period 2026: agent01 short by 4 h, agent03 at risk, agent02 compliant).

const SETTINGS = { reminderDays: [60, 30, 14, 7, 1], uplineWeeklyFromDays: 60 };
/** The instant of a Hong Kong wall time. */
const hk = (local: string) => new Date(Date.parse(`${local}Z`) - 8 * 3_600_000);

describe('remindersDue', () => {
  it.each([
    ['2027-05-31T23:59:59', 61, null, null],
    ['2027-06-01T00:00:00', 60, 60, 0],
    ['2027-06-02T00:00:00', 59, 60, 0],
    ['2027-06-08T00:00:00', 53, 60, 1],
    ['2027-07-01T09:00:00', 30, 30, 4],
    ['2027-07-30T12:00:00', 1, 1, 8],
    ['2027-07-31T23:59:59', 0, 1, 8],
    ['2027-08-01T00:00:00', 365, null, null],
  ])('at %s HK: %i days before, agent mark %s, upline week %s', (local, days, mark, week) => {
    expect(remindersDue(hk(local), SETTINGS, GL24_PERIOD)).toMatchObject({ daysBefore: days, agentMark: mark, uplineWeek: week });
  });
});

let ctx: TestContext;
const id: Record<string, number> = {};
const sent = () => ctx.database.db.select().from(cpdRemindersSent).orderBy(cpdRemindersSent.id);
const mailTo = async (code: string) => {
  const [u] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, id[code]));
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
};
const run = (at: Date) => runCpdReminders(ctx.database.db, ctx.services.mailer, at);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of await ctx.database.db.select({ id: users.id, code: users.externalId }).from(users)) id[u.code] = u.id;
}, 120_000);
beforeEach(async () => {
  await ctx.database.db.delete(cpdRemindersSent);
  await ctx.database.db.delete(mailOutbox);
});
afterAll(() => ctx?.close());

describe('runCpdReminders', () => {
  it('sends nothing at 61 days; at 60 each short licensee once, with the hours and the courses; at 59 nothing new', async () => {
    expect(await run(hk('2027-05-31T23:59:59'))).toEqual({ agents: 0, uplines: 0 });
    expect(await sent()).toEqual([]);
    const at = hk('2027-06-01T00:00:00');
    const first = await run(at);
    expect(first.agents).toBeGreaterThanOrEqual(2);
    const rows = await sent();
    const agent01 = rows.find((r) => r.userId === id.agent01 && r.kind === 'agent_days');
    expect(agent01).toMatchObject({ periodStartYear: 2026, mark: 60, neededMinutes: 240, neededEthicsMinutes: 0, sentAt: at });
    expect(rows.find((r) => r.userId === id.agent03 && r.kind === 'agent_days')).toBeDefined();
    expect(rows.find((r) => r.userId === id.agent02)).toBeUndefined(); // compliant
    const [mail] = await mailTo('agent01');
    expect(mail.subject).toBe('CPD: hours still needed before the period ends');
    expect(mail.text).toContain('You still need 4.00 CPD hours, of which 0.00 on Ethics or Regulations.');
    expect(mail.text).toContain('in 60 days');
    const note = await ctx.database.db
      .select({ titleKey: notificationMessages.titleKey, params: notificationMessages.params, createdAt: notifications.createdAt })
      .from(notifications)
      .innerJoin(notificationMessages, eq(notificationMessages.notificationId, notifications.id))
      .where(and(eq(notifications.userId, id.agent01), eq(notificationMessages.titleKey, 'server:cpd_reminder_title')));
    expect(note.at(-1)).toMatchObject({ params: { hours: '4.00', ethicsHours: '0.00', count: 60 }, createdAt: at });
    // The upline's first weekly list: manager01's team still short.
    const upline = rows.find((r) => r.userId === id.manager01 && r.kind === 'upline_week');
    expect(upline).toMatchObject({ mark: 0 });
    const [list] = (await mailTo('manager01')).filter((m) => m.subject === 'CPD: your team members still short of the target');
    expect(list.text).toContain('Chan Tai Man (4.00 / 0.00)');

    expect(await run(hk('2027-06-01T23:00:00'))).toEqual({ agents: 0, uplines: 0 }); // run twice the same day
    expect(await run(hk('2027-06-02T00:00:00'))).toEqual({ agents: 0, uplines: 0 }); // 59 days
    expect((await mailTo('agent01')).length).toBe(1);
  });

  it('a run that missed the day (server down) sends the latest mark passed, once; the next week the upline again', async () => {
    await run(hk('2027-06-03T10:00:00'));
    expect((await sent()).filter((r) => r.userId === id.agent01).map((r) => [r.kind, r.mark])).toEqual([['agent_days', 60]]);
    await run(hk('2027-06-08T10:00:00'));
    const marks = (await sent()).filter((r) => r.userId === id.manager01 && r.kind === 'upline_week').map((r) => r.mark);
    expect(marks).toEqual([0, 1]);
    expect((await mailTo('agent01')).length).toBe(1);
  });

  it('two runs at once (several processes on one database) send each reminder once', async () => {
    const at = hk('2027-07-01T08:00:00');
    const [a, b] = await Promise.all([run(at), run(at)]);
    expect(a.agents + b.agents).toBe((await sent()).filter((r) => r.kind === 'agent_days').length);
    expect((await mailTo('agent01')).length).toBe(1);
    const keys = (await sent()).map((r) => `${r.userId}:${r.kind}:${r.mark}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes each mail in the language its reader last used the app in (ADR 092), English when unknown', async () => {
    await ctx.database.db.update(users).set({ language: 'zh' }).where(eq(users.id, id.agent01));
    await ctx.database.db.update(users).set({ language: 'cn' }).where(eq(users.id, id.manager01));
    try {
      await run(hk('2027-06-01T00:00:00'));
      expect((await mailTo('agent01')).map((m) => m.subject)).toEqual(['CPD：評核期結束前尚需的時數']);
      expect((await mailTo('agent01'))[0].text).toContain('您尚需 4.00 個 CPD 小時');
      expect((await mailTo('manager01')).map((m) => m.subject)).toContain('CPD：团队中尚未达标的成员');
      expect((await mailTo('agent03')).map((m) => m.subject)).toEqual(['CPD: hours still needed before the period ends']);
    } finally {
      await ctx.database.db.update(users).set({ language: null }).where(inArray(users.id, [id.agent01, id.manager01]));
    }
  });

  it('reads the reminder days from cpd_settings', async () => {
    await ctx.database.db.update(cpdSettings).set({ reminderDays: [45], uplineWeeklyFromDays: 0 }).where(eq(cpdSettings.id, 1));
    try {
      expect((await run(hk('2027-06-01T00:00:00'))).agents).toBe(0); // 60 is no longer a reminder day
      expect((await run(hk('2027-06-16T00:00:00'))).agents).toBeGreaterThan(0); // 45 is
      expect(new Set((await sent()).map((r) => r.mark))).toEqual(new Set([45]));
    } finally {
      await ctx.database.db.update(cpdSettings).set(SETTINGS).where(eq(cpdSettings.id, 1));
    }
  });
});
