import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourseDetailSchema } from '../../src/api/schemas/offline-courses.schema';
import { offlineSessionCodesSchema } from '../../src/api/schemas/offline-trainer.schema';
import { WRONG_CODE_TRIES } from '../domain/offline-enrolments';
import { createContentTestContext, signIn, type ContentTestContext, type Learner } from '../testing/content-factory';
import { createOfflineCourse, liveCode } from '../testing/offline-factory';

// Issue 43 item 1: check-in and check-out codes cannot be guessed. Wrong codes are counted per
// learner and session like passwords (429 with Retry-After after a few), without slowing another
// learner of the same session (a classroom shares one address) and without refusing the right code
// within the limit; the codes change every minute (the previous minute's is still good) and the
// trainer's "New codes" voids every earlier one at once.

let ctx: ContentTestContext;
let trainer: Learner;
const MINUTE = 60_000;

/** A course with one session whose window is open now, `learners` confirmed in it; answers the session id. */
async function openSession(title: string, learners: Learner[]): Promise<string> {
  const now = ctx.clock.now();
  const id = await createOfflineCourse(ctx.database.db, { title, now: new Date(now), needsApproval: false, sessionStart: new Date(now + 10 * MINUTE) });
  for (const who of learners) expect((await who.request(`/api/offline_courses/${id}/enrolments`, { method: 'POST', json: { terms_accepted: true } })).status).toBe(200);
  return offlineCourseDetailSchema.parse(await (await learners[0].request(`/api/offline_courses/${id}`)).json()).sessions[0].id;
}
const post = (who: Learner, sid: string, which: 'check_in' | 'check_out', code: string) => who.request(`/api/offline_sessions/${sid}/${which}`, { method: 'POST', json: { code } });
const code = (sid: string, kind: 'in' | 'out') => liveCode(ctx.database.db, sid, kind, ctx.clock.now());
const shown = async (sid: string) => offlineSessionCodesSchema.parse(await (await trainer.request(`/api/offline_sessions/${sid}/codes`)).json());

beforeAll(async () => {
  ctx = await createContentTestContext();
  trainer = await signIn(ctx, 'trainer01', 'Trainer2026');
});
afterAll(() => ctx?.close());

describe('guessing check-in codes', () => {
  it('answers 429 with Retry-After after a few wrong codes, long before the code space is covered; no guess gets in', async () => {
    const agent = await signIn(ctx, 'agent01');
    const sid = await openSession('Guessing', [agent]);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // The attack: sequential guesses as fast as the server answers.
    for (let i = 0; i < 40; i++) {
      const res = await post(agent, sid, 'check_in', `MPF${String(i).padStart(3, '0')}`);
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter ??= res.headers.get('Retry-After');
        expect(await res.json()).toMatchObject({ status_code: 429, code: 'RateLimited' });
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(WRONG_CODE_TRIES);
    expect(statuses.slice(WRONG_CODE_TRIES).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // While the slow-down runs even the right code waits (a refused try tells nothing about the code).
    expect((await post(agent, sid, 'check_in', await code(sid, 'in'))).status).toBe(429);
  });

  it('counts parallel guesses too: 30 at once get at most the limit of answers', async () => {
    const agent = await signIn(ctx, 'agent02');
    const sid = await openSession('Parallel guessing', [agent]);
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => post(agent, sid, 'check_out', `ZZ${String(i).padStart(4, '0')}`)));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(WRONG_CODE_TRIES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - WRONG_CODE_TRIES);
  });

  it('accepts the right code after a few typos within the limit, and one learner’s guesses never slow another', async () => {
    const typist = await signIn(ctx, 'agent03');
    const guesser = await signIn(ctx, 'recruit01', 'Recruit2026');
    const sid = await openSession('Typos', [typist, guesser]);
    for (let i = 0; i < 20; i++) await post(guesser, sid, 'check_in', `AAAA${String(i).padStart(2, '0')}`);
    expect((await post(guesser, sid, 'check_in', 'AAAA99')).status).toBe(429);
    for (let i = 0; i < WRONG_CODE_TRIES - 1; i++) expect((await post(typist, sid, 'check_in', 'WRONG1')).status).toBe(400);
    // Typed as a person would: lower case, with a space.
    const right = await code(sid, 'in');
    expect((await post(typist, sid, 'check_in', `${right.slice(0, 3).toLowerCase()} ${right.slice(3)}`)).status).toBe(200);
    // The success forgot the typos: the check-out has the whole allowance again.
    for (let i = 0; i < WRONG_CODE_TRIES - 1; i++) expect((await post(typist, sid, 'check_out', 'WRONG2')).status).toBe(400);
    expect((await post(typist, sid, 'check_out', await code(sid, 'out'))).status).toBe(200);
  });
});

describe('codes that change and rotate', () => {
  it("accepts the code of this minute and the last one, not older; a replay by the same learner is 409", async () => {
    const a = await signIn(ctx, 'agent01');
    const b = await signIn(ctx, 'agent02');
    const sid = await openSession('Minutes', [a, b]);
    const old = await code(sid, 'in');
    expect((await shown(sid)).check_in_code).toBe(old);
    ctx.clock.advance(MINUTE);
    // Typed across the minute: still good.
    expect((await post(a, sid, 'check_in', old)).status).toBe(200);
    expect((await post(a, sid, 'check_in', old)).status).toBe(409);
    ctx.clock.advance(MINUTE);
    // Two minutes on, a code passed on from the room is void.
    expect((await post(b, sid, 'check_in', old)).status).toBe(400);
    expect((await post(b, sid, 'check_in', await code(sid, 'in'))).status).toBe(200);
  });

  it('"New codes" voids the old codes at once, the new ones work', async () => {
    const a = await signIn(ctx, 'agent03');
    const b = await signIn(ctx, 'recruit01', 'Recruit2026');
    const sid = await openSession('Rotation', [a, b]);
    const before = await shown(sid);
    const res = await trainer.request(`/api/offline_sessions/${sid}/codes/rotate`, { method: 'POST' });
    expect(res.status).toBe(200);
    const after = offlineSessionCodesSchema.parse(await res.json());
    expect((await post(a, sid, 'check_in', before.check_in_code)).status).toBe(400);
    expect((await post(a, sid, 'check_in', after.check_in_code)).status).toBe(200);
    expect((await post(a, sid, 'check_out', before.check_out_code)).status).toBe(400);
    expect((await post(a, sid, 'check_out', after.check_out_code)).status).toBe(200);
    expect((await post(b, sid, 'check_in', after.check_in_code)).status).toBe(200);
  });
});
