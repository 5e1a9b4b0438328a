import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { FindUsersResponse, PublicUser } from '../../api/schemas/users.schema';
import { COURSE_RECOMMENDATION_MAX, COURSE_RECOMMENDATION_SEARCH_DELAY_MS } from '../../config/course-recommendation';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { waitFor } from '../testing/wait-for';
import { courseRecommendationMachine, SEARCH_TEXT_MAX, type CourseRecommendationContext, type SearchInput, type SendInput } from './course-recommendation.machine';
import { AFTER_SEARCH_DELAY, courseRecommendationOracle } from './course-recommendation.oracle';
import { selectCourseRecommendationView, type CourseRecommendationSnapshot } from './course-recommendation.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the "Recommend" dialog, replayed
// into a live actor whose calls the test settles by hand and whose delay a simulated clock runs,
// checked at each step against the oracle written from issue 48 (course-recommendation.oracle.ts)
// and the view's invariants. `max` is 2 here so that "room left" is reached both ways; the last
// tests hold the real limit of 10.

const user = (id: string, name: string): PublicUser => ({ id, external_id: `agent${id}`, name, icon_url: '/icon.png' });
const SELF = user('1', 'Chan Tai Man');
const A = user('2', 'Wong Siu Ming');
const B = user('3', 'Lee Ka Yan');
const C = user('4', 'Wong Kit');
const PAGE1: FindUsersResponse = { data: [A, SELF, B], page: 1, per_page: 3, total: 4 };
const PAGE2: FindUsersResponse = { data: [C], page: 2, per_page: 3, total: 4 };

type TestEvent = EventObject & Record<string, unknown>;
const staticEvents: TestEvent[] = [
  { type: 'open' },
  { type: 'close' },
  { type: 'query.change', text: ' wo ' },
  { type: 'query.change', text: '   ' },
  { type: 'more' },
  { type: 'retry' },
  { type: 'pick', id: A.id },
  { type: 'pick', id: B.id },
  { type: 'pick', id: C.id },
  { type: 'pick', id: SELF.id },
  { type: 'pick', id: '999' },
  { type: 'unpick', id: A.id },
  { type: 'unpick', id: '999' },
  { type: 'send' },
  { type: AFTER_SEARCH_DELAY },
  { type: 'xstate.error.actor.search', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.send', output: { recommended: 1, already_recommended: 1 } },
  { type: 'xstate.error.actor.send', error: new SubmissionError('Yip Sze Wan cannot receive course recommendations.') },
  { type: 'xstate.error.actor.send', error: new TypeError('Failed to fetch') },
];
/** The server's answer to the search under way: its first page, or the next. */
const answers = (s: AnyMachineSnapshot): TestEvent[] =>
  s.matches({ composing: 'searching' }) ? [{ type: 'xstate.done.actor.search', output: PAGE1 }] : s.matches({ composing: 'loadingMore' }) ? [{ type: 'xstate.done.actor.search', output: PAGE2 }] : [];

const ctx = (s: AnyMachineSnapshot) => s.context as CourseRecommendationContext;
const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify({ value: s.value, query: c.query, results: c.results.length, picked: c.picked.map((u) => u.id), error: [c.searchError, c.sendError, c.sendFailed], result: c.result });
};
const input = { courseId: '7', selfId: SELF.id, max: 2 };
const events = (s: AnyMachineSnapshot) => [...staticEvents, ...answers(s)].filter((e) => s.can(e));
const paths = edgePaths(courseRecommendationMachine, { serializeState, events, input });

