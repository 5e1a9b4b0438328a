import path from 'node:path';
import { z } from 'zod';
import {
  CONTINUAL_AUTH_MAX,
  CONTINUAL_AUTH_MIN,
  CONTINUAL_AUTH_SLACK_SECONDS,
  CONTINUAL_AUTH_UNIT_SECONDS,
  DEFAULT_SESSION_TIMEOUT_SECONDS,
  DEFAULT_SESSION_WARNING_SECONDS,
} from '../src/config/constants';
import { DEFAULT_POSTGRES_POOL, type PostgresPool } from './db/pool';

const FLAG_VALUES = ['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'] as const;
const isOn = (v: string) => v === '1' || v === 'true' || v === 'yes' || v === 'on';

const flag = (fallback: '0' | '1') =>
  z.enum(FLAG_VALUES, { error: 'must be 1 or 0 (true/false)' }).default(fallback).transform(isOn);

/** A flag whose default depends on another setting: undefined when unset. */
const optionalFlag = z
  .enum(FLAG_VALUES, { error: 'must be 1 or 0 (true/false)' })
  .optional()
  .transform((v) => (v === undefined ? undefined : isOn(v)));

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
    // Unset: DATA_DIR/scorm (ADR 029: installed SCORM packages, unpacked, one folder each).
    SCORM_DIR: optionalText,
    DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      error: 'must start with postgres:// or postgresql://',
    }),
    SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
      error: 'must look like smtp://user:pass@host:587 or smtps://host:465',
    }),
    MAIL_FROM: z.string().trim().min(3).default('Agent Academy <no-reply@agent-academy.test>'),
    // Issue 43: how long after a merge the agent may undo it.
    MERGE_UNDO_DAYS: positiveInt(7, 3650),
    LD_CONTACT_EMAIL: z.string().trim().email({ error: 'must be an email address' }).default('learning@agent-academy.test'),
    APP_BASE_URL: optionalText.refine((v) => v === undefined || URL.canParse(v), { error: 'must be an absolute URL' }),
    SESSION_TIMEOUT_SECONDS: positiveInt(DEFAULT_SESSION_TIMEOUT_SECONDS, 86_400),
    SESSION_WARNING_SECONDS: positiveInt(DEFAULT_SESSION_WARNING_SECONDS, 86_400),
    JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, { error: 'must be at least 32 characters' }),
    DEMO_MODE: flag('1'),
    TWO_FACTOR_REQUIRED: flag('0'),
    // The app configuration's offlineCourse flag (SPEC §9: on); 0 hides classroom courses (their API answers 404).
    OFFLINE_COURSE: flag('1'),
    // Unset: on in the demo (DEMO_MODE=1), off otherwise.
    SINGLE_DEVICE_SESSIONS: optionalFlag,
    // Unset: on in the demo, off otherwise.
    CONTINUAL_AUTH: optionalFlag,
    CONTINUAL_AUTH_MIN: positiveInt(CONTINUAL_AUTH_MIN, 10_000),
    CONTINUAL_AUTH_MAX: positiveInt(CONTINUAL_AUTH_MAX, 10_000),
    CONTINUAL_AUTH_UNIT_SECONDS: positiveInt(CONTINUAL_AUTH_UNIT_SECONDS, 3600),
    CONTINUAL_AUTH_SLACK_SECONDS: positiveInt(CONTINUAL_AUTH_SLACK_SECONDS, 86_400),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(900, 86_400),
    RATE_LIMIT_MAX_PER_ACCOUNT: positiveInt(5, 1_000_000),
    RATE_LIMIT_MAX_PER_ADDRESS: positiveInt(50, 1_000_000),
    RATE_LIMIT_MAX_DELAY_SECONDS: positiveInt(300, 86_400),
    TRUST_PROXY: flag('0'),
    // Issue 43 §13: a profile picture of more pixels is refused before it is decoded (a decompression bomb).
    PICTURE_MAX_PIXELS: positiveInt(40_000_000, 268_402_689),
    // ADR 053: HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) from this process; unset: plain HTTP/1.1.
    TLS_CERT_FILE: optionalText,
    TLS_KEY_FILE: optionalText,
    // ADR 036: server processes sharing the port (node:cluster); more than one needs PostgreSQL.
    WORKERS: positiveInt(1, 64),
    // ADR 044: each server process's PostgreSQL connections, for single statements and for transactions.
    DATABASE_STATEMENT_CONNECTIONS: positiveInt(DEFAULT_POSTGRES_POOL.statements, 100),
    DATABASE_TRANSACTION_CONNECTIONS: positiveInt(DEFAULT_POSTGRES_POOL.transactions, 100),
  })
  .refine((e) => e.SESSION_WARNING_SECONDS < e.SESSION_TIMEOUT_SECONDS, {
    error: 'must be smaller than SESSION_TIMEOUT_SECONDS',
    path: ['SESSION_WARNING_SECONDS'],
  })
  .refine((e) => !(e.WORKERS > 1) || e.DATABASE_URL !== undefined, {
    error: 'more than 1 needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process',
    path: ['WORKERS'],
  })
  .refine((e) => (e.TLS_CERT_FILE === undefined) === (e.TLS_KEY_FILE === undefined), {
    error: 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both (HTTPS) or neither (HTTP)',
    path: ['TLS_KEY_FILE'],
  })
  .refine((e) => e.CONTINUAL_AUTH_MIN < e.CONTINUAL_AUTH_MAX, {
    error: 'must be smaller than CONTINUAL_AUTH_MAX (the delay is at least min and below max)',
    path: ['CONTINUAL_AUTH_MIN'],
  });

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Installed SCORM packages, SCORM_DIR/<package-id>/… (ADR 029); default DATA_DIR/scorm. */
  scormDir: string;
  databaseUrl?: string;
  /** ADR 044: PostgreSQL connections per server process (DATABASE_STATEMENT_CONNECTIONS, DATABASE_TRANSACTION_CONNECTIONS). */
  databasePool: PostgresPool;
  smtpUrl?: string;
  mailFrom: string;
  appBaseUrl: string;
  /** The learning and development team's address, named when a merge cannot identify the agent (SPEC §8). */
  ldContactEmail: string;
  /** Days after a merge its undo is allowed (MERGE_UNDO_DAYS, issue 43). */
  mergeUndoDays: number;
  sessionTimeoutSeconds: number;
  sessionWarningSeconds: number;
  jwtSecret?: string;
  demoMode: boolean;
  twoFactorRequired: boolean;
  /** The app configuration's offlineCourse flag (ADR 031): off, every offline endpoint answers 404. */
  offlineCourse: boolean;
  /** A sign-in from another browser (X-Client-Id) expires the user's older sessions. */
  singleDeviceSessions: boolean;
  /** App configuration continualAuthentication (SPEC §4): prompts every [min, max) units of unitSeconds. */
  continualAuth: { enabled: boolean; min: number; max: number; unitSeconds: number; slackSeconds: number };
  /** Failed sign-ins and codes per account and per client address, in a sliding window, before
   * each further try waits 1 s, 2 s, 4 s … up to maxDelaySeconds (DESIGN §5, ADR 013). */
  rateLimit: { windowSeconds: number; maxPerAccount: number; maxPerAddress: number; maxDelaySeconds: number };
  /** The client address is the last X-Forwarded-For entry (set by our proxy), not the socket's. */
  trustProxy: boolean;
  /** The most pixels (width × height) a profile picture may have; more is refused unread (issue 43 §13). */
  pictureMaxPixels: number;
  /** Server processes sharing the port (ADR 036): 1 serves in this process; more fork workers (PostgreSQL only). */
  workers: number;
  /** HTTPS with HTTP/2 from these PEM files (ADR 053); undefined: plain HTTP/1.1 (behind a proxy that speaks TLS). */
  tls?: { certFile: string; keyFile: string };
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
  // ADR 005/036: the journeys' clock lives in one process's memory; two processes would disagree on the time.
  if (e.WORKERS > 1 && cleaned.E2E_CLOCK === '1') {
    return { ok: false, errors: ['WORKERS: more than 1 cannot run with E2E_CLOCK=1 (the test clock is kept in one process)'] };
  }
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      scormDir: path.resolve(e.SCORM_DIR ?? path.join(e.DATA_DIR, 'scorm')),
      databaseUrl: e.DATABASE_URL,
      databasePool: { statements: e.DATABASE_STATEMENT_CONNECTIONS, transactions: e.DATABASE_TRANSACTION_CONNECTIONS },
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      ldContactEmail: e.LD_CONTACT_EMAIL,
      mergeUndoDays: e.MERGE_UNDO_DAYS,
      appBaseUrl: (e.APP_BASE_URL ?? `${e.TLS_CERT_FILE ? 'https' : 'http'}://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
      sessionTimeoutSeconds: e.SESSION_TIMEOUT_SECONDS,
      sessionWarningSeconds: e.SESSION_WARNING_SECONDS,
      jwtSecret: e.JWT_SECRET,
      demoMode: e.DEMO_MODE,
      twoFactorRequired: e.TWO_FACTOR_REQUIRED,
      offlineCourse: e.OFFLINE_COURSE,
      singleDeviceSessions: e.SINGLE_DEVICE_SESSIONS ?? e.DEMO_MODE,
      continualAuth: {
        enabled: e.CONTINUAL_AUTH ?? e.DEMO_MODE,
        min: e.CONTINUAL_AUTH_MIN,
        max: e.CONTINUAL_AUTH_MAX,
        unitSeconds: e.CONTINUAL_AUTH_UNIT_SECONDS,
        slackSeconds: e.CONTINUAL_AUTH_SLACK_SECONDS,
      },
      rateLimit: {
        windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
        maxPerAccount: e.RATE_LIMIT_MAX_PER_ACCOUNT,
        maxPerAddress: e.RATE_LIMIT_MAX_PER_ADDRESS,
        maxDelaySeconds: e.RATE_LIMIT_MAX_DELAY_SECONDS,
      },
      trustProxy: e.TRUST_PROXY,
      pictureMaxPixels: e.PICTURE_MAX_PIXELS,
      workers: e.WORKERS,
      tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) } : undefined,
    },
  };
}

/** A valid configuration for tests: the defaults, then the overrides. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  // Settings that follow DEMO_MODE when unset (continual authentication) follow the override too.
  const result = loadConfig({ DATA_DIR: '/nonexistent', SMTP_URL: undefined, DEMO_MODE: overrides.demoMode === false ? '0' : undefined });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  // Tests sign the same user in from several clients; single-device sessions are tested on purpose.
  // Every request of a test comes from one address and many fail on purpose: rate limits are
  // tested on purpose too, with their own numbers.
  return {
    ...result.config,
    appBaseUrl: 'http://app.test',
    singleDeviceSessions: false,
    rateLimit: { windowSeconds: 900, maxPerAccount: 1000, maxPerAddress: 1000, maxDelaySeconds: 300 },
    ...overrides,
  };
}
