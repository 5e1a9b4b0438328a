import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { checkCredentials, forgetPassword, login, logout, refreshToken, simpleLogin } from './sign-in.api';
import { ApiRequestError, InvalidResponseError } from './http';
import { getToken, setToken } from '../platform/storage/token-storage';
import { json, stubFetch, text, tokenFor } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const credentials = { external_id: 'agent01', password: 'Learner2026' };

describe('auth calls', () => {
  it('login posts the credentials as JSON and answers the text token', async () => {
    const token = tokenFor('1');
    const net = stubFetch(() => text(token));
    await expect(login(credentials)).resolves.toBe(token);
    expect(net.last().method).toBe('POST');
    expect(net.last().url).toBe(`${location.origin}/api/auth/login`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual(credentials);
    expect(getToken()).toBeNull(); // storing it is the sign-in flow's decision
  });

  it('simple_login is the same call on its own path', async () => {
    const token = tokenFor('1');
    const net = stubFetch(() => text(token));
    await expect(simpleLogin(credentials)).resolves.toBe(token);
    expect(net.last().url).toBe(`${location.origin}/api/auth/simple_login`);
  });

  it('rejects a login answer that is not a token', async () => {
    stubFetch(() => text('<html>maintenance</html>'));
    const error = await login(credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).message).toBe('The server sent an unexpected response. Please try again later.');
  });

  it('a wrong password rejects with the server message (400, not a redirect)', async () => {
    stubFetch(() => json({ status_code: 400, message: 'Agent code or password is incorrect.' }, 400));
    await expect(login(credentials)).rejects.toMatchObject({ status: 400, message: 'Agent code or password is incorrect.' });
  });

  it('checkCredentials is a dry-run login answered by 204', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await expect(checkCredentials(credentials)).resolves.toBeUndefined();
    expect(net.last().url).toBe(`${location.origin}/api/auth/login?dry_run=1`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual(credentials);
  });

  it('refresh stores the new token; a failed refresh removes the stored one (SPEC §4)', async () => {
    const old = tokenFor('1');
    const fresh = tokenFor('1', 900);
    setToken(old);
    const net = stubFetch(() => text(fresh));
    await expect(refreshToken()).resolves.toBe(fresh);
    expect(net.last().headers.get('Authorization')).toBe(`Bearer ${old}`);
    expect(getToken()).toBe(fresh);

    stubFetch(() => json({ status_code: 500, message: 'boom' }, 500));
    await expect(refreshToken()).rejects.toBeInstanceOf(ApiRequestError);
    expect(getToken()).toBeNull();
  });

  it('logout posts with the bearer token and expects no content', async () => {
    const token = tokenFor('1');
    setToken(token);
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await expect(logout()).resolves.toBeUndefined();
    expect(net.last().url).toBe(`${location.origin}/api/auth/logout`);
    expect(net.last().headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('forgetPassword answers the server text', async () => {
    const net = stubFetch(() => text('If the agent code and email match, a reset email has been sent.'));
    await expect(forgetPassword({ external_id: 'agent01', email: 'agent01@agent-academy.test' })).resolves.toBe(
      'If the agent code and email match, a reset email has been sent.',
    );
    expect(net.last().url).toBe(`${location.origin}/api/auth/forget_password`);
  });

  it('turns a network failure into a translated ApiRequestError with status 0', async () => {
    localStorage.setItem('lang', 'cn');
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const error = await login(credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: '无法连接服务器，请检查网络连接后重试。' });
  });
});
