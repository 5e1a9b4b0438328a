import { describe, expect, it, vi } from 'vitest';
import {
  clearRedirectUrl,
  clearSessionKeepClientId,
  clearToken,
  getClientId,
  getRedirectUrl,
  getToken,
  hasPassedTwoFactor,
  isKeepOnScreen,
  isLoggedIn,
  onTokenChange,
  readClaims,
  setKeepOnScreen,
  setRedirectUrl,
  setToken,
} from './token-storage';
import { fakeJwt, tokenFor } from '../../api/test-helpers';

describe('token storage', () => {
  it('keeps the token in session storage under student-token', () => {
    setToken('a.b.c');
    expect(sessionStorage.getItem('student-token')).toBe('a.b.c');
    expect(getToken()).toBe('a.b.c');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('reads the claims, and rejects what is not a JWT with a sub', () => {
    const token = fakeJwt({ sub: '7', iat: 1, nbf: 1, exp: 2, g2fa: true, jti: 'j' });
    expect(readClaims(token)).toEqual({ sub: '7', iat: 1, nbf: 1, exp: 2, g2fa: true, jti: 'j' });
    expect(readClaims('not-a-jwt')).toBeNull();
    expect(readClaims(fakeJwt({ exp: 2 }))).toBeNull();
    expect(readClaims(null)).toBeNull();
  });

  it('is logged in only with a decodable token whose exp is in the future', () => {
    expect(isLoggedIn()).toBe(false);
    setToken(fakeJwt({ sub: '1', exp: 1000 }));
    expect(isLoggedIn(999_000)).toBe(true);
    expect(isLoggedIn(1_000_000)).toBe(false);
    setToken(fakeJwt({ sub: '1' }));
    expect(isLoggedIn()).toBe(false);
    setToken('garbage');
    expect(isLoggedIn()).toBe(false);
  });

  it('has passed two-factor only with the g2fa claim', () => {
    setToken(tokenFor('1'));
    expect(hasPassedTwoFactor()).toBe(false);
    setToken(tokenFor('1', 600, { g2fa: true }));
    expect(hasPassedTwoFactor()).toBe(true);
  });

  it('creates one client id per session that survives logout', () => {
    const id = getClientId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(getClientId()).toBe(id);
    setToken(tokenFor('1'));
    setRedirectUrl('/profile');
    setKeepOnScreen(true);
    clearSessionKeepClientId();
    expect(getToken()).toBeNull();
    expect(getRedirectUrl()).toBeNull();
    expect(isKeepOnScreen()).toBe(false);
    expect(getClientId()).toBe(id);
    expect(sessionStorage.getItem('client-id')).toBe(id);
  });

  it('remembers only same-site paths as redirect targets', () => {
    setRedirectUrl('/courses/all');
    expect(sessionStorage.getItem('redirect_url')).toBe('/courses/all');
    expect(getRedirectUrl()).toBe('/courses/all');
    setRedirectUrl('https://evil.example.com');
    expect(getRedirectUrl()).toBe('/courses/all');
    sessionStorage.setItem('redirect_url', '//evil.example.com');
    expect(getRedirectUrl()).toBeNull();
    clearRedirectUrl();
    expect(sessionStorage.getItem('redirect_url')).toBeNull();
  });

  it('reads keep_on_screen as the string "true"', () => {
    expect(isKeepOnScreen()).toBe(false);
    sessionStorage.setItem('keep_on_screen', 'true');
    expect(isKeepOnScreen()).toBe(true);
    sessionStorage.setItem('keep_on_screen', 'yes');
    expect(isKeepOnScreen()).toBe(false);
  });

  it('tells listeners when the token changes, and only then', () => {
    const listener = vi.fn();
    const stop = onTokenChange(listener);
    setToken('a.b.c');
    setToken('a.b.c');
    setToken('d.e.f');
    clearToken();
    clearToken();
    setToken('g.h.i');
    clearSessionKeepClientId();
    expect(listener.mock.calls).toEqual([['a.b.c'], ['d.e.f'], [null], ['g.h.i'], [null]]);
    stop();
    setToken('x.y.z');
    expect(listener).toHaveBeenCalledTimes(5);
  });
});
