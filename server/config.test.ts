import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      mailFrom: 'Agent Academy <no-reply@agent-academy.test>',
      ldContactEmail: 'learning@agent-academy.test',
      mergeUndoDays: 7,
      appBaseUrl: 'http://127.0.0.1:8080',
      sessionTimeoutSeconds: 600,
      sessionWarningSeconds: 60,
      demoMode: true,
      twoFactorRequired: false,
      singleDeviceSessions: true,
      continualAuth: { enabled: true, min: 15, max: 30, unitSeconds: 60 },
      rateLimit: { windowSeconds: 900, maxPerAccount: 5, maxPerAddress: 50, maxDelaySeconds: 300 },
      trustProxy: false,
      workers: 1,
      databasePool: { statements: 2, transactions: 8 },
    });
    expect(result.config.dataDir).toMatch(/\/data$/);
    expect(result.config.scormDir).toMatch(/\/data\/scorm$/);
    expect(result.config.databaseUrl).toBeUndefined();
    expect(result.config.smtpUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const result = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/aa',
      SCORM_DIR: '/srv/scorm',
      DATABASE_URL: 'postgres://u:p@db:5432/aa',
      SMTP_URL: 'smtp://mail:2525',
      MAIL_FROM: 'Academy <a@b.test>',
      LD_CONTACT_EMAIL: 'ld@b.test',
      MERGE_UNDO_DAYS: '3',
      APP_BASE_URL: 'https://academy.example/',
      SESSION_TIMEOUT_SECONDS: '900',
      SESSION_WARNING_SECONDS: '90',
      JWT_SECRET: 'x'.repeat(32),
      DEMO_MODE: '0',
      TWO_FACTOR_REQUIRED: 'true',
      OFFLINE_COURSE: '0',
      SINGLE_DEVICE_SESSIONS: '1',
      CONTINUAL_AUTH: 'off',
      CONTINUAL_AUTH_MIN: '2',
      CONTINUAL_AUTH_MAX: '4',
      CONTINUAL_AUTH_UNIT_SECONDS: '1',
      CONTINUAL_AUTH_SLACK_SECONDS: '30',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_MAX_PER_ACCOUNT: '3',
      RATE_LIMIT_MAX_PER_ADDRESS: '10',
      RATE_LIMIT_MAX_DELAY_SECONDS: '30',
      TRUST_PROXY: '1',
      PICTURE_MAX_PIXELS: '25000000',
      WORKERS: '3',
      DATABASE_STATEMENT_CONNECTIONS: '1',
      DATABASE_TRANSACTION_CONNECTIONS: '20',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        port: 9000,
        host: '0.0.0.0',
        dataDir: '/tmp/aa',
        scormDir: '/srv/scorm',
        databaseUrl: 'postgres://u:p@db:5432/aa',
        smtpUrl: 'smtp://mail:2525',
        mailFrom: 'Academy <a@b.test>',
        ldContactEmail: 'ld@b.test',
        mergeUndoDays: 3,
        appBaseUrl: 'https://academy.example',
        sessionTimeoutSeconds: 900,
        sessionWarningSeconds: 90,
        jwtSecret: 'x'.repeat(32),
        demoMode: false,
        twoFactorRequired: true,
        offlineCourse: false,
        singleDeviceSessions: true,
        continualAuth: { enabled: false, min: 2, max: 4, unitSeconds: 1, slackSeconds: 30 },
        rateLimit: { windowSeconds: 60, maxPerAccount: 3, maxPerAddress: 10, maxDelaySeconds: 30 },
        trustProxy: true,
        pictureMaxPixels: 25_000_000,
        workers: 3,
        databasePool: { statements: 1, transactions: 20 },
      },
    });
  });

  it('turns continual authentication on with the demo unless told otherwise', () => {
    const enabled = (env: Record<string, string>) => {
      const r = loadConfig(env);
      if (!r.ok) throw new Error(r.errors.join());
      return r.config.continualAuth.enabled;
    };
    expect(enabled({})).toBe(true);
    expect(enabled({ DEMO_MODE: '0' })).toBe(false);
    expect(enabled({ DEMO_MODE: '0', CONTINUAL_AUTH: '1' })).toBe(true);
    expect(enabled({ CONTINUAL_AUTH: 'no' })).toBe(false);
  });

  it('runs several workers only on PostgreSQL and never with the test clock', () => {
    const errors = (env: Record<string, string>) => {
      const r = loadConfig(env);
      return r.ok ? [] : r.errors;
    };
    expect(errors({ WORKERS: '2' })).toEqual([expect.stringMatching(/^WORKERS: more than 1 needs DATABASE_URL/)]);
    expect(errors({ WORKERS: '2', DATABASE_URL: 'postgres://db/aa' })).toEqual([]);
    expect(errors({ WORKERS: '1' })).toEqual([]);
    expect(errors({ DATABASE_STATEMENT_CONNECTIONS: '0', DATABASE_TRANSACTION_CONNECTIONS: 'many' })).toEqual([
      expect.stringMatching(/^DATABASE_STATEMENT_CONNECTIONS: must be a whole number from 1 to 100/),
      expect.stringMatching(/^DATABASE_TRANSACTION_CONNECTIONS: must be a whole number from 1 to 100/),
    ]);
    expect(errors({ WORKERS: '2', DATABASE_URL: 'postgres://db/aa', E2E_CLOCK: '1' })).toEqual([expect.stringMatching(/^WORKERS: more than 1 cannot run with E2E_CLOCK=1/)]);
    expect(errors({ WORKERS: '1', E2E_CLOCK: '1' })).toEqual([]);
    expect(errors({ WORKERS: '0' })).toEqual(['WORKERS: must be a whole number from 1 to 64']);
  });

  it('derives APP_BASE_URL from HOST and PORT', () => {
    const result = loadConfig({ HOST: 'localhost', PORT: '8099' });
    expect(result.ok && result.config.appBaseUrl).toBe('http://localhost:8099');
  });

  it('serves HTTPS with both TLS files, and refuses one without the other (ADR 053)', () => {
    const result = loadConfig({ HOST: 'localhost', PORT: '8443', TLS_CERT_FILE: '/etc/aa/cert.pem', TLS_KEY_FILE: '/etc/aa/key.pem' });
    expect(result.ok && result.config.tls).toEqual({ certFile: '/etc/aa/cert.pem', keyFile: '/etc/aa/key.pem' });
    expect(result.ok && result.config.appBaseUrl).toBe('https://localhost:8443');
    const plain = loadConfig({});
    expect(plain.ok && plain.config.tls).toBeUndefined();
    for (const half of [{ TLS_CERT_FILE: '/etc/aa/cert.pem' }, { TLS_KEY_FILE: '/etc/aa/key.pem' }]) {
      const r = loadConfig(half);
      expect(r.ok ? [] : r.errors).toEqual([expect.stringMatching(/^TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together/)]);
    }
  });

  it('treats empty variables as unset', () => {
    const result = loadConfig({ SMTP_URL: '', PORT: '', DATABASE_URL: '' });
    expect(result.ok && result.config.port).toBe(8080);
    expect(result.ok && result.config.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ SESSION_TIMEOUT_SECONDS: '0' }, 'SESSION_TIMEOUT_SECONDS'],
    [{ SESSION_TIMEOUT_SECONDS: '60', SESSION_WARNING_SECONDS: '60' }, 'SESSION_WARNING_SECONDS'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ APP_BASE_URL: 'not a url' }, 'APP_BASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ CONTINUAL_AUTH: 'sometimes' }, 'CONTINUAL_AUTH'],
    [{ CONTINUAL_AUTH_MIN: '30', CONTINUAL_AUTH_MAX: '30' }, 'CONTINUAL_AUTH_MIN'],
    [{ CONTINUAL_AUTH_MIN: '0' }, 'CONTINUAL_AUTH_MIN'],
    [{ CONTINUAL_AUTH_UNIT_SECONDS: '1.5' }, 'CONTINUAL_AUTH_UNIT_SECONDS'],
    [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, 'RATE_LIMIT_WINDOW_SECONDS'],
    [{ RATE_LIMIT_MAX_PER_ACCOUNT: 'five' }, 'RATE_LIMIT_MAX_PER_ACCOUNT'],
    [{ RATE_LIMIT_MAX_PER_ADDRESS: '-3' }, 'RATE_LIMIT_MAX_PER_ADDRESS'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
  ])('refuses %o with a message naming %s', (env, name) => {
    const result = loadConfig(env);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join('\n')).toMatch(new RegExp(`^${name}: \\S`, 'm'));
  });
});
