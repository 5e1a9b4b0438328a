import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourseDetailSchema, offlineCourseListResponseSchema, type OfflineCourseCard } from '../../src/api/schemas/offline-courses.schema';
import { createTestContext, type TestContext } from '../test-support';
import { signIn, type Learner } from '../testing/content-factory';

// Issue 43 item 15: on the demo's classroom courses the list's card and the course page agree on
// every card field (one rule computes seats, availability and the dates for both): the full
// "Ethics Case Workshop" reads full in the list, and the Full filter lists exactly the full ones.

let ctx: TestContext;
let who: Learner[];
beforeAll(async () => {
  ctx = await createTestContext();
  who = [await signIn(ctx, 'agent01'), await signIn(ctx, 'manager01', 'Manager2026')];
});
afterAll(() => ctx?.close());

const CARD_FIELDS: (keyof OfflineCourseCard)[] = ['starts_at', 'ends_at', 'quota', 'remaining_quota', 'availability', 'my_status', 'enrol_deadline', 'needs_approval'];
const pick = (c: OfflineCourseCard) => Object.fromEntries(CARD_FIELDS.map((k) => [k, c[k]]));
const list = async (learner: Learner, query = '') =>
  offlineCourseListResponseSchema.parse(await (await learner.request(`/api/offline_courses?per_page=50${query}`)).json()).data;

describe('GET /api/offline_courses against GET /api/offline_courses/:id (demo data)', () => {
  it('answers the same seats, availability and dates on every card as on its course page', async () => {
    for (const learner of who) {
      const cards = await list(learner);
      expect(cards.length).toBeGreaterThanOrEqual(4);
      for (const card of cards) {
        const detail = offlineCourseDetailSchema.parse(await (await learner.request(`/api/offline_courses/${card.id}`)).json());
        expect(pick(card), card.title).toEqual(pick(detail));
        expect(card.starts_at).toBe(detail.sessions[0]?.starts_at ?? null);
      }
      // Not one start date and one seat count for all (the bug: a subquery that named no table).
      expect(new Set(cards.map((c) => c.starts_at)).size).toBe(cards.length);
      const ethics = cards.find((c) => c.title === 'Ethics Case Workshop')!;
      expect(ethics).toMatchObject({ quota: 2, remaining_quota: 0, availability: 'full' });
    }
  });

  it('the Full filter lists the full courses only, and Open the others that take enrolments', async () => {
    const learner = who[0];
    const cards = await list(learner);
    const full = await list(learner, '&status=full');
    expect(full.map((c) => c.title)).toEqual(cards.filter((c) => c.availability === 'full').map((c) => c.title));
    expect(full.map((c) => c.title)).toContain('Ethics Case Workshop');
    const open = await list(learner, '&status=open');
    expect(open.map((c) => c.title)).toEqual(cards.filter((c) => c.availability === 'open').map((c) => c.title));
    expect(open.map((c) => c.title)).not.toContain('Ethics Case Workshop');
  });
});
