// `npm test`: every check, in order, on a fresh machine: typecheck, lint, Vitest (unit, API,
// components), the Storybook build (every story compiles), the app build, and the Playwright
// journeys in Debian's Chromium against the real server on a fresh database.
// Each step runs even when an earlier one failed, so one run shows everything; the totals line
// "N passed, N failed" is printed last and kept in reports/summary.txt for .ci/run.
// With TEST_DATABASE_URL (ADR 020; .ci/run starts a throwaway PostgreSQL) the API and domain tests run
// a second time on PostgreSQL (the Vitest project `postgres`, its own step here) and one Playwright
// journey runs against a server on PostgreSQL; without it both are reported as skipped, never silently.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  return ok;
}

/** A step that is one check (typecheck, lint, build) counts as one test. */
function check(name, cmd, args, env) {
  if (run(name, cmd, args, env)) totals.passed += 1;
  else totals.failed += 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const postgresSkipped = 'TEST_DATABASE_URL is not set (README: PostgreSQL tests)';
if (!postgres) console.log(`\nNote: the PostgreSQL runs (Vitest project postgres, Playwright project postgres) are skipped: ${postgresSkipped}.`);

/** One Vitest run, its tests counted into the totals; `report` names its JSON file. */
function vitestStep(name, report, projectArgs) {
  const ok = run(name, 'npx', ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/${report}`]);
  const vitest = readJson(`${reports}/${report}`);
  if (!vitest) {
    totals.failed += 1;
    return;
  }
  // A file that fails to load has no failing test of its own: count it as one failure.
  const brokenFiles = (vitest.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + brokenFiles;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (!ok && vitest.numFailedTests + brokenFiles === 0) totals.failed += 1;
  // Hand-written tests apart from the model-based ones: a machine's generated paths are one test
  // named "replays N generated paths …" (ADR 022); the form machines still have one test per path
  // ("replays <path>").
  let handWritten = 0;
  let generatedTests = 0;
  let generatedPaths = 0;
  for (const file of vitest.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      const many = /^replays (\d+) generated paths/.exec(a.title);
      if (many) {
        generatedTests += 1;
        generatedPaths += Number(many[1]);
      } else if (/^replays /.test(a.title) && /\.paths\.test\.ts$/.test(file.name)) {
        generatedTests += 1;
        generatedPaths += 1;
      } else {
        handWritten += 1;
      }
    }
  }
  lines[lines.length - 1] += `: ${vitest.numPassedTests} passed, ${vitest.numFailedTests + brokenFiles} failed`;
  lines.push(`     ${name}: ${handWritten} hand-written tests; ${generatedTests} model-based tests replaying ${generatedPaths} generated paths`);
  // CI shows only the tail of the log: name what failed here, with the first line of why.
  for (const file of vitest.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) lines.push(`     failed to load: ${relative(file.name)}: ${firstLine(file.message)}`);
    for (const a of failed) lines.push(`     failed: ${relative(file.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
}

function relative(path) {
  return path.startsWith(process.cwd()) ? path.slice(process.cwd().length + 1) : path;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- Playwright's messages carry terminal colours
  return String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
}

// The projects named (vite.config.ts): `postgres` has its own step, and `build` reads the built app,
// so it runs after the app build below (two negations would not leave both out: Vitest ORs them).
vitestStep('vitest', 'vitest.json', ['--project=node', '--project=dom']);
if (postgres) vitestStep('vitest on PostgreSQL', 'vitest-postgres.json', ['--project=postgres']);
else lines.push(`SKIP vitest on PostgreSQL: ${postgresSkipped}`);

check('storybook build', 'npx', ['storybook', 'build', '--quiet', '-o', `${reports}/storybook-static`], { CI: 'true' });
const built = run('app build', 'npx', ['vite', 'build']);
if (built) totals.passed += 1;
else totals.failed += 1;
// The built app itself (tests/build, ADR 082): React in it, no Preact, the first pages' budgets.
if (built) vitestStep('build checks', 'vitest-build.json', ['--project=build']);
else lines.push('FAIL build checks (not run: the app did not build)');

if (built && existsSync('dist/index.html')) {
  const e2eOk = run('playwright', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
  const pw = readJson(`${reports}/playwright.json`);
  if (pw?.stats) {
    totals.passed += pw.stats.expected + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped ?? 0;
    lines[lines.length - 1] += `: ${pw.stats.expected + (pw.stats.flaky ?? 0)} passed, ${pw.stats.unexpected} failed, ${pw.stats.skipped ?? 0} skipped`;
    for (const t of playwrightTests(pw, 'unexpected')) lines.push(`     failed: ${t}`);
    // Passed on its retry (ADR 045): counted as passed, named so that nobody mistakes it for steady.
    for (const t of playwrightTests(pw, 'flaky')) lines.push(`     flaky (passed on its retry): ${t}`);
    if (!postgres) lines.push(`SKIP playwright on PostgreSQL (project postgres, reported skipped): ${postgresSkipped}`);
    if (!e2eOk && pw.stats.unexpected === 0) totals.failed += 1; // e.g. the server did not start
  } else {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
  lines.push('FAIL playwright (not run: the app did not build)');
}

/**
 * "[project] file:line title: first line of the error" for each test of this outcome: `unexpected`
 * (failed in its last try, the error of that try) or `flaky` (passed on a retry, the error of the
 * try that failed).
 */
function playwrightTests(report, status) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const failedTry = [...(test.results ?? [])].reverse().find((r) => r.error);
        out.push(`[${test.projectName}] ${spec.file}:${spec.line} ${[...titles, spec.title].join(' > ')}: ${firstLine(failedTry?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

console.log('\n' + lines.join('\n'));
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(`${reports}/summary.txt`, summary + '\n');
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
