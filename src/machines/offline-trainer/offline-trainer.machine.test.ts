import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';
import { offlineTrainerMachine, REFRESH_MARGIN_MS, REFRESH_RETRY_MS, type TrainerProblem } from './offline-trainer.machine';

const codes = (n: number, changesInMs = 30_000): OfflineSessionCodes => ({
  session_id: '7',
  session_title: 'Briefing',
  course_id: '3',
  course_title: 'MPF Product Briefing',
  venue: 'Room 12A',
  starts_at: '2026-12-01T09:30:00.000Z',
  ends_at: '2026-12-01T11:30:00.000Z',
  window_opens_at: '2026-12-01T09:00:00.000Z',
  window_closes_at: '2026-12-01T12:00:00.000Z',
  check_in_code: `IN000${n}`,
  check_out_code: `OUT00${n}`,
  changes_in_ms: changesInMs,
});

/** The machine on a simulated clock, its loads and rotations answering from the given lists. */
function run(loads: Array<OfflineSessionCodes | TrainerProblem>, rotations: Array<OfflineSessionCodes | TrainerProblem> = []) {
  const calls: string[] = [];
  const answer = (list: Array<OfflineSessionCodes | TrainerProblem>, name: string) =>
    fromPromise<OfflineSessionCodes, string>(async ({ input }) => {
      calls.push(`${name}:${input}`);
      const next = list.shift()!;
      if ('message' in next) throw next;
      return next;
    });
  const clock = new SimulatedClock();
  const machine = offlineTrainerMachine.provide({ actors: { loadCodes: answer(loads, 'load'), rotateCodes: answer(rotations, 'rotate') } });
  const actor = createActor(machine, { input: { sessionId: '7' }, clock }).start();
  return { actor, calls, clock };
}

describe('offline-trainer machine', () => {
  it('shows the codes, and asks again when the server said they change', async () => {
    const { actor, calls, clock } = run([codes(1, 20_000), codes(2, 60_000)]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.codes?.check_in_code).toBe('IN0001');
    clock.increment(20_000 + REFRESH_MARGIN_MS - 1);
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    clock.increment(1);
    // The old codes stay on screen while the new ones are asked for.
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.codes?.check_in_code).toBe('IN0001');
    await waitFor(actor, (s) => s.matches('shown') && s.context.codes?.check_in_code === 'IN0002');
    expect(calls).toEqual(['load:7', 'load:7']);
  });

  it('keeps the codes after a failed refresh, says so, and asks again soon', async () => {
    const { actor, clock } = run([codes(1, 1_000), { message: 'Cannot reach the server.' }, codes(2)]);
    await waitFor(actor, (s) => s.matches('shown'));
    clock.increment(1_000 + REFRESH_MARGIN_MS);
    await waitFor(actor, (s) => s.matches('shown') && s.context.problem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ codes: { check_in_code: 'IN0001' }, problem: { message: 'Cannot reach the server.' } });
    clock.increment(REFRESH_RETRY_MS);
    await waitFor(actor, (s) => s.matches('shown') && s.context.codes?.check_in_code === 'IN0002');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('"New codes" rotates and shows the new codes; a failed rotation keeps the old ones with the message', async () => {
    const { actor, calls } = run([codes(1)], [codes(5), { message: 'Only this session’s trainer can see its codes.' }]);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'codes.rotate' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('shown') && s.context.codes?.check_in_code === 'IN0005');
    actor.send({ type: 'codes.rotate' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.problem !== null);
    expect(actor.getSnapshot().context.codes?.check_in_code).toBe('IN0005');
    expect(calls).toEqual(['load:7', 'rotate:7', 'rotate:7']);
  });

  it('"New codes" while a refresh is on its way rotates at once; the refresh\'s late answer is dropped', async () => {
    let loads = 0;
    const clock = new SimulatedClock();
    const machine = offlineTrainerMachine.provide({
      actors: {
        // The first load answers; the refresh never does (the rotation cancels it).
        loadCodes: fromPromise<OfflineSessionCodes, string>(() => (loads++ === 0 ? Promise.resolve(codes(1, 1_000)) : new Promise<OfflineSessionCodes>(() => {}))),
        rotateCodes: fromPromise<OfflineSessionCodes, string>(async () => codes(9)),
      },
    });
    const actor = createActor(machine, { input: { sessionId: '7' }, clock }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    clock.increment(1_000 + REFRESH_MARGIN_MS);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    actor.send({ type: 'codes.rotate' });
    expect(actor.getSnapshot().matches('rotating')).toBe(true);
    await waitFor(actor, (s) => s.matches('shown') && s.context.codes?.check_in_code === 'IN0009');
  });

  it('a failed first load can be retried; a failure without a message keeps null (the view words it)', async () => {
    const { actor } = run([{ message: null }, codes(1)]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.problem).toEqual({ message: null });
    expect(actor.getSnapshot().can({ type: 'codes.rotate' })).toBe(false);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('shown'));
  });
});
