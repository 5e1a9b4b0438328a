import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineSessionCodesSchema } from '../../src/api/schemas/offline-trainer.schema';
import { HEADER } from '../../src/config/constants';
import { hashPassword } from '../auth/password';
import { offlineSessions, users } from '../db/schema';
import { createContentTestContext, signIn, type ContentTestContext, type Learner } from '../testing/content-factory';
import { createOfflineCourse, liveCode } from '../testing/offline-factory';
import { createTestContext } from '../test-support';

// Issue 14, 43 (ADR 077): the trainer's screen reads a session's check-in and check-out codes; only
// the session's own trainer may (read or rotate): not another trainer, not a manager (with or
// without downlines in the course), not a learner, not an auditor. An unknown session is 404.

let ctx: ContentTestContext;
let sessionId: number;
let otherSessionId: number;

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const now = new Date(ctx.clock.now());
  const courseId = await createOfflineCourse(db, { title: 'Briefing', now });
  [{ id: sessionId }] = await db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.courseId, courseId));
  // A second manager (no downline in the course) and a second trainer who runs another session.
  const hash = await hashPassword('Manager2026');
  await db.insert(users).values([
    { externalId: 'manager02', name: 'Second Manager', email: 'manager02@agent-academy.test', passwordHash: hash, role: 'manager', managerId: 'M0002' },
    { externalId: 'trainer02', name: 'Second Trainer', email: 'trainer02@agent-academy.test', passwordHash: hash, role: 'trainer' },
  ]);
  const other = await createOfflineCourse(db, { title: 'Other', now, trainer: 'trainer02' });
  [{ id: otherSessionId }] = await db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.courseId, other));
});
afterAll(() => ctx?.close());

const codes = (who: Learner, id: number | string, lang?: string) => who.request(`/api/offline_sessions/${id}/codes`, { headers: lang ? { [HEADER.language]: lang } : {} });
const rotate = (who: Learner, id: number | string) => who.request(`/api/offline_sessions/${id}/codes/rotate`, { method: 'POST' });

describe('GET /api/offline_sessions/:id/codes', () => {
  it("the session's trainer reads both codes with the session, its course and when they change", async () => {
    const res = await codes(await signIn(ctx, 'trainer01', 'Trainer2026'), sessionId);
    expect(res.status).toBe(200);
    const body = offlineSessionCodesSchema.parse(await res.json());
    expect(body).toMatchObject({
      session_id: String(sessionId),
      session_title: 'Briefing session 1',
      course_title: 'Briefing',
      venue: 'Training Room A',
      check_in_code: await liveCode(ctx.database.db, sessionId, 'in', ctx.clock.now()),
      check_out_code: await liveCode(ctx.database.db, sessionId, 'out', ctx.clock.now()),
    });
    expect(body.check_in_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(body.check_in_code).not.toBe(body.check_out_code);
    expect(body.changes_in_ms).toBe(60_000 - (ctx.clock.now() % 60_000));
    expect(JSON.stringify(body)).not.toMatch(/secret/i);
  });

  it('the codes change with the minute', async () => {
    const trainer = await signIn(ctx, 'trainer01', 'Trainer2026');
    const first = offlineSessionCodesSchema.parse(await (await codes(trainer, sessionId)).json());
    ctx.clock.advance(first.changes_in_ms);
    const next = offlineSessionCodesSchema.parse(await (await codes(trainer, sessionId)).json());
    expect(next.check_in_code).not.toBe(first.check_in_code);
    expect(next.changes_in_ms).toBe(60_000);
  });

  it.each([
    ['manager02', 'Manager2026', 'a second manager with no downline in the course'],
    ['manager01', 'Manager2026', 'the upline of the learners'],
    ['trainer02', 'Manager2026', 'a trainer of another session'],
    ['agent01', 'Learner2026', 'a learner'],
    ['recruit01', 'Recruit2026', 'a recruit'],
    ['auditor01', 'Auditor2026', 'an auditor'],
  ])('%s (%s) is refused (403 Forbidden), translated, without the codes, and cannot rotate them', async (code, password) => {
    const who = await signIn(ctx, code, password);
    const res = await codes(who, sessionId, 'zh-HK');
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).not.toContain(await liveCode(ctx.database.db, sessionId, 'in', ctx.clock.now()));
    expect(text).not.toContain(await liveCode(ctx.database.db, sessionId, 'out', ctx.clock.now()));
    expect(JSON.parse(text)).toMatchObject({ status_code: 403, code: 'Forbidden', message: '只有此課節的導師可以查看其代碼。' });
    const [before] = await ctx.database.db.select({ secret: offlineSessions.codeSecret }).from(offlineSessions).where(eq(offlineSessions.id, sessionId));
    expect((await rotate(who, sessionId)).status).toBe(403);
    const [after] = await ctx.database.db.select({ secret: offlineSessions.codeSecret }).from(offlineSessions).where(eq(offlineSessions.id, sessionId));
    expect(after.secret).toBe(before.secret);
  });

  it("a trainer reads only the sessions they run: trainer01 is refused trainer02's", async () => {
    expect((await codes(await signIn(ctx, 'trainer01', 'Trainer2026'), otherSessionId)).status).toBe(403);
    expect((await codes(await signIn(ctx, 'trainer02', 'Manager2026'), otherSessionId)).status).toBe(200);
  });

  it('answers 404 for an unknown session, 400 for a bad id, 401 signed out', async () => {
    const trainer = await signIn(ctx, 'trainer01', 'Trainer2026');
    expect((await codes(trainer, 999_999)).status).toBe(404);
    expect((await rotate(trainer, 999_999)).status).toBe(404);
    expect((await codes(trainer, 'abc')).status).toBe(400);
    expect((await ctx.request(`/api/offline_sessions/${sessionId}/codes`)).status).toBe(401);
  });

  it('answers 404 with the offlineCourse flag off', async () => {
    const off = await createTestContext({ config: { offlineCourse: false } });
    try {
      const trainer = await signIn(off, 'trainer01', 'Trainer2026');
      expect((await codes(trainer, sessionId)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/offline_sessions/:id/codes/rotate', () => {
  it('gives the session new codes; the old ones are no longer shown', async () => {
    const trainer = await signIn(ctx, 'trainer01', 'Trainer2026');
    const before = offlineSessionCodesSchema.parse(await (await codes(trainer, sessionId)).json());
    const res = await rotate(trainer, sessionId);
    expect(res.status).toBe(200);
    const rotated = offlineSessionCodesSchema.parse(await res.json());
    expect(rotated.check_in_code).not.toBe(before.check_in_code);
    expect(rotated.check_out_code).not.toBe(before.check_out_code);
    expect(offlineSessionCodesSchema.parse(await (await codes(trainer, sessionId)).json()).check_in_code).toBe(rotated.check_in_code);
  });

  it('needs the XSRF token (a write)', async () => {
    const token = await ctx.login('trainer01', 'Trainer2026');
    expect((await ctx.request(`/api/offline_sessions/${sessionId}/codes/rotate`, { method: 'POST', token, xsrf: false })).status).toBe(403);
  });
});
