import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAuthenticator, checkPassword, CurrentUserUnavailableError } from './continual-auth.api';
import { clearToken, setToken } from '../platform/storage/token-storage';
import { agent01, json, stubFetch, tokenFor } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  // A fresh token per test: the current user is loaded once per token.
  setToken(tokenFor('1'));
});

const noContent = () => new Response(null, { status: 204 });

describe('identity-check calls', () => {
  it('the password check is a dry-run login with the current user agent code, the bearer token and the content ids', async () => {
    const token = tokenFor('1');
    setToken(token);
    const net = stubFetch((r) => (r.url.endsWith('/users/current') ? json(agent01) : noContent()));
    await expect(checkPassword('Learner2026', { courseId: '1', itemId: '7' })).resolves.toBeUndefined();
    const call = net.requests.at(-1)!;
    expect(call.method).toBe('POST');
    const url = new URL(call.url);
    expect(url.pathname).toBe('/api/auth/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ dry_run: '1', course_id: '1', item_id: '7' });
    expect(call.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ external_id: 'agent01', password: 'Learner2026' });
  });

  it('leaves out content ids the server would refuse, and missing ones', async () => {
    const net = stubFetch((r) => (r.url.endsWith('/users/current') ? json(agent01) : noContent()));
    await checkPassword('x', { courseId: 'a b/../c', itemId: null });
    expect(Object.fromEntries(new URL(net.last().url).searchParams)).toEqual({ dry_run: '1' });
  });

  it('a wrong password rejects with the server message', async () => {
    stubFetch((r) => (r.url.endsWith('/users/current') ? json(agent01) : json({ status_code: 400, message: 'Agent code or password is incorrect.' }, 400)));
    await expect(checkPassword('wrong')).rejects.toMatchObject({ status: 400, message: 'Agent code or password is incorrect.' });
  });

  it('rejects with CurrentUserUnavailableError when the current user cannot be fetched (no check is sent)', async () => {
    const net = stubFetch(() => json({ status_code: 500, message: 'boom' }, 500));
    await expect(checkPassword('Learner2026')).rejects.toBeInstanceOf(CurrentUserUnavailableError);
    expect(net.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/users/current']);

    clearToken();
    await expect(checkPassword('Learner2026')).rejects.toBeInstanceOf(CurrentUserUnavailableError);
  });

  it('the authenticator check posts the code and the content ids to 2fa/check', async () => {
    const net = stubFetch(noContent);
    await checkAuthenticator('123456', { courseId: '1' });
    expect(new URL(net.last().url).pathname).toBe('/api/auth/2fa/check');
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ one_time_password: '123456', course_id: '1' });
  });

  it('a wrong code rejects with the server message', async () => {
    stubFetch(() => json({ status_code: 400, message: 'The code is not valid.' }, 400));
    await expect(checkAuthenticator('000000')).rejects.toMatchObject({ status: 400, message: 'The code is not valid.' });
  });
});
