import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { VIDEO_COMPLETION_TOLERANCE_SECONDS } from '../../config/constants';
import { videoPlayerMachine, type VideoPlayerEvent, type VideoPlayerInput } from './video-player.machine';
import { progressToKeep, videoPlayerView } from './video-player.selectors';

// SPEC §4 play/pause, §9 criteria and skip (video: criteria true, skip false), §2 the identity prompt.
const VIDEO: VideoPlayerInput = { skipAllowed: false, criteria: true };
const AUDIO: VideoPlayerInput = { skipAllowed: true, criteria: false };

function start(input: VideoPlayerInput = VIDEO) {
  const effects: string[] = [];
  const actor = createActor(
    videoPlayerMachine.provide({
      actions: {
        playMedia: () => void effects.push('play'),
        pauseMedia: () => void effects.push('pause'),
        seekMedia: (_, { position }) => void effects.push(`seek ${position}`),
        resumeMedia: (_, { position }) => void effects.push(`resume ${position}`),
        setKeepOnScreen: (_, keep) => void effects.push(`keep ${keep}`),
        reportFinished: () => void effects.push('finished'),
      },
    }),
    { input },
  ).start();
  const send = (...events: VideoPlayerEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, effects, send, view: () => videoPlayerView(actor.getSnapshot()) };
}

/** Plays from `from` to `to` in time updates of a quarter second. */
const playThrough = (from: number, to: number): VideoPlayerEvent[] =>
  Array.from({ length: Math.round((to - from) * 4) }, (_, i) => ({ type: 'media.time', position: from + (i + 1) / 4 }));