describe('course-recommendation machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(courseRecommendationMachine, [{ input, paths }], {
      actorIds: ['search', 'send'],
      events: [...staticEvents, { type: 'xstate.done.actor.search', output: PAGE1 }],
      oracle: courseRecommendationOracle as never,
      delays: { [AFTER_SEARCH_DELAY]: () => COURSE_RECOMMENDATION_SEARCH_DELAY_MS },
      check: (live, _step, calls) => {
        const view = selectCourseRecommendationView(live as CourseRecommendationSnapshot);
        const c = ctx(live);
        // Never oneself, never more than max, never twice.
        expect(view.results.map((u) => u.id)).not.toContain(SELF.id);
        expect(c.picked.map((u) => u.id)).not.toContain(SELF.id);
        expect(c.picked.length).toBeLessThanOrEqual(c.max);
        expect(new Set(c.picked.map((u) => u.id)).size).toBe(c.picked.length);
        expect(view.full).toBe(c.picked.length === c.max);
        expect(view.open).toBe(!live.matches('closed'));
        // A send carries the picks, and only the picks.
        for (const call of calls('send') as SendInput[]) expect(call.courseId).toBe('7');
        const searches = calls('search') as SearchInput[];
        for (const call of searches) expect(call.name.trim()).not.toBe('');
        if (live.matches('done')) expect(view.recommended).toBe(1);
        // Raw exception text never reaches the view; a refusal's words do.
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        if (view.sendFailure?.kind === 'server') expect(view.sendFailure.message).toMatch(/cannot receive/);
      },
    });
    expect(result.paths).toBeGreaterThan(0);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 300_000);
});

describe('course-recommendation machine, its rules', () => {
  const run = (found: PublicUser[]) => {
    const searches: SearchInput[] = [];
    const sent: SendInput[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      courseRecommendationMachine.provide({
        actors: {
          search: fromPromise<FindUsersResponse, SearchInput>(async ({ input: q }) => (searches.push(q), { data: found, page: q.page, per_page: q.perPage, total: found.length })),
          send: fromPromise(async ({ input: s }: { input: SendInput }) => (sent.push(s), { recommended: s.userIds.length, already_recommended: 0 })),
        },
      }),
      { input: { courseId: '7', selfId: SELF.id }, clock },
    ).start();
    return { actor, clock, searches, sent };
  };

  it('asks the server once typing has paused for the named delay, with the last text (trimmed, cut at 100)', async () => {
    const { actor, clock, searches } = run([A]);
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', text: 'w' });
    clock.increment(COURSE_RECOMMENDATION_SEARCH_DELAY_MS - 1);
    actor.send({ type: 'query.change', text: ` wo${'x'.repeat(200)} ` });
    clock.increment(COURSE_RECOMMENDATION_SEARCH_DELAY_MS - 1);
    expect(searches).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ composing: 'ready' }));
    expect(searches).toHaveLength(1);
    expect(searches[0].name).toHaveLength(SEARCH_TEXT_MAX);
    expect(searches[0]).toMatchObject({ page: 1 });
  });

  it(`takes at most ${COURSE_RECOMMENDATION_MAX} colleagues by default and sends exactly them`, async () => {
    const many = Array.from({ length: 12 }, (_, i) => user(String(10 + i), `Colleague ${i}`));
    const { actor, clock, sent } = run(many);
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', text: 'colleague' });
    clock.increment(COURSE_RECOMMENDATION_SEARCH_DELAY_MS);
    await waitFor(actor, (s) => s.matches({ composing: 'ready' }));
    for (const u of many) actor.send({ type: 'pick', id: u.id });
    expect(actor.getSnapshot().context.picked).toHaveLength(COURSE_RECOMMENDATION_MAX);
    expect(selectCourseRecommendationView(actor.getSnapshot())).toMatchObject({ full: true, canSend: true });
    expect(selectCourseRecommendationView(actor.getSnapshot()).results.filter((r) => r.canPick)).toEqual([]);
    actor.send({ type: 'send' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ courseId: '7', userIds: many.slice(0, COURSE_RECOMMENDATION_MAX).map((u) => u.id) }]);
    expect(selectCourseRecommendationView(actor.getSnapshot())).toMatchObject({ step: 'done', recommended: COURSE_RECOMMENDATION_MAX });
    actor.send({ type: 'close' });
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().context).toMatchObject({ picked: [], results: [], query: '', result: null });
  });
});
