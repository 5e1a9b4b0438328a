import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { modelPaths, replayRuns, uncoveredByRuns, type Oracle } from '../testing/model-coverage';
import { attachmentLikeMachine, type AttachmentLikeContext } from './attachment-like.machine';
import { selectAttachmentLikeView, type AttachmentLikeSnapshot } from './attachment-like.selectors';

type ModelEvent = EventObject & Record<string, unknown>;

const events: ModelEvent[] = [
  { type: 'like.loaded', liked: false, likes: 2 },
  { type: 'like.loaded', liked: true, likes: 3 },
  { type: 'like.toggle' },
  { type: 'xstate.done.actor.saveLike' },
  { type: 'xstate.error.actor.saveLike', error: new Error('500') },
];
const input = { attachmentId: 'a1' };
const runs = [{ input, paths: modelPaths(attachmentLikeMachine, events, { input }) }];
const actorIds = ['saveLike'];

/** The laws of every step: the count moves with the like, by one, and never below zero; a call
 * asks for exactly what the button shows. */
function check(live: AnyMachineSnapshot, { before: previous }: { before: AnyMachineSnapshot }, calls: (id: string) => unknown[]) {
  {
    const snap = live as AttachmentLikeSnapshot;
    const ctx = snap.context as AttachmentLikeContext;
    const view = selectAttachmentLikeView(snap);
    expect(view === null).toBe(snap.matches('unknown'));
    expect(ctx.likes).toBeGreaterThanOrEqual(0);
    const before = previous?.context as AttachmentLikeContext | undefined;
    if (before && previous?.matches('idle') && snap.matches('saving')) {
      expect(ctx.liked).toBe(!before.liked);
      expect(ctx.likes - before.likes).toBe(ctx.liked ? 1 : -1);
      expect(calls(actorIds[0]).at(-1)).toEqual({ attachmentId: 'a1', like: ctx.liked });
    }
    if (before && previous?.matches('saving') && snap.matches('idle') && ctx.failed) {
      expect(ctx.liked).toBe(!before.liked);
    }
  }
}

// The oracle, from the like button's rules (not read off the machine): nothing to do before the
// details are known; one call at a time; the answer (or its failure) brings the button back.
const oracle: Oracle<AttachmentLikeSnapshot> = {
  table: {
    unknown: { 'like.loaded': 'idle' },
    idle: { 'like.toggle': 'saving', 'like.loaded': 'idle' },
    saving: { 'xstate.done.actor.saveLike': 'idle', 'xstate.error.actor.saveLike': 'idle' },
  },
  offers: (s) => {
    const view = selectAttachmentLikeView(s);
    return { 'like.toggle': view !== null && !view.saving };
  },
};

describe('attachment-like machine, model-based', () => {
  it(`replays ${runs[0].paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(attachmentLikeMachine, runs, { actorIds, events, oracle: oracle as Oracle, check });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('would notice a transition no path takes', async () => {
    const partial = [{ input, paths: modelPaths(attachmentLikeMachine, events.filter((e) => !e.type.startsWith('xstate.error')), { input }) }];
    const missing = await uncoveredByRuns(attachmentLikeMachine, partial, actorIds);
    expect(missing.transitions).toEqual([expect.stringContaining('attachmentLike.saving --xstate.error.actor')]);
  });
});
