import { describe, expect, it, vi } from 'vitest';
import { continualAuthLogic } from './continual-auth.actor';
import { registerLearningControls, runLearningControl } from './learning-controls';

describe('learning controls', () => {
  it('runs the control of every registered page until it unregisters', () => {
    const pauseTimer = vi.fn();
    const unregister = registerLearningControls({ pauseTimer });
    expect(runLearningControl('pauseTimer')).toBe(true);
    expect(runLearningControl('pauseVideo')).toBe(false);
    unregister();
    expect(runLearningControl('pauseTimer')).toBe(false);
    expect(pauseTimer).toHaveBeenCalledTimes(1);
  });

  it('is what the continual-auth actions pause and restart', () => {
    const controls = { pauseTimer: vi.fn(), restartTimer: vi.fn(), pauseVideo: vi.fn(), restartVideo: vi.fn() };
    const unregister = registerLearningControls(controls);
    const log = vi.fn();
    const logic = continualAuthLogic({ translate: (k) => k, alert: vi.fn(), log });
    // The provided implementations are plain functions: run them as the machine would.
    const actions = logic.implementations.actions as Record<string, (...args: unknown[]) => void>;
    for (const name of ['pauseTimer', 'pauseVideo', 'restartTimer', 'restartVideo'] as const) actions[name]({}, undefined);
    expect(controls.pauseTimer).toHaveBeenCalledTimes(1);
    expect(controls.pauseVideo).toHaveBeenCalledTimes(1);
    expect(controls.restartTimer).toHaveBeenCalledTimes(1);
    expect(controls.restartVideo).toHaveBeenCalledTimes(1);
    unregister();
    actions.pauseTimer({}, undefined);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('pauseTimer'));
  });
});
