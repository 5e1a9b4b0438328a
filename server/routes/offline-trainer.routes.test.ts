import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineSessionCodesSchema } from '../../src/api/schemas/offline-trainer.schema';
import { HEADER } from '../../src/config/constants';
import { offlineSessions } from '../db/schema';
import { createContentTestContext, signIn, type ContentTestContext } from '../testing/content-factory';
import { createOfflineCourse } from '../testing/offline-factory';
import { createTestContext } from '../test-support';
import { eq } from 'drizzle-orm';

// Issue 14: the trainer's screen reads a session's check-in and check-out codes; trainers and
// managers may, learners (agents, recruits) and auditors may not; an unknown session is 404.

let ctx: ContentTestContext;
let sessionId: number;

beforeAll(async () => {
  ctx = await createContentTestContext();
  const courseId = await createOfflineCourse(ctx.database.db, { title: 'Briefing', now: new Date(ctx.clock.now()) });
  [{ id: sessionId }] = await ctx.database.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.courseId, courseId));
});
afterAll(() => ctx?.close());

const codes = (token: Awaited<ReturnType<typeof signIn>>, id: number | string, lang?: string) =>
  token.request(`/api/offline_sessions/${id}/codes`, { headers: lang ? { [HEADER.language]: lang } : {} });

describe('GET /api/offline_sessions/:id/codes', () => {
  it.each([
    ['trainer01', 'Trainer2026'],
    ['manager01', 'Manager2026'],
  ])('%s reads both codes with the session and its course', async (code, password) => {
    const res = await codes(await signIn(ctx, code, password), sessionId);
    expect(res.status).toBe(200);
    expect(offlineSessionCodesSchema.parse(await res.json())).toMatchObject({
      session_id: String(sessionId),
      session_title: 'Briefing session 1',
      course_title: 'Briefing',
      venue: 'Training Room A',
      check_in_code: 'IN1234',
      check_out_code: 'OUT5678',
    });
  });

  it.each([
    ['agent01', 'Learner2026'],
    ['recruit01', 'Recruit2026'],
    ['auditor01', 'Auditor2026'],
  ])('%s is refused (403), translated, without the codes', async (code, password) => {
    const res = await codes(await signIn(ctx, code, password), sessionId, 'zh-HK');
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).not.toContain('IN1234');
    expect(JSON.parse(body).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers 404 for an unknown session, 400 for a bad id, 401 signed out', async () => {
    const trainer = await signIn(ctx, 'trainer01', 'Trainer2026');
    expect((await codes(trainer, 999_999)).status).toBe(404);
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
