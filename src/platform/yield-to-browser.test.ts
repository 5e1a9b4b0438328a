import { describe, expect, it } from 'vitest';
import { yieldToBrowser } from './yield-to-browser';

describe('yieldToBrowser', () => {
  it('resumes in a later task: the microtasks queued before it have all run', async () => {
    const order: string[] = [];
    const yielded = yieldToBrowser().then(() => order.push('resumed'));
    // A chain of microtasks, as a router settling its loaders makes: all of it runs first.
    void Promise.resolve()
      .then(() => order.push('microtask 1'))
      .then(() => order.push('microtask 2'))
      .then(() => order.push('microtask 3'));
    await yielded;
    expect(order).toEqual(['microtask 1', 'microtask 2', 'microtask 3', 'resumed']);
  });
});
