import { redirect } from 'react-router-dom';
import type { AppConfig } from '../api/schemas/app-config.schema';
import { specDefaultAppConfig } from '../config/app-config.defaults';
import { hasPassedTwoFactor, isLoggedIn, setRedirectUrl } from '../platform/storage/token-storage';
import { takeRedirectTarget } from './sign-in/after-sign-in';

// SPEC §2 "Guards", as react-router loaders. Loaders of a parent route do not re-run when only a
// child changes, so the router gives authGuard to the layout AND to each child (child activation).

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/main';
/** With two-factor required, a session without it may open only this page (and /logout). */
export const TWO_FACTOR_PATH = '/setting/two-factor';

let guardConfig: AppConfig = specDefaultAppConfig;

/** Called once at boot with the app configuration (two-factor requirement). */
export function setGuardConfig(config: AppConfig): void {
  guardConfig = config;
}

/** A feature flag that hides pages (SPEC §6, §9), read when a guard runs: the route table is built
 * at boot, before the configuration has arrived (ADR 035, addendum 3). */
export function featureEnabled(flag: 'offlineCourse' | 'mockExam' | 'learningMap' | 'vocab'): boolean {
  return guardConfig.appEnabledFunction[flag];
}

interface GuardArgs {
  request: Request;
}

/** Signed in, and through two-factor when the app requires it. */
export function isAuthenticated(nowMs: number = Date.now()): boolean {
  return isLoggedIn(nowMs) && (!guardConfig.twoFactorRequired || hasPassedTwoFactor());
}

/** Signed in, but the app requires two-factor and this token has not passed it: the user must
 * turn it on (or sign in with a code) before any other page opens. */
export function owesSecondFactor(nowMs: number = Date.now()): boolean {
  return isLoggedIn(nowMs) && guardConfig.twoFactorRequired && !hasPassedTwoFactor();
}

/** Pages need a signed-in user; otherwise /login with the query merged and the path remembered.
 * A user who owes the second factor is kept on the two-factor page. */
export function authGuard({ request }: GuardArgs): null {
  if (isAuthenticated()) return null;
  const url = new URL(request.url);
  if (owesSecondFactor()) {
    if (url.pathname === TWO_FACTOR_PATH) return null;
    throw redirect(TWO_FACTOR_PATH);
  }
  if (url.pathname !== LOGIN_PATH) setRedirectUrl(url.pathname);
  throw redirect(`${LOGIN_PATH}${url.search}`);
}

/** /login while signed in → the remembered page (forgotten once used) with the query /login was
 * given, or /main; a user who owes the second factor → the two-factor page. */
export function loginGuard(args?: GuardArgs): null {
  if (owesSecondFactor()) throw redirect(TWO_FACTOR_PATH);
  if (!isAuthenticated()) return null;
  throw redirect(takeRedirectTarget(args ? new URL(args.request.url).search : ''));
}

export type MobilePlatform = 'ios' | 'android';
let mobilePlatform: MobilePlatform | null = null;

/** iOS or Android from the user agent; iPadOS presents itself as a Mac with a touch screen. */
export function detectMobilePlatform(userAgent: string, maxTouchPoints: number): MobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

export function isMobileDevice(userAgent: string, maxTouchPoints: number): boolean {
  return detectMobilePlatform(userAgent, maxTouchPoints) !== null;
}

/** Records the platform for the app-download dialog; never blocks navigation. */
export function mobileCheck(): null {
  mobilePlatform =
    typeof navigator === 'undefined' ? null : detectMobilePlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  return null;
}

export function getMobilePlatform(): MobilePlatform | null {
  return mobilePlatform;
}
