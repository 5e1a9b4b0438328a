import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { samplePaper, sampleProgress, sampleRecords, sampleStats, T0 } from '../mock-practice/mock-practice.fixtures';
import { mockExamsMachine, type MockOverview, type OpenPaper } from './mock-exams.machine';
import { scoreBars, selectMockExamsView } from './mock-exams.selectors';

const overview: MockOverview = { papers: [samplePaper], progress: sampleProgress, records: sampleRecords, stats: sampleStats };

/** The page with its overview load counted and its children replaced by idle machines that record their input. */
function start(load: () => Promise<MockOverview> = async () => overview, open?: OpenPaper) {
  let loads = 0;
  const inputs: { practice: unknown[]; exam: unknown[] } = { practice: [], exam: [] };
  const child = (name: 'practice' | 'exam') =>
    createMachine({
      context: ({ input }: { input: unknown }) => {
        inputs[name].push(input);
        return {};
      },
    });
  const actor = createActor(
    mockExamsMachine.provide({
      actors: {
        loadOverview: fromPromise(() => {
          loads += 1;
          return load();
        }),
        practice: child('practice') as never,
        exam: child('exam') as never,
      },
    }),
    { input: { now: () => T0, ...(open ? { open } : {}) } },
  ).start();
  return { actor, inputs, loads: () => loads };
}

describe('mock-exams page machine', () => {
  it('loads the overview, opens a listed paper in practice mode, and reads everything again on the way back', async () => {
    const { actor, inputs, loads } = start();
    await waitFor(actor, (s) => s.matches('overview'));
    expect(selectMockExamsView(actor.getSnapshot())).toMatchObject({ status: 'overview', stats: sampleStats });
    actor.send({ type: 'practice.open', paperId: '99' });
    expect(actor.getSnapshot().value).toBe('overview');
    actor.send({ type: 'practice.open', paperId: '3' });
    expect(actor.getSnapshot().value).toBe('practice');
    expect(inputs.practice).toEqual([{ paperId: '3' }]);
    expect(selectMockExamsView(actor.getSnapshot())).toMatchObject({ status: 'practice', paper: { id: '3' } });
    actor.send({ type: 'back' });
    await waitFor(actor, (s) => s.matches('overview'));
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.paperId).toBeNull();
  });

  it('runs exam mode with the paper as the attempt’s quiz and the page’s clock', async () => {
    const { actor, inputs } = start();
    await waitFor(actor, (s) => s.matches('overview'));
    actor.send({ type: 'exam.open', paperId: '3' });
    expect(actor.getSnapshot().value).toBe('exam');
    expect(inputs.exam).toEqual([expect.objectContaining({ quizId: '3' })]);
    expect((inputs.exam[0] as { now: () => number }).now()).toBe(T0);
  });

  it('opens the paper the URL names once, at its question; back on the overview it stays closed', async () => {
    const { actor, inputs } = start(undefined, { paperId: '3', mode: 'exam', index: 5 });
    await waitFor(actor, (s) => s.matches('exam'));
    expect(inputs.exam).toEqual([expect.objectContaining({ quizId: '3', index: 5 })]);
    actor.send({ type: 'back' });
    await waitFor(actor, (s) => s.matches('overview'));
    actor.send({ type: 'exam.open', paperId: '3' });
    expect(inputs.exam[1]).not.toHaveProperty('index');
  });

  it('ignores a URL paper that is not listed', async () => {
    const { actor } = start(undefined, { paperId: '99', mode: 'practice' });
    await waitFor(actor, (s) => s.matches('overview'));
  });

  it('shows a failed load with the message and retries', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw { message: 'The service is unavailable.' };
      return overview;
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(selectMockExamsView(actor.getSnapshot())).toEqual({ status: 'load_failed', problem: 'The service is unavailable.' });
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('overview'));
  });

  it('draws the chart oldest first, in percent of full marks', () => {
    expect(scoreBars(sampleRecords).map((b) => [b.id, b.percent, b.pass])).toEqual([
      ['45', 55, false],
      ['47', 80, true],
    ]);
  });
});
