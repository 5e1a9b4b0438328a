import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, RAW_HEADER, configureHttp, defaultHttpHandlers, http, sendNow, type HttpHandlers } from './http';
import { getClientId, getRedirectUrl, getToken, setToken } from '../platform/storage/token-storage';
import { json, stubFetch, text, tokenFor } from './test-helpers';

const origin = location.origin;
let here = { pathname: '/courses/all', search: '?tab=2' };
let language = 'en';
let handlers: { navigate: ReturnType<typeof vi.fn>; onDeviceExpired: ReturnType<typeof vi.fn> };

beforeEach(() => {
  here = { pathname: '/courses/all', search: '?tab=2' };
  language = 'en';
  handlers = { navigate: vi.fn(), onDeviceExpired: vi.fn() };
  configureHttp({
    navigate: handlers.navigate as HttpHandlers['navigate'],
    onDeviceExpired: handlers.onDeviceExpired as HttpHandlers['onDeviceExpired'],
    location: () => here,
    language: () => language,
  });
});

afterEach(() => {
  configureHttp(defaultHttpHandlers);
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('URL and headers (SPEC §7)', () => {
  it('prepends the API root', async () => {
    const net = stubFetch(() => json({}));
    await http.get('users/current');
    expect(net.last().url).toBe(`${origin}/api/users/current`);
  });

  it('with a student token: bearer, application id, platform studentweb, client id, language', async () => {
    const token = tokenFor('7');
    setToken(token);
    const net = stubFetch(() => json({}));
    await http.get('users/current');
    const h = net.last().headers;
    expect(h.get('Authorization')).toBe(`Bearer ${token}`);
    expect(h.get('X-App-Id')).toBe('agent-academy');
    expect(h.get('X-Client-Platform')).toBe('studentweb');
    expect(h.get('X-Client-Id')).toBe(getClientId());
    expect(h.get('X-Client-Id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(h.get('X-App-Language')).toBe('en');
  });

  it('without a token: no bearer, application id or platform; language and client id still go', async () => {
    const net = stubFetch(() => text('x'));
    await http.post('auth/login', { json: { external_id: 'a', password: 'b' } });
    const h = net.last().headers;
    expect(h.has('Authorization')).toBe(false);
    expect(h.has('X-App-Id')).toBe(false);
    expect(h.has('X-Client-Platform')).toBe(false);
    expect(h.get('X-App-Language')).toBe('en');
    expect(h.get('X-Client-Id')).toBe(getClientId());
  });

  it.each([
    ['zh', 'zh-HK'],
    ['cn', 'zh-CN'],
    ['en', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('maps the app language %j to X-App-Language %j', async (lang, header) => {
    language = lang;
    const net = stubFetch(() => json({}));
    await http.get('app-config');
    expect(net.last().headers.get('X-App-Language')).toBe(header);
  });

  it('by default reads the stored language (before boot configures the handlers)', async () => {
    configureHttp(defaultHttpHandlers);
    localStorage.setItem('lang', 'zh');
    const net = stubFetch(() => json({}));
    await http.get('app-config');
    expect(net.last().headers.get('X-App-Language')).toBe('zh-HK');
  });

  it('sends JSON bodies as application/json, and no content type without a body', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await http.put('users/current/password', { json: { old_password: 'x' } });
    expect(net.last().headers.get('Content-Type')).toBe('application/json');
    expect(net.lastBody()).toBe('{"old_password":"x"}');
    await http.get('users/current');
    expect(net.last().headers.has('Content-Type')).toBe(false);
  });
});

describe('raw marker', () => {
  it('removes the marker and sends an absolute URL unchanged: no prefix, no app headers', async () => {
    setToken(tokenFor('7'));
    const net = stubFetch(() => text('file'));
    const url = 'https://cdn.example.com/files/a.pdf?sig=1&x=2';
    await http.get(url, { headers: { [RAW_HEADER]: '1', 'X-Custom': 'kept' } });
    const req = net.last();
    expect(req.url).toBe(url);
    expect(req.headers.has(RAW_HEADER)).toBe(false);
    expect(req.headers.get('X-Custom')).toBe('kept');
    for (const name of ['Authorization', 'X-App-Id', 'X-Client-Platform', 'X-Client-Id', 'X-App-Language', 'X-XSRF-TOKEN']) {
      expect(req.headers.has(name), name).toBe(false);
    }
  });

  it('resolves a raw site path against the site root, not the API root', async () => {
    const net = stubFetch(() => text('x'));
    await http.get('assets/readme.txt', { headers: { [RAW_HEADER]: '1' } });
    expect(net.last().url).toBe(`${origin}/assets/readme.txt`);
  });

  it('keeps a raw POST body; XSRF only when the raw URL is relative', async () => {
    document.cookie = 'XSRF-TOKEN=tok123; path=/';
    const net = stubFetch(() => text('ok'));
    await http.post('uploads/echo', { headers: { [RAW_HEADER]: '1' }, body: 'payload' });
    expect(net.last().url).toBe(`${origin}/uploads/echo`);
    expect(net.lastBody()).toBe('payload');
    expect(net.last().headers.get('X-XSRF-TOKEN')).toBe('tok123');
    await http.post('https://other.example.com/hook', { headers: { [RAW_HEADER]: '1' }, body: 'p' });
    expect(net.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('XSRF', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('%s carries X-XSRF-TOKEN from the cookie', async (method) => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('a b=c')}; path=/`;
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await http[method]('auth/logout');
    expect(net.last().headers.get('X-XSRF-TOKEN')).toBe('a b=c');
  });

  it.each(['get', 'head'] as const)('%s carries none', async (method) => {
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const net = stubFetch(() => json({}));
    await http[method]('app-config');
    expect(net.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends no header when there is no cookie', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await http.post('auth/logout');
    expect(net.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('error handling (SPEC §4, §8)', () => {
  const failWith = async (status: number, body: unknown, path = 'users/current') => {
    stubFetch(() => (typeof body === 'string' ? text(body, status) : json(body, status)));
    return http.get(path).then(
      () => {
        throw new Error('expected a rejection');
      },
      (e: unknown) => e as ApiRequestError,
    );
  };

  it('re-throws as ApiRequestError with status, parsed body and the server message', async () => {
    const error = await failWith(400, { status_code: 400, message: 'Agent code or password is incorrect' });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ status_code: 400, message: 'Agent code or password is incorrect' });
    expect(error.message).toBe('Agent code or password is incorrect');
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('gives a translated message when the error body is not the API error shape', async () => {
    language = 'zh';
    const error = await failWith(502, '<html>Bad gateway</html>');
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.message).toBe('請求失敗（錯誤 502），請重試。');
  });

  it('401 → /login with the query kept, the path remembered, the dead token dropped, then re-throws', async () => {
    setToken(tokenFor('7'));
    const error = await failWith(401, { status_code: 401, message: 'Unauthorized' });
    expect(handlers.navigate).toHaveBeenCalledWith('/login?tab=2');
    expect(getRedirectUrl()).toBe('/courses/all');
    expect(getToken()).toBeNull();
    expect(error.status).toBe(401);
  });

  it('401 on /login does not navigate or remember /login (no loop from a failed sign-in)', async () => {
    here = { pathname: '/login', search: '?a=1' };
    const error = await failWith(401, { status_code: 401, message: 'no' }, 'auth/login');
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(getRedirectUrl()).toBeNull();
    expect(error.status).toBe(401);
  });

  it('401 on /logout leaves routing to the logout page and does not remember /logout', async () => {
    here = { pathname: '/logout', search: '' };
    await failWith(401, { status_code: 401, message: 'no' }, 'auth/logout');
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(getRedirectUrl()).toBeNull();
  });

  it('a late 401 for a token already replaced by a refresh is ignored', async () => {
    setToken(tokenFor('7'));
    const newer = tokenFor('7', 600, { jti: 'newer' });
    stubFetch(() => {
      setToken(newer); // the refresh lands while this request is on the wire
      return json({ status_code: 401, message: 'superseded' }, 401);
    });
    await expect(http.get('users/current')).rejects.toMatchObject({ status: 401 });
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe(newer);
  });

  it('404 → the not-found page with history replaced', async () => {
    const error = await failWith(404, { status_code: 404, message: 'Not found' }, 'users/999');
    expect(handlers.navigate).toHaveBeenCalledWith('/not-found', { replace: true });
    expect(error.status).toBe(404);
  });

  it('404 of a CPD code that is not genuine stays with the /verify page that asked (issue 45)', async () => {
    const error = await failWith(404, { status_code: 404, message: 'No CPD statement or certificate has this code.', code: 'CpdCodeNotGenuine' }, 'verify/AAAAAAAAAAAA');
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(error.status).toBe(404);
  });

  it('403 Forbidden on a read → the "not allowed" page with the server\'s message, history replaced (issue 43)', async () => {
    const message = "Only this session's trainer can see its codes.";
    const error = await failWith(403, { status_code: 403, message, code: 'Forbidden' }, 'offline_sessions/1/codes');
    expect(handlers.navigate).toHaveBeenCalledWith('/forbidden', { replace: true, state: { message } });
    expect(error).toMatchObject({ status: 403, message });
  });

  it('a 403 that is not a refusal of who you are (two-factor, XSRF, a rule of the page) stays with the page', async () => {
    await failWith(403, { status_code: 403, message: 'Two-factor required', code: 'NotAuthenticated' });
    await failWith(403, { status_code: 403, message: 'This session is not available to check in or out now.', code: 'OfflineSessionNotOpen' });
    await failWith(403, { status_code: 403, message: 'no code' });
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('a refused write (403 Forbidden on a POST) stays with the page that sent it', async () => {
    stubFetch(() => json({ status_code: 403, message: 'No', code: 'Forbidden' }, 403));
    await expect(http.post('offline_sessions/1/codes/rotate')).rejects.toMatchObject({ status: 403 });
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('no answer at all is never taken for a refusal: no navigation, the connection message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('offline_sessions/1/codes')).rejects.toBeInstanceOf(TypeError);
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('a message containing "The device has been expired" runs the user-expired handling', async () => {
    const message = 'The device has been expired, please sign in again';
    const error = await failWith(401, { status_code: 401, message });
    expect(handlers.onDeviceExpired).toHaveBeenCalledWith(message);
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(error.message).toBe(message);
  });

  it.each(['/login', '/logout'])('device-expired is not handled on %s', async (pathname) => {
    here = { pathname, search: '' };
    await failWith(403, { status_code: 403, message: 'The device has been expired' });
    expect(handlers.onDeviceExpired).not.toHaveBeenCalled();
  });

  it('other statuses only re-throw', async () => {
    const error = await failWith(500, { status_code: 500, message: 'Internal error' });
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.onDeviceExpired).not.toHaveBeenCalled();
    expect(error.message).toBe('Internal error');
  });

  it('does not navigate before the app configures the router (boot-time calls)', async () => {
    configureHttp({ ...defaultHttpHandlers, location: () => here });
    const error = await failWith(404, { status_code: 404, message: 'Not found' }, 'app-config');
    expect(error.status).toBe(404);
    expect(handlers.navigate).not.toHaveBeenCalled();
  });
});

describe('sendNow: a call answered before it returns (SCORM LMSCommit, ADR 029)', () => {
  /** A stand-in XMLHttpRequest: records what was opened, sent and set; answers `status`/`text`. */
  function fakeXhr(status: number, responseText: string, failing = false) {
    const seen: { method?: string; url?: string; async?: boolean; body?: string; headers: Record<string, string> } = { headers: {} };
    class FakeXhr {
      status = 0;
      responseText = '';
      open(method: string, url: string, async: boolean) {
        Object.assign(seen, { method, url, async });
      }
      setRequestHeader(name: string, value: string) {
        seen.headers[name.toLowerCase()] = value;
      }
      send(body: string) {
        if (failing) throw new DOMException('network', 'NetworkError');
        seen.body = body;
        this.status = status;
        this.responseText = responseText;
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return seen;
  }

  it('sends synchronously with the headers of every call and answers the status and the parsed body', () => {
    const token = tokenFor('7');
    setToken(token);
    document.cookie = 'XSRF-TOKEN=tok123; path=/';
    const seen = fakeXhr(200, '{"launch":2,"seq":1}');
    expect(sendNow('PUT', 'scorm/5/runtime', { seq: 1 })).toEqual({ status: 200, body: { launch: 2, seq: 1 } });
    expect(seen).toMatchObject({ method: 'PUT', url: `${origin}/api/scorm/5/runtime`, async: false, body: '{"seq":1}' });
    expect(seen.headers).toMatchObject({ authorization: `Bearer ${token}`, 'x-xsrf-token': 'tok123', 'x-client-id': getClientId(), 'content-type': 'application/json' });
  });

  it('answers status 0 when no answer came, and a null body when the answer is not JSON', () => {
    fakeXhr(0, '', true);
    expect(sendNow('PUT', 'scorm/5/runtime', {})).toEqual({ status: 0, body: null });
    fakeXhr(502, '<html>');
    expect(sendNow('PUT', 'scorm/5/runtime', {})).toEqual({ status: 502, body: null });
  });
});
