import type { ApiError } from './schemas/error.schema';
import en from '../i18n/locales/en/api.json';
import cn from '../i18n/locales/cn/api.json';
import zh from '../i18n/locales/zh/api.json';

export type ApiMessageKey = keyof typeof en;
const catalogues: Record<string, typeof en> = { en, cn, zh };

/** Messages for failures the server could not word itself (no answer, unreadable answer).
 * Read straight from the catalogue: the http layer has no i18next instance of its own. */
export function apiMessage(key: ApiMessageKey, lang: string, vars: Record<string, string | number> = {}): string {
  const template = (catalogues[lang] ?? en)[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Every failed API call rejects with this. status 0 = no HTTP answer (network, timeout). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | null;

  constructor(status: number, body: ApiError | null, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

/** The server answered, but not with what the contract says: never accepted silently. */
export class InvalidResponseError extends ApiRequestError {
  readonly details: string;

  constructor(status: number, details: string, message: string) {
    super(status, null, message);
    this.name = 'InvalidResponseError';
    this.details = details;
  }
}
