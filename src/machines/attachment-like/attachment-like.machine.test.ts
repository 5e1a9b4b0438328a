import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { attachmentLikeMachine } from './attachment-like.machine';
import { selectAttachmentLikeView } from './attachment-like.selectors';

function start(answers: boolean[] = []) {
  const calls: Array<{ attachmentId: string; like: boolean }> = [];
  const pending: Array<() => void> = [];
  const actor = createActor(
    attachmentLikeMachine.provide({
      actors: {
        saveLike: fromPromise<void, { attachmentId: string; like: boolean }>(({ input }) => {
          calls.push(input);
          const ok = answers.length ? answers.shift() : true;
          return new Promise<void>((resolve, reject) => pending.push(() => (ok ? resolve() : reject(new Error('500')))));
        }),
      },
    }),
    { input: { attachmentId: 'a1' } },
  ).start();
  const answer = async () => {
    pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, answer, view: () => selectAttachmentLikeView(actor.getSnapshot()) };
}

describe('attachment-like machine (SPEC §7 like/unlike)', () => {
  it('shows nothing until the details are loaded, then the server’s like and count', () => {
    const t = start();
    expect(t.view()).toBeNull();
    t.actor.send({ type: 'like.toggle' }); // nothing to change yet
    expect(t.calls).toEqual([]);
    t.actor.send({ type: 'like.loaded', liked: false, likes: 4 });
    expect(t.view()).toEqual({ liked: false, likes: 4, saving: false, failed: false });
  });

  it('likes at once, saves, and takes the like back the same way', async () => {
    const t = start();
    t.actor.send({ type: 'like.loaded', liked: false, likes: 4 });
    t.actor.send({ type: 'like.toggle' });
    expect(t.view()).toEqual({ liked: true, likes: 5, saving: true, failed: false });
    t.actor.send({ type: 'like.toggle' }); // one call at a time
    await t.answer();
    expect(t.view()).toEqual({ liked: true, likes: 5, saving: false, failed: false });
    t.actor.send({ type: 'like.toggle' });
    await t.answer();
    expect(t.view()).toEqual({ liked: false, likes: 4, saving: false, failed: false });
    expect(t.calls).toEqual([
      { attachmentId: 'a1', like: true },
      { attachmentId: 'a1', like: false },
    ]);
  });

  it('a refused call puts the like and the count back and says so; the next try clears it', async () => {
    const t = start([false, true]);
    t.actor.send({ type: 'like.loaded', liked: true, likes: 1 });
    t.actor.send({ type: 'like.toggle' });
    expect(t.view()).toMatchObject({ liked: false, likes: 0 });
    await t.answer();
    expect(t.view()).toEqual({ liked: true, likes: 1, saving: false, failed: true });
    t.actor.send({ type: 'like.toggle' });
    expect(t.view()).toEqual({ liked: false, likes: 0, saving: true, failed: false });
    await t.answer();
    expect(t.view()).toEqual({ liked: false, likes: 0, saving: false, failed: false });
  });

  it('never shows a negative count', () => {
    const t = start();
    t.actor.send({ type: 'like.loaded', liked: true, likes: 0 });
    t.actor.send({ type: 'like.toggle' });
    expect(t.view()?.likes).toBe(0);
  });
});
