// Business constants of SPEC §9, named once. Both the browser and the server import these.

export const PRODUCT_TITLE = 'Agent Academy';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 12;
export const OTP_LENGTH = 6;

export const MANAGER_ASSIGN_MAX_BATCH = 10;

export const TIMER_TICK_MS = 1000;
export const IDLE_CHECK_INTERVAL_MS = 1000;

export const DEFAULT_SESSION_TIMEOUT_SECONDS = 600;
export const DEFAULT_SESSION_WARNING_SECONDS = 60;

export const CONTINUAL_AUTH_MIN = 15;
export const CONTINUAL_AUTH_MAX = 30;
/** SPEC §9 leaves the unit of min and max open; §4 says minutes. */
export const CONTINUAL_AUTH_UNIT_SECONDS = 60;

export const UPLOAD_LIMIT_FILE_BYTES = 209_715_200; // 200 MB
export const UPLOAD_LIMIT_VIDEO_BYTES = 209_715_200; // 200 MB
export const UPLOAD_LIMIT_IMAGE_BYTES = 2_097_152; // 2 MB

export const CACHE_LIFETIME_MS = 900_000; // 15 minutes
/** Under this window width the short variant of a two-variant text is shown. */
export const SHORT_TEXT_MAX_WIDTH = 576;
/** From this width the side navigation is a side panel instead of a modal overlay. */
export const SIDE_PANEL_MIN_WIDTH = 992;
export const DESKTOP_HEADER_HEIGHT_PX = 80;

export const LANGUAGES = ['en', 'cn', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The app-language header value sent for each interface language (SPEC §7). */
export function languageHeaderValue(lang: string | null | undefined): 'en' | 'zh-HK' | 'zh-CN' {
  if (lang === 'zh') return 'zh-HK';
  if (lang === 'cn') return 'zh-CN';
  return 'en';
}

/** Request header names (SPEC §7 names the headers' roles, not their names: see ADR 003). */
export const HEADER = {
  appId: 'X-App-Id',
  platform: 'X-Client-Platform',
  clientId: 'X-Client-Id',
  language: 'X-App-Language',
  xsrf: 'X-XSRF-TOKEN',
} as const;
export const APP_ID = 'agent-academy';
export const CLIENT_PLATFORM = 'studentweb';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Storage keys of SPEC §3. */
export const STORAGE_KEY = {
  token: 'student-token',
  clientId: 'client-id',
  keepOnScreen: 'keep_on_screen',
  redirectUrl: 'redirect_url',
  lang: 'lang',
  onScreenDuration: 'onScreenDuration',
} as const;

export const DEFAULT_ICON_URL = '/assets/placeholder-profile.svg';
export const DEFAULT_COVER_URL = '/assets/placeholder-cover.svg';

/** Server messages the client recognises by content (SPEC §8). */
export const DEVICE_EXPIRED_MESSAGE = 'The device has been expired';
