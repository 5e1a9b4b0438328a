import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { agent01, json, stubFetch, tokenFor } from '../../api/test-helpers';
import { setToken } from '../../platform/storage/token-storage';
import { UserUnavailableError } from '../../machines/continual-auth/continual-auth.machine';
import { SubmissionError } from '../../machines/shared/submission-error';
import { challengeType, checkIdentity, continualAuthLogic } from './continual-auth.actor';
import { courseContent, lessonContent } from './learning-content';

beforeEach(() => setToken(tokenFor('1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

describe('continual-auth wiring', () => {
  it('a refused answer becomes a SubmissionError with the server message; a failure without one is generic', async () => {
    stubFetch((r) => (r.url.endsWith('/users/current') ? json(agent01) : json({ status_code: 400, message: 'Agent code or password is incorrect.' }, 400)));
    const refused = await checkIdentity({ type: 'password', answer: 'x', courseId: '1', itemId: null }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SubmissionError);
    expect((refused as SubmissionError).serverMessage).toBe('Agent code or password is incorrect.');

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await checkIdentity({ type: 'authenticator', answer: '123456', courseId: null, itemId: null }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(SubmissionError);
    // The transport's own translated text, never "Failed to fetch".
    expect((offline as SubmissionError).serverMessage).not.toContain('Failed to fetch');
  });

  it('no current user: UserUnavailableError, and the prompt alerts the translated "error: fail to get username" and closes (SPEC §8)', async () => {
    stubFetch(() => json({ status_code: 500, message: 'boom' }, 500));
    await expect(checkIdentity({ type: 'password', answer: 'x', courseId: null, itemId: null })).rejects.toBeInstanceOf(UserUnavailableError);

    const alert = vi.fn();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    stubFetch((r) => (r.url.endsWith('/2fa/info') ? json({ enabled: false, pending: false, required: false }) : json({ status_code: 500, message: 'boom' }, 500)));
    const clock = new SimulatedClock();
    const actor = createActor(continualAuthLogic({ translate: (k) => `t(${k})`, alert, log: () => undefined }), {
      input: { settings: { enabled: true, min: 1, max: 2, unitSeconds: 1 } },
      clock,
    }).start();
    actor.send({ type: 'ca.enable', id: 'course:1' });
    clock.increment(1_000);
    await settle();
    actor.send({ type: 'check.submit', answer: 'Learner2026' });
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('t(continual-auth:fail_to_get_username)'));
    expect(actor.getSnapshot().hasTag('prompting')).toBe(false);
    actor.stop();
  });

  it('the challenge type follows two-factor info', async () => {
    stubFetch(() => json({ enabled: true, pending: false, required: false }));
    await expect(challengeType()).resolves.toBe('authenticator');
    stubFetch(() => json({ enabled: false, pending: true, required: false }));
    await expect(challengeType()).resolves.toBe('password');
  });
});

describe('learning content of a page', () => {
  it('reads the course, and the course and item of a lesson; ids the server would refuse are left out', () => {
    expect(courseContent('1')).toEqual({ id: 'course:1', courseId: '1', itemId: null });
    expect(courseContent('1/overview')).toEqual({ id: 'course:1', courseId: '1', itemId: null });
    expect(courseContent('')).toBeNull();
    expect(lessonContent('1/7')).toEqual({ id: 'lesson:1/7', courseId: '1', itemId: '7' });
    expect(lessonContent('9')).toEqual({ id: 'lesson:9', courseId: '9', itemId: null });
    expect(lessonContent('a%20b/7')).toEqual({ id: 'lesson:a%20b/7', courseId: null, itemId: '7' });
    expect(lessonContent('/')).toBeNull();
  });
});
