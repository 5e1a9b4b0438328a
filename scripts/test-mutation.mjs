// `npm run test:mutation [machine…]` (ADR 022; not part of `npm test`): for each machine of
// src/machines, breaks each transition of its definition in turn (target changed, guard dropped,
// one action dropped; src/machines/testing/mutation.ts), runs that machine's own tests against the
// mutant and prints mutants / caught / survived per machine and in total, then every survivor.
// A mutant is applied in memory by a Vitest setup file (MUTANT_MODULE, MUTANT_EXPORT, MUTANT_INDEX).
// MUTATION_JOBS (default 1) runs that many mutants at once. Output: . caught, T caught by a
// timeout (MUTATION_TIMEOUT_SECONDS, default 120, for all of a mutant's test files), S survived. MUTANT_MATCH (a regular expression)
// runs only the mutants whose description matches it (to re-check survivors after a new test).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = 'src/machines';
const only = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.MUTATION_JOBS ?? 1));
// A mutant can make a test loop for ever (a traversal whose context grows without end): past
// this many seconds its run is stopped and the mutant counts as caught (the tests did not pass).
const timeoutSeconds = Number(process.env.MUTATION_TIMEOUT_SECONDS ?? 120);
// Mutants a machine's tests cannot catch because they change nothing observable; each with its reason.
const match = process.env.MUTANT_MATCH ? new RegExp(process.env.MUTANT_MATCH) : null;
const equivalent = JSON.parse(readFileSync('scripts/mutation-equivalent.json', 'utf8'));

// Every `<name>.machine.ts` exporting `const …Machine =` (a folder may hold several: lesson and
// lesson-attachment); its tests are the folder's `<name>.*.test.ts`.
const machines = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    const dir = path.join(root, d.name);
    const files = readdirSync(dir);
    return files
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => {
        const base = f.slice(0, -'.machine.ts'.length);
        const module = path.join(dir, f);
        const name = /export const (\w+Machine)\s*=/.exec(readFileSync(module, 'utf8'))?.[1];
        const tests = files.filter((t) => t.startsWith(`${base}.`) && t.endsWith('.test.ts')).map((t) => path.join(dir, t));
        return { name: base, module, exportName: name, tests };
      });
  })
  .filter((m) => m.exportName && m.tests.length > 0 && (only.length === 0 || only.includes(m.name)));

function list(machine) {
  const r = spawnSync('npx', ['tsx', 'scripts/mutation-list.ts', machine.module, machine.exportName], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cannot list the mutants of ${machine.name}:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

// A machine's test files run one after another, each in its own Vitest process, the hand-written
// ones first and the model-based `*.paths.test.ts` (seconds to a minute) last: most mutants are
// caught by the quick files, and the first file that fails ends the mutant's run (caught), so the
// slow paths test runs only for what the others let through. Same tests, same verdict; on-screen-time
// goes from ~35 s to a few seconds for a mutant the hand-written tests catch.
// Vitest's own entry point, not `npx vitest`: npm's start-up took about 7 s of each run on a loaded machine.
const vitest = (args, options) => spawn(process.execPath, ['node_modules/vitest/vitest.mjs', ...args], options);

const slowLast = (files) => [...files].sort((a, b) => Number(a.includes('.paths.')) - Number(b.includes('.paths.')) || a.localeCompare(b));

function runFile(machine, index, file, deadline) {
  return new Promise((resolve) => {
    const child = vitest(['run', '--project', 'node', '--bail=1', '--reporter=dot', file], {
      env: { ...process.env, MUTANT_MODULE: machine.module, MUTANT_EXPORT: machine.exportName, MUTANT_INDEX: String(index) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, Math.max(0, deadline - Date.now()));
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ caught: timedOut || code !== 0, timedOut, out });
    });
  });
}

async function runMutant(machine, index) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let out = '';
  for (const file of slowLast(machine.tests)) {
    const r = await runFile(machine, index, file, deadline);
    out += r.out;
    if (r.caught) return { ...r, out, by: file };
  }
  return { caught: false, timedOut: false, out };
}

async function pool(items, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

const started = Date.now();
// The unmutated tests must pass, or every mutant would count as caught.
const rows = [];
const survivors = [];
for (const machine of machines) {
  const baseline = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'node', '--reporter=dot', ...machine.tests], { encoding: 'utf8' });
  if (baseline.status !== 0) {
    console.error(`${machine.name}: its tests fail without a mutant; fix them first.\n${baseline.stdout}${baseline.stderr}`);
    process.exit(1);
  }
  const mutants = list(machine)
    .map((description, index) => ({ description, index }))
    .filter((m) => !match || match.test(m.description));
  process.stdout.write(`${machine.name}: ${mutants.length} mutants `);
  const results = await pool(mutants, async ({ description, index }) => {
    const r = await runMutant(machine, index);
    process.stdout.write(r.timedOut ? 'T' : r.caught ? '.' : 'S');
    return { description, ...r };
  });
  process.stdout.write('\n');
  const survived = results.filter((r) => !r.caught);
  const known = survived.filter((r) => equivalent[machine.name]?.[r.description]);
  rows.push({ machine: machine.name, mutants: mutants.length, caught: mutants.length - survived.length, survived: survived.length, equivalent: known.length });
  for (const r of survived) {
    const reason = equivalent[machine.name]?.[r.description] ?? null;
    survivors.push({ machine: machine.name, description: r.description, reason });
    // At once too: a long run shows what to look at while it goes on.
    console.log(`  survived: ${r.description}${reason ? ' (equivalent)' : ''}`);
  }
}

const total = rows.reduce((t, r) => ({ mutants: t.mutants + r.mutants, caught: t.caught + r.caught, survived: t.survived + r.survived, equivalent: t.equivalent + r.equivalent }), { mutants: 0, caught: 0, survived: 0, equivalent: 0 });
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('machine', 20)}${pad('mutants', 9)}${pad('caught', 8)}${pad('survived', 10)}(equivalent)`);
for (const r of rows) console.log(`${pad(r.machine, 20)}${pad(r.mutants, 9)}${pad(r.caught, 8)}${pad(r.survived, 10)}(${r.equivalent})`);
console.log(`${pad('total', 20)}${pad(total.mutants, 9)}${pad(total.caught, 8)}${pad(total.survived, 10)}(${total.equivalent})`);
if (survivors.length > 0) {
  console.log('\nSurvivors:');
  for (const s of survivors) console.log(`- ${s.machine}: ${s.description}\n    ${s.reason ? `equivalent: ${s.reason}` : 'NOT EXPLAINED: a test is missing'}`);
}
console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(survivors.some((s) => !s.reason) ? 1 : 0);
