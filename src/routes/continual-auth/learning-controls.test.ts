import { describe, expect, it, vi } from 'vitest';
import { continualAuthLogic } from './continual-auth.actor';
import { createLearningControls } from './learning-controls';

describe('learning controls', () => {
  it('runs the control of every registered page until it unregisters', () => {
    const controls = createLearningControls();
    const send = vi.fn();
    const unregister = controls.register(['pauseTimer'], send);
    expect(controls.run('pauseTimer')).toBe(true);
    expect(controls.run('pauseVideo')).toBe(false);
    unregister();
    expect(controls.run('pauseTimer')).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'auth.timer.pause' });
  });

  it('is one registry per layout, not a module global', () => {
    const one = createLearningControls();
    const other = createLearningControls();
    const send = vi.fn();
    one.register(['pauseVideo'], send);
    expect(other.run('pauseVideo')).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('is what the continual-auth actions pause and restart', () => {
    const controls = createLearningControls();
    const send = vi.fn();
    const unregister = controls.register(['pauseTimer', 'restartTimer', 'pauseVideo', 'restartVideo'], send);
    const log = vi.fn();
    const logic = continualAuthLogic({ translate: (k) => k, alert: vi.fn(), log, controls });
    // The provided implementations are plain functions: run them as the machine would.
    const actions = logic.implementations.actions as Record<string, (...args: unknown[]) => void>;
    for (const name of ['pauseTimer', 'pauseVideo', 'restartTimer', 'restartVideo'] as const) actions[name]({}, undefined);
    const sent = send.mock.calls.map(([event]) => (event as { type: string }).type);
    expect(sent.filter((t) => t === 'auth.timer.pause')).toHaveLength(1);
    expect(sent.filter((t) => t === 'auth.video.pause')).toHaveLength(1);
    expect(sent.filter((t) => t === 'auth.timer.resume')).toHaveLength(1);
    expect(sent.filter((t) => t === 'auth.video.resume')).toHaveLength(1);
    unregister();
    actions.pauseTimer({}, undefined);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('pauseTimer'));
  });
});
