import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HomeSummary } from '../../api/schemas/home-summary.schema';
import { waitFor } from '../testing/wait-for';
import { EMPTY_SUMMARY, SUMMARY } from './home-summary.fixtures';
import { homeSummaryMachine } from './home-summary.machine';
import { selectHomeSummaryView } from './home-summary.selectors';

/** The machine with a load that answers from a list of outcomes, one per call. */
function start(outcomes: (HomeSummary | 'fail')[]) {
  const load = fromPromise<HomeSummary>(async () => {
    const next = outcomes.shift();
    if (next === 'fail' || next === undefined) throw new Error('offline');
    return next;
  });
  return createActor(homeSummaryMachine.provide({ actors: { load } })).start();
}

describe('home-summary machine', () => {
  it('loads the summary, then shows where to continue and what is due, with their links', async () => {
    const actor = start([SUMMARY]);
    expect(selectHomeSummaryView(actor.getSnapshot())).toEqual({ status: 'loading', continueItem: null, due: [], canRetry: false });
    await waitFor(actor, (s) => s.matches('ready'));
    const view = selectHomeSummaryView(actor.getSnapshot());
    expect(view.continueItem).toEqual({ courseTitle: 'Term Life Insurance Fundamentals', itemTitle: 'How term life cover works', to: '/lesson/3/12' });
    expect(view.due.map((d) => d.to)).toEqual(['/offline/1', '/course/6/quiz/7']);
    expect(view.due.map((d) => d.key)).toEqual(['session:4', 'exam:7']);
  });

  it('nothing to continue and nothing due is empty', async () => {
    const actor = start([EMPTY_SUMMARY]);
    await waitFor(actor, (s) => s.matches('empty'));
    expect(selectHomeSummaryView(actor.getSnapshot())).toEqual({ status: 'empty', continueItem: null, due: [], canRetry: false });
  });

  it('a failed load offers retry, which loads again', async () => {
    const actor = start(['fail', SUMMARY]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectHomeSummaryView(actor.getSnapshot()).canRetry).toBe(true);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.summary).toEqual(SUMMARY);
  });
});
