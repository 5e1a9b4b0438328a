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
/** On-screen time is credited only within (max units + this slack) seconds of the last identity
 * check passed (or the sign-in): the slack covers the time a learner takes to answer a prompt. */
export const CONTINUAL_AUTH_SLACK_SECONDS = 120;

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
  /** The browser's clock (ms) when it sends on-screen time: the server checks a record's duration
   * on the clock that made its key, so a device clock that is off loses no time (ADR 010). */
  clientTime: 'X-Client-Time',
} as const;
export const APP_ID = 'agent-academy';
export const CLIENT_PLATFORM = 'studentweb';
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The interface language, copied from storage for the server: it names that language's texts in a
 * first page's HTML (ADR 043). Not a preference of its own: localStorage `lang` stays the source. */
export const LANGUAGE_COOKIE = 'lang';

/** Storage keys of SPEC §3. */
export const STORAGE_KEY = {
  token: 'student-token',
  clientId: 'client-id',
  keepOnScreen: 'keep_on_screen',
  redirectUrl: 'redirect_url',
  lang: 'lang',
  onScreenDuration: 'onScreenDuration',
  appDownloadSeen: 'app_download_seen',
} as const;

export const DEFAULT_ICON_URL = '/assets/placeholder-profile.svg';
export const DEFAULT_COVER_URL = '/assets/placeholder-cover.svg';

/** Server messages the client recognises by content (SPEC §8). */
export const DEVICE_EXPIRED_MESSAGE = 'The device has been expired';

/** SPEC §3 attachment types (the icon set). */
export const ATTACHMENT_TYPES = ['docx', 'xlsx', 'pptx', 'png', 'jpeg', 'mp3', 'mp4', 'pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** How the browser presents a decrypted attachment (SPEC §7): media as a data URL, PDF as bytes,
 * office documents as their URL unchanged (opened in a new window). */
export const ATTACHMENT_MEDIA: Record<AttachmentType, 'video' | 'audio' | 'image' | 'pdf' | 'document'> = {
  mp4: 'video',
  mp3: 'audio',
  png: 'image',
  jpeg: 'image',
  pdf: 'pdf',
  docx: 'document',
  xlsx: 'document',
  pptx: 'document',
};

/** SPEC §9 "Attachment criteria": whether completion needs the media watched to its end. */
export const ATTACHMENT_CRITERIA = { pdf: false, video: true } as const;
/** SPEC §9 "Skip": whether seeking ahead of what was already played is allowed. */
export const ATTACHMENT_SKIP = { video: false, audio: true, pdf: false } as const;
/** A video counts as watched to the end when at most this many seconds were never played. */
export const VIDEO_COMPLETION_TOLERANCE_SECONDS = 2;

/** SPEC §9 material languages and the app language each maps to. */
export const MATERIAL_LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type MaterialLanguage = (typeof MATERIAL_LANGUAGES)[number];
export const MATERIAL_LANGUAGE_TO_APP: Record<MaterialLanguage, Language> = { en: 'en', 'zh-Hant': 'zh', 'zh-Hans': 'cn' };

/** SPEC §3 course kinds. */
export const COURSE_KINDS = ['compulsory', 'elective', 'recommended'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

/** SPEC §8: the duration sync's "already recorded" answer, treated as success. */
export const RECORD_EXISTS_MESSAGE = 'Record exists';
/** SPEC §3: the total-log answer for a completed course is a list starting with this text. */
export const COURSE_COMPLETED_MESSAGE = 'Course has already completed';
/** The server refuses a duration larger than the wall time since the record's key plus this slack
 * (seconds): a client cannot inflate the time it reports. */
export const ON_SCREEN_CLOCK_SLACK_SECONDS = 5;
/** A viewing (an item or attachment opened, as the server saw it) takes records for this long
 * after it began: long enough for a working day offline, short enough that an old viewing cannot
 * be used to claim time on another day. */
export const VIEWING_MAX_SECONDS = 12 * 3600;