describe('video player', () => {
  it('a refused jump leaves the player where the media is sent back: at what was played (kept for a reload too)', () => {
    for (const pauseFirst of [false, true]) {
      const v = start();
      v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' }, ...playThrough(0, 3), { type: 'media.seeking', position: 1 });
      if (pauseFirst) v.send({ type: 'user.pause' });
      v.effects.length = 0;
      v.send({ type: 'media.time', position: 30 });
      expect(v.effects).toEqual(['seek 3']);
      expect(progressToKeep(v.actor.getSnapshot())).toEqual({ position: 3, maxPlayed: 3 });
    }
  });

  it("the identity prompt's close does not play what the learner paused after playing it again", () => {
    const v = start();
    v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' }, { type: 'auth.pause' }, { type: 'user.play' }, { type: 'user.pause' });
    v.send({ type: 'auth.resume' });
    expect(v.view().status).toBe('paused');
  });

  it('toggles play and pause; keep_on_screen is on exactly while playing', () => {
    const v = start();
    expect(v.view()).toEqual({ playing: false, ended: false, maxPlayed: 0, status: 'loading' });
    v.send({ type: 'user.play' }); // nothing to play yet
    expect(v.effects).toEqual([]);
    v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' });
    expect(v.view()).toMatchObject({ playing: true, status: 'playing' });
    v.send({ type: 'user.play' }, { type: 'user.pause' }, { type: 'user.pause' });
    // Leaving `playing` clears keep_on_screen before the pause effect runs.
    expect(v.effects).toEqual(['play', 'keep true', 'keep false', 'pause']);
    v.send({ type: 'user.play' }, { type: 'media.failed' });
    expect(v.view().status).toBe('error');
    expect(v.effects.at(-1)).toBe('keep false');
  });

  it('refuses a seek past what was played (more than 1 s) when skipping is not allowed', () => {
    const v = start();
    v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' }, ...playThrough(0, 10));
    expect(v.view().maxPlayed).toBe(10);
    v.send({ type: 'media.seeking', position: 11 }); // within a second: allowed
    expect(v.effects.filter((e) => e.startsWith('seek'))).toEqual([]);
    v.send({ type: 'media.seeking', position: 30 });
    expect(v.effects.filter((e) => e.startsWith('seek'))).toEqual(['seek 10']);
    v.send({ type: 'media.seeking', position: 2 }); // back: always allowed
    v.send(...playThrough(2, 5));
    expect(v.view().maxPlayed).toBe(10);
    expect(v.effects.filter((e) => e.startsWith('seek'))).toEqual(['seek 10']);
    // A jump that shows only as a time update is refused the same way.
    v.send({ type: 'media.time', position: 40 });
    expect(v.effects.at(-1)).toBe('seek 10');
    expect(v.view().maxPlayed).toBe(10);
  });

  it('allows seeking ahead when skipping is allowed, without counting the skipped part as played', () => {
    const v = start(AUDIO);
    v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' }, ...playThrough(0, 4), { type: 'media.seeking', position: 30 });
    expect(v.effects.filter((e) => e.startsWith('seek'))).toEqual([]);
    expect(v.view().maxPlayed).toBe(4);
    v.send(...playThrough(30, 32));
    expect(v.view().maxPlayed).toBe(32);
  });

  it('reports the finish only when played to the end within the tolerance, once', () => {
    const v = start();
    v.send({ type: 'media.loaded', duration: 20 }, { type: 'user.play' }, ...playThrough(0, 19.5), { type: 'media.ended' });
    expect(v.view()).toEqual({ playing: false, ended: true, maxPlayed: 20, status: 'ended' });
    expect(v.effects.filter((e) => e === 'finished')).toHaveLength(1);
    v.send({ type: 'user.play' }, ...playThrough(0, 19.5), { type: 'media.ended' });
    expect(v.effects.filter((e) => e === 'finished')).toHaveLength(1);
  });

  it('does not report a video that ended without being played through', () => {
    const v = start();
    v.send({ type: 'media.loaded', duration: 20 }, { type: 'user.play' }, ...playThrough(0, 20 - VIDEO_COMPLETION_TOLERANCE_SECONDS - 6), { type: 'media.ended' });
    expect(v.view().status).toBe('ended');
    expect(v.effects).not.toContain('finished');
  });

  it('reports nothing for media without criteria', () => {
    const v = start(AUDIO);
    v.send({ type: 'media.loaded', duration: 8 }, { type: 'user.play' }, ...playThrough(0, 8), { type: 'media.ended' });
    expect(v.effects).not.toContain('finished');
  });

  it('the identity prompt pauses a playing video and resumes only what it paused', () => {
    const v = start();
    v.send({ type: 'media.loaded', duration: 60 }, { type: 'user.play' }, { type: 'auth.pause' });
    expect(v.view().status).toBe('paused');
    v.send({ type: 'auth.resume' });
    expect(v.view().status).toBe('playing');
    v.send({ type: 'user.pause' }, { type: 'auth.pause' }, { type: 'auth.resume' });
    expect(v.view().status).toBe('paused');
    expect(v.effects).toEqual(['play', 'keep true', 'keep false', 'pause', 'play', 'keep true', 'keep false', 'pause']);
  });

  it('a reload resumes where the last viewing got to; what it played counts as played (issue 11 §2)', () => {
    const v = start({ ...VIDEO, resume: { position: 25, maxPlayed: 40 } });
    v.send({ type: 'media.loaded', duration: 60 });
    expect(v.effects).toEqual(['resume 25']);
    expect(v.actor.getSnapshot().context).toMatchObject({ position: 25, maxPlayed: 40 });
    // The element reports the move; then the learner seeks back and forth within what was watched.
    v.send({ type: 'media.seeking', position: 25 }, { type: 'media.time', position: 25 }, { type: 'media.seeking', position: 5 }, { type: 'media.seeking', position: 38 });
    expect(v.effects).toEqual(['resume 25']);
    // Ahead of the furthest point reached: still refused (SPEC §9 skip: video false).
    v.send({ type: 'media.seeking', position: 50 });
    expect(v.effects).toEqual(['resume 25', 'seek 40']);
    // Played on from there to the end: the finish is reported once.
    v.send({ type: 'user.play' }, ...playThrough(40, 59.5), { type: 'media.ended' });
    expect(v.effects.filter((e) => e === 'finished')).toHaveLength(1);
  });

  it('a remembered progress never reaches past the media, and a fresh one seeks nowhere', () => {
    const v = start({ ...VIDEO, resume: { position: 90, maxPlayed: 120 } });
    v.send({ type: 'media.loaded', duration: 60 });
    expect(v.actor.getSnapshot().context).toMatchObject({ position: 60, maxPlayed: 60 });
    const fresh = start({ ...VIDEO, resume: null });
    fresh.send({ type: 'media.loaded', duration: 60 });
    expect(fresh.effects).toEqual([]);
    expect(fresh.view().maxPlayed).toBe(0);
  });

  it('keeps the progress of a loaded viewing: an ended one starts over, with all of it open', () => {
    const v = start();
    expect(progressToKeep(v.actor.getSnapshot())).toBeNull();
    v.send({ type: 'media.loaded', duration: 20 }, { type: 'user.play' }, ...playThrough(0, 7));
    expect(progressToKeep(v.actor.getSnapshot())).toEqual({ position: 7, maxPlayed: 7 });
    v.send({ type: 'media.seeking', position: 2 });
    expect(progressToKeep(v.actor.getSnapshot())).toEqual({ position: 2, maxPlayed: 7 });
    v.send(...playThrough(2, 19.5), { type: 'media.ended' });
    expect(progressToKeep(v.actor.getSnapshot())).toEqual({ position: 0, maxPlayed: 20 });
  });
});
