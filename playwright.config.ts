import { defineConfig, devices } from '@playwright/test';

// Journeys run in Debian's Chromium (never a downloaded browser) against the real server on a
// fresh embedded database, started by scripts/e2e-server.mjs from the built app in dist/.
const port = Number(process.env.E2E_PORT ?? 8181);
// The session journeys need a short session (20 s, box at 8 s) and one device per user: their own server,
// whose clock they move with the page's (E2E_CLOCK=1, tests/e2e/clock.ts, ADR 005).
const sessionPort = port + 1;
// Account security journeys change accounts (two-factor on, new passwords) and want identity prompts
// every 2–4 s (continual authentication in units of 1 s): their own server too.
const accountPort = port + 2;
// Learning journeys stop and restart their server mid-view: they start it themselves (tests/e2e/server-process.ts).
const learningPort = port + 3;
// ADR 020: one journey also runs against a server on PostgreSQL (a fresh database made through
// TEST_DATABASE_URL); without TEST_DATABASE_URL its project reports the journey as skipped (tests/e2e/fixtures.ts).
const postgresPort = port + 4;
const postgresAdminUrl = process.env.TEST_DATABASE_URL;
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry (ADR 045): a journey drives a real browser, server and database on a loaded 2-core
  // machine, and a lost race in the harness (not in the product) has sunk whole submissions. A test
  // that fails twice fails; one that passes on its retry is named in the run's summary as flaky.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Playwright hands out the test groups in the order of this list (each file of a project is one
  // group, run by one worker, except the parallel accessibility walks). The longest serial groups come
  // first and the many short ones of `chromium` last, so the two workers end together instead of one
  // running learning.spec.ts alone at the end (ADR 038). The order changes no test: each project keeps
  // its own server and its files' order.
  projects: [
    { name: 'learning', testMatch: /learning\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${learningPort}` } },
    { name: 'session', testMatch: /session\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${sessionPort}` } },
    // Its server is started by the journey (a fresh database: the demo's classroom seats are known), issue 14.
    { name: 'offline', testMatch: /offline\.spec\.ts$/ },
    // Its server is started by the journey (E2E_CLOCK=1, its own data directory).
    { name: 'quiz', testMatch: /quiz\.spec\.ts$/ },
    // Its server is started by the journey (a fresh database: the demo's mock exam numbers are known).
    { name: 'mock-exams', testMatch: /mock-exams\.spec\.ts$/ },
    { name: 'account', testMatch: /account-.+\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${accountPort}` } },
    // Its server is started by the journey (its own data directory): the SCORM launcher (ADR 029).
    { name: 'scorm', testMatch: /scorm\.spec\.ts$/ },
    // Its server is started by the journey (a fresh database: the merge changes the demo accounts; issue 14).
    { name: 'recruits', testMatch: /recruits\.spec\.ts$/ },
    // Its server is started by the journey (a fresh database: the demo's requests are known).
    { name: 'management', testMatch: /management\.spec\.ts$/ },
    // Its server is started by the journey (a fresh database: the demo's notifications are known and read here).
    { name: 'notifications', testMatch: /notifications\.spec\.ts$/ },
    { name: 'chromium', testIgnore: /(session|account-.+|learning|quiz|mock-exams|scorm|recruits|management|offline|notifications)\.spec\.ts$/ },
    // Sign in, the course lists with a filter, a course and an item's viewer: the learning queries on PostgreSQL.
    { name: 'postgres', testMatch: /courses-languages\.spec\.ts$/, grep: /pages in en at/, use: { baseURL: `http://127.0.0.1:${postgresPort}` } },
  ],
  // Each server creates and seeds a new database; four start at once, and on a loaded 2-core machine
  // one has taken more than 90 s (a wait for its address, not a measure).
  webServer: [
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${port}/api/app-config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(port), SINGLE_DEVICE_SESSIONS: '0' },
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${sessionPort}/api/app-config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(sessionPort), SESSION_TIMEOUT_SECONDS: '20', SESSION_WARNING_SECONDS: '8', SINGLE_DEVICE_SESSIONS: '1', E2E_CLOCK: '1' },
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${accountPort}/api/app-config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        E2E_PORT: String(accountPort),
        SINGLE_DEVICE_SESSIONS: '0',
        CONTINUAL_AUTH: '1',
        CONTINUAL_AUTH_UNIT_SECONDS: '1',
        CONTINUAL_AUTH_MIN: '2',
        CONTINUAL_AUTH_MAX: '4',
        // The two-factor journeys move its clock to the next TOTP step instead of waiting (tests/e2e/clock.ts).
        E2E_CLOCK: '1',
      },
    },
    ...(postgresAdminUrl
      ? [
          {
            command: `node scripts/e2e-server.mjs`,
            url: `http://127.0.0.1:${postgresPort}/api/app-config`,
            timeout: 180_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: { E2E_PORT: String(postgresPort), SINGLE_DEVICE_SESSIONS: '0', E2E_POSTGRES_ADMIN_URL: postgresAdminUrl },
            // A signal it can answer (not the default SIGKILL): scripts/e2e-server.mjs drops its database.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
          },
        ]
      : []),
  ],
});
