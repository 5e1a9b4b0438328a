import { afterEach, describe, expect, it } from 'vitest';
import {
  authGuard,
  detectMobilePlatform,
  getMobilePlatform,
  isMobileDevice,
  loginGuard,
  mobileCheck,
  setGuardConfig,
} from './guards';
import { getRedirectUrl, setRedirectUrl, setToken } from '../platform/storage/token-storage';
import { tokenFor } from '../api/test-helpers';
import { specDefaultAppConfig } from '../config/app-config.defaults';

const at = (path: string) => ({ request: new Request(`http://localhost${path}`) });

/** Runs a guard and answers where it redirected to, or null when it let the navigation through. */
function outcome(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

afterEach(() => setGuardConfig(specDefaultAppConfig));

describe('authGuard', () => {
  it('lets a signed-in user through', () => {
    setToken(tokenFor('1'));
    expect(outcome(() => authGuard(at('/courses/all?x=1')))).toBeNull();
  });

  it('sends a signed-out user to /login with the query merged and the path remembered', () => {
    expect(outcome(() => authGuard(at('/courses/all?tab=2&q=a%20b')))).toBe('/login?tab=2&q=a%20b');
    expect(getRedirectUrl()).toBe('/courses/all');
  });

  it('treats an expired token as signed out', () => {
    setToken(tokenFor('1', -5));
    expect(outcome(() => authGuard(at('/profile')))).toBe('/login');
    expect(getRedirectUrl()).toBe('/profile');
  });

  it('does not remember /login itself', () => {
    setRedirectUrl('/profile');
    expect(outcome(() => authGuard(at('/login?a=1')))).toBe('/login?a=1');
    expect(getRedirectUrl()).toBe('/profile');
  });

  it('keeps a token without the two-factor claim on the two-factor page when the app requires it', () => {
    setGuardConfig({ ...specDefaultAppConfig, twoFactorRequired: true });
    setToken(tokenFor('1'));
    expect(outcome(() => authGuard(at('/main')))).toBe('/setting/two-factor');
    expect(outcome(() => authGuard(at('/setting?x=1')))).toBe('/setting/two-factor');
    expect(outcome(() => authGuard(at('/setting/two-factor')))).toBeNull();
    // Not remembered as the page to return to after a sign-in.
    expect(getRedirectUrl()).toBeNull();
    setToken(tokenFor('1', 600, { g2fa: true }));
    expect(outcome(() => authGuard(at('/main')))).toBeNull();
  });

  it('does not ask for two-factor when the app does not require it', () => {
    setToken(tokenFor('1'));
    expect(outcome(() => authGuard(at('/setting/two-factor')))).toBeNull();
    expect(outcome(() => authGuard(at('/main')))).toBeNull();
  });

  it('sends an expired token without two-factor to /login, not to the two-factor page', () => {
    setGuardConfig({ ...specDefaultAppConfig, twoFactorRequired: true });
    setToken(tokenFor('1', -5));
    expect(outcome(() => authGuard(at('/setting/two-factor')))).toBe('/login');
  });
});

describe('loginGuard', () => {
  it('lets a signed-out user see /login', () => {
    expect(outcome(() => loginGuard(at('/login')))).toBeNull();
  });

  it('sends a signed-in user to the remembered page once, then to /main', () => {
    setToken(tokenFor('1'));
    setRedirectUrl('/courses/material');
    expect(outcome(() => loginGuard(at('/login')))).toBe('/courses/material');
    expect(getRedirectUrl()).toBeNull();
    expect(outcome(() => loginGuard(at('/login')))).toBe('/main');
  });

  it("returns to the remembered page with the query /login was given (a quiz's ?q=, issue 13)", () => {
    expect(outcome(() => authGuard(at('/course/5/quiz/7?q=3')))).toBe('/login?q=3');
    setToken(tokenFor('1'));
    expect(outcome(() => loginGuard(at('/login?q=3')))).toBe('/course/5/quiz/7?q=3');
    expect(outcome(() => loginGuard(at('/login?q=3')))).toBe('/main');
  });

  it('sends a user who still owes the second factor from /login to the two-factor page', () => {
    setGuardConfig({ ...specDefaultAppConfig, twoFactorRequired: true });
    setToken(tokenFor('1'));
    expect(outcome(() => loginGuard(at('/login')))).toBe('/setting/two-factor');
    setToken(tokenFor('1', 600, { g2fa: true }));
    expect(outcome(() => loginGuard(at('/login')))).toBe('/main');
  });
});

describe('mobile check', () => {
  const ua = {
    iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    ipadOS: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  };

  it.each([
    [ua.iphone, 5, 'ios'],
    [ua.ipadOld, 5, 'ios'],
    [ua.ipadOS, 5, 'ios'],
    [ua.ipadOS, 0, null],
    [ua.ipadOS, 1, null],
    [ua.android, 5, 'android'],
    [ua.windows, 10, null],
    ['', 0, null],
  ])('%s with %i touch points → %s', (userAgent, touchPoints, platform) => {
    expect(detectMobilePlatform(userAgent, touchPoints)).toBe(platform);
    expect(isMobileDevice(userAgent, touchPoints)).toBe(platform !== null);
  });

  it('records the platform and always allows navigation', () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgent');
    Object.defineProperty(navigator, 'userAgent', { value: ua.android, configurable: true });
    try {
      expect(mobileCheck()).toBeNull();
      expect(getMobilePlatform()).toBe('android');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).userAgent;
      if (original) expect(navigator.userAgent).not.toBe(ua.android);
    }
    expect(mobileCheck()).toBeNull();
    expect(getMobilePlatform()).toBeNull();
  });
});
