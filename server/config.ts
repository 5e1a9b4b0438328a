import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_TIMEOUT_SECONDS, DEFAULT_SESSION_WARNING_SECONDS } from '../src/config/constants';

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be 1 or 0 (true/false)' })
    .default(fallback)
    .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) <= max, { error: `must be a whole number from 1 to ${max}` })
    .transform(Number);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z
  .object({
    PORT: positiveInt(8080, 65535),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      error: 'must start with postgres:// or postgresql://',
    }),
    SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
      error: 'must look like smtp://user:pass@host:587 or smtps://host:465',
    }),
    MAIL_FROM: z.string().trim().min(3).default('Agent Academy <no-reply@agent-academy.test>'),
    APP_BASE_URL: optionalText.refine((v) => v === undefined || URL.canParse(v), { error: 'must be an absolute URL' }),
    SESSION_TIMEOUT_SECONDS: positiveInt(DEFAULT_SESSION_TIMEOUT_SECONDS, 86_400),
    SESSION_WARNING_SECONDS: positiveInt(DEFAULT_SESSION_WARNING_SECONDS, 86_400),
    JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, { error: 'must be at least 32 characters' }),
    DEMO_MODE: flag('1'),
    TWO_FACTOR_REQUIRED: flag('0'),
    // Unset: on in the demo (DEMO_MODE=1), off otherwise.
    SINGLE_DEVICE_SESSIONS: z
      .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be 1 or 0 (true/false)' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true' || v === 'yes' || v === 'on')),
  })
  .refine((e) => e.SESSION_WARNING_SECONDS < e.SESSION_TIMEOUT_SECONDS, {
    error: 'must be smaller than SESSION_TIMEOUT_SECONDS',
    path: ['SESSION_WARNING_SECONDS'],
  });

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appBaseUrl: string;
  sessionTimeoutSeconds: number;
  sessionWarningSeconds: number;
  jwtSecret?: string;
  demoMode: boolean;
  twoFactorRequired: boolean;
  /** A sign-in from another browser (X-Client-Id) expires the user's older sessions. */
  singleDeviceSessions: boolean;
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; errors: string[] };

/** Reads the environment (DESIGN §6). Every problem is named so main.ts can print them all. */
export function loadConfig(env: Record<string, string | undefined>): ConfigResult {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      appBaseUrl: (e.APP_BASE_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
      sessionTimeoutSeconds: e.SESSION_TIMEOUT_SECONDS,
      sessionWarningSeconds: e.SESSION_WARNING_SECONDS,
      jwtSecret: e.JWT_SECRET,
      demoMode: e.DEMO_MODE,
      twoFactorRequired: e.TWO_FACTOR_REQUIRED,
      singleDeviceSessions: e.SINGLE_DEVICE_SESSIONS ?? e.DEMO_MODE,
    },
  };
}

/** A valid configuration for tests: the defaults, then the overrides. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const result = loadConfig({ DATA_DIR: '/nonexistent', SMTP_URL: undefined });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  // Tests sign the same user in from several clients; single-device sessions are tested on purpose.
  return { ...result.config, appBaseUrl: 'http://app.test', singleDeviceSessions: false, ...overrides };
}
