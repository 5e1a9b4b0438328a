import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationListResponseSchema, notificationsReadResponseSchema } from '../../src/api/schemas/notifications.schema';
import { HEADER } from '../../src/config/constants';
import { notifications, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { signIn, type Learner } from '../testing/content-factory';

// Every test gets its own copy of the demo database: agent01 has 3 unread notifications (two
// recommendations from the Administrator 1 and 2 days ago, a maintenance notice 3 days ago) and
// the manager's decision on a classroom enrolment 10 days ago, already read. A Learner keeps the XSRF
// cookie of its own session, so two users can write in any order; `anonymous` sends no token.

let ctx: TestContext;
let agent01: Learner;
const anonymous: Learner = { token: '', request: (path, init) => ctx.request(path, init) };
beforeEach(async () => {
  ctx = await createTestContext();
  agent01 = await signIn(ctx, 'agent01');
});
afterEach(() => ctx?.close());

const languageHeader = (lang?: string): Record<string, string> => (lang ? { [HEADER.language]: lang } : {});

async function list(who: Learner, query = '', lang?: string) {
  const res = await who.request(`/api/notifications${query}`, { headers: languageHeader(lang) });
  expect(res.status).toBe(200);
  return notificationListResponseSchema.parse(await res.json());
}

const markRead = (who: Learner, id: string, lang?: string) => who.request(`/api/notifications/${id}/read`, { method: 'POST', headers: languageHeader(lang) });
const markAllRead = (who: Learner) => who.request('/api/notifications/read', { method: 'POST' });

async function unreadOfCurrentUser(who: Learner): Promise<number> {
  const res = await who.request('/api/users/current');
  expect(res.status).toBe(200);
  return ((await res.json()) as { unread_notifications_count: number }).unread_notifications_count;
}

async function readCount(res: Response): Promise<number> {
  expect(res.status).toBe(200);
  return notificationsReadResponseSchema.parse(await res.json()).unread_notifications_count;
}

describe('GET /api/notifications', () => {
  it('lists agent01’s notifications newest first, with kinds, senders and read flags', async () => {
    const page = await list(agent01);
    expect(page).toMatchObject({ page: 1, per_page: 12, total: 4 });
    expect(page.data.map((n) => [n.kind, n.sender, n.read])).toEqual([
      ['recommendation', 'Administrator', false],
      ['recommendation', 'Administrator', false],
      ['system_notice', null, false],
      ['enrolment_decision', null, true],
    ]);
    expect(page.data[0]).toMatchObject({ title: 'Recommended course: Financial Needs Analysis', body: 'Administrator recommends the course "Financial Needs Analysis" to you.' });
    const times = page.data.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.data.every((n) => new Date(n.created_at).toISOString() === n.created_at)).toBe(true);
  });

  // Issue 43 item 22: each notification leads to what it is about, and the demo tells of nothing
  // that does not exist (no assignments, no submissions).
  it('links a recommendation to its course and a decision to its classroom course, both of which open', async () => {
    const page = await list(agent01);
    expect(page.data.map((n) => n.kind)).not.toContain('assignment_due_date');
    expect(page.data.map((n) => n.kind)).not.toContain('marking_done');
    const [recommendation] = page.data;
    expect(recommendation.about).toMatchObject({ type: 'course' });
    const course = await agent01.request(`/api/courses/${recommendation.about!.id}`);
    expect(course.status).toBe(200);
    expect(((await course.json()) as { title: string }).title).toBe('Financial Needs Analysis');
    const decision = page.data.find((n) => n.kind === 'enrolment_decision')!;
    expect(decision.about).toMatchObject({ type: 'offline_course' });
    const classroom = await agent01.request(`/api/offline_courses/${decision.about!.id}`);
    expect(classroom.status).toBe(200);
    const body = (await classroom.json()) as { title: string; my_enrolment: { status: string } | null };
    expect(body.title).toBe('Compliance Refresher 2026');
    expect(body.my_enrolment?.status).toBe('confirmed');
    expect(page.data.find((n) => n.kind === 'system_notice')!.about).toBeNull();
  });

  it('a manager’s decision writes an enrolment_decision linked to the classroom course', async () => {
    const manager = await signIn(ctx, 'manager01', 'Manager2026');
    const pending = await manager.request('/api/management/enrolments?list=pending');
    expect(pending.status).toBe(200);
    const [first] = ((await pending.json()) as { data: { id: string; user_external_id?: string; course_id?: string }[] }).data;
    const decided = await manager.request(`/api/management/enrolments/${first.id}/approve`, { method: 'POST' });
    expect(decided.status).toBe(200);
    const [agentId] = await ctx.database.db.select({ id: notifications.userId, kind: notifications.kind, offline: notifications.offlineCourseId }).from(notifications).orderBy(desc(notifications.id)).limit(1);
    expect(agentId.kind).toBe('enrolment_decision');
    expect(agentId.offline).not.toBeNull();
  });

  it('filters the unread ones and pages', async () => {
    const unread = await list(agent01, '?filter=unread');
    expect(unread.total).toBe(3);
    expect(unread.data.every((n) => !n.read)).toBe(true);
    expect((await list(agent01, '?filter=all')).total).toBe(4);
    const all = await list(agent01);
    const second = await list(agent01, '?per_page=2&page=2');
    expect(second).toMatchObject({ page: 2, per_page: 2, total: 4 });
    expect(second.data.map((n) => n.id)).toEqual(all.data.slice(2).map((n) => n.id));
    expect((await list(agent01, '?per_page=2&page=3')).data).toEqual([]);
  });

  it('answers in the request’s language from the stored message keys', async () => {
    const zh = await list(agent01, '', 'zh-HK');
    expect(zh.data[0]).toMatchObject({ title: '推薦課程：財務需要分析', body: '管理員向您推薦課程「財務需要分析」。', sender: 'Administrator' });
    expect((await list(agent01, '', 'zh-CN')).data[0].title).toBe('推荐课程：财务需要分析');
  });

  it('falls back to the stored title and body of a notification without message keys', async () => {
    const [owner] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent01'));
    await ctx.database.db.insert(notifications).values({ userId: owner.id, kind: 'reply', sender: 'Wong Siu Ming', title: 'A reply', body: 'Someone replied.', createdAt: new Date(ctx.clock.now()) });
    const first = (await list(agent01, '', 'zh-HK')).data[0];
    expect(first).toMatchObject({ kind: 'reply', sender: 'Wong Siu Ming', title: 'A reply', body: 'Someone replied.', read: false });
  });

  it('shows nobody else’s notifications', async () => {
    const agent02 = await signIn(ctx, 'agent02');
    expect(await list(agent02)).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a bad filter with a translated message (400) and a caller without a token (401)', async () => {
    const res = await agent01.request('/api/notifications?filter=bogus');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status_code: 400, message: 'Choose all or unread.' });
    const zh = await agent01.request('/api/notifications?filter=bogus', { headers: languageHeader('zh-HK') });
    expect((await zh.json()).message).toBe('請選擇全部或未讀。');
    expect((await agent01.request('/api/notifications?per_page=0')).status).toBe(400);
    expect((await anonymous.request('/api/notifications')).status).toBe(401);
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks one read at the server’s time and answers the unread count; again changes nothing', async () => {
    const target = (await list(agent01)).data[1];
    ctx.clock.advance(60_000);
    expect(await readCount(await markRead(agent01, target.id))).toBe(2);
    expect(await unreadOfCurrentUser(agent01)).toBe(2);
    const after = await list(agent01);
    expect(after.data.find((n) => n.id === target.id)?.read).toBe(true);
    expect(after.data.filter((n) => !n.read)).toHaveLength(2);
    const readAt = async () => (await ctx.database.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, Number(target.id))))[0].readAt;
    expect((await readAt())?.getTime()).toBe(ctx.clock.now());

    const firstReadAt = ctx.clock.now();
    ctx.clock.advance(60_000);
    expect(await readCount(await markRead(agent01, target.id))).toBe(2);
    expect(await unreadOfCurrentUser(agent01)).toBe(2);
    expect((await readAt())?.getTime()).toBe(firstReadAt);
  });

  it('answers 200 for an already read one without changing the count', async () => {
    const read = (await list(agent01)).data.find((n) => n.read)!;
    expect(await readCount(await markRead(agent01, read.id))).toBe(3);
    expect(await unreadOfCurrentUser(agent01)).toBe(3);
  });

  it('refuses another user’s notification or a missing one (404, translated) and changes nothing', async () => {
    const target = (await list(agent01)).data[0];
    const agent02 = await signIn(ctx, 'agent02');
    const res = await markRead(agent02, target.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status_code: 404, message: 'This notification does not exist.' });
    expect((await (await markRead(agent02, target.id, 'zh-HK')).json()).message).toBe('此通知不存在。');
    expect(await unreadOfCurrentUser(agent01)).toBe(3);
    expect((await list(agent01)).data[0]).toMatchObject({ id: target.id, read: false });
    expect(await unreadOfCurrentUser(agent02)).toBe(0);

    expect((await markRead(agent01, '999999999')).status).toBe(404);
  });

  it('refuses a non-numeric id (400) and a caller without a token (401)', async () => {
    const target = (await list(agent01)).data[0];
    expect((await markRead(agent01, 'abc')).status).toBe(400);
    expect((await markRead(anonymous, target.id)).status).toBe(401);
    expect(await unreadOfCurrentUser(agent01)).toBe(3);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks all the caller’s notifications read and answers 0', async () => {
    expect(await readCount(await markAllRead(agent01))).toBe(0);
    expect(await unreadOfCurrentUser(agent01)).toBe(0);
    expect(await list(agent01, '?filter=unread')).toMatchObject({ data: [], total: 0 });
    const all = await list(agent01);
    expect(all.total).toBe(4);
    expect(all.data.every((n) => n.read)).toBe(true);
    // Again: nothing left to mark.
    expect(await readCount(await markAllRead(agent01))).toBe(0);
  });

  it('leaves other users’ notifications alone', async () => {
    const agent02 = await signIn(ctx, 'agent02');
    expect(await readCount(await markAllRead(agent02))).toBe(0);
    expect(await unreadOfCurrentUser(agent01)).toBe(3);
  });

  it('refuses a caller without a token (401)', async () => {
    expect((await markAllRead(anonymous)).status).toBe(401);
    expect(await unreadOfCurrentUser(agent01)).toBe(3);
  });
});
