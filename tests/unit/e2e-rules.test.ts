import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 005 (issue 12 §4): end-to-end journeys use no fixed sleeps and assert no wall-clock times.
// They move Playwright's page.clock (and, where the server decides by its clock, the e2e server's
// test clock: tests/e2e/clock.ts), or wait for something they can observe (a locator, expect.poll,
// a response). This test reads every file of tests/e2e and names each line that breaks the rule.

const e2eDir = path.resolve(__dirname, '../e2e');

/** Sleeps that stay, each with the reason (file → rule). Keep it short. */
const ALLOWED: Record<string, { rule: Rule; reason: string }[]> = {};

export type Rule = 'waitForTimeout' | 'setTimeout sleep' | 'Date.now() in an assertion';

export interface Violation {
  file: string;
  line: number;
  rule: Rule;
  text: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The statement (up to its `;` or the end of its block) that starts at `index`. */
function statementAt(text: string, index: number): string {
  let depth = 0;
  for (let i = index; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth += 1;
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (depth === 0) return text.slice(index, i);
      depth -= 1;
    } else if (ch === ';' && depth === 0) return text.slice(index, i);
  }
  return text.slice(index);
}

/** Every break of the rule in one file's text. */
export function e2eViolations(file: string, text: string): Violation[] {
  const out: Violation[] = [];
  const add = (index: number, rule: Rule) => out.push({ file, line: lineOf(text, index), rule, text: text.split('\n')[lineOf(text, index) - 1].trim() });

  for (const m of text.matchAll(/\.waitForTimeout\s*\(/g)) add(m.index, 'waitForTimeout');
  // A timer of the test process (not window.setTimeout inside the page, not test.setTimeout).
  for (const m of text.matchAll(/(?<![\w.])setTimeout\s*\(/g)) add(m.index, 'setTimeout sleep');

  // Names that hold a wall-clock reading, or a value made from one: `const t = Date.now()`,
  // `const now = () => Date.now()`, then `const left = await now()`, `const spent = left - t`.
  const assignments = [...text.matchAll(/(?:const|let|var)\s+(\w+)\s*=([^;]*)/g)].map((m) => ({ name: m[1], value: m[2] }));
  const clockNames = new Set<string>();
  const readsClock = (code: string) => {
    // Not inside '…' or "…" (words of a message), not a property (`video.ended`).
    const bare = code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
    return /Date\.now\(\)/.test(bare) || [...clockNames].some((name) => new RegExp(`(?<![\\w$.])${name}(?![\\w$])`).test(bare));
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, value } of assignments) {
      if (!clockNames.has(name) && readsClock(value)) {
        clockNames.add(name);
        grew = true;
      }
    }
  }
  for (const m of text.matchAll(/\bexpect(?:\.poll)?\s*\(/g)) {
    if (readsClock(statementAt(text, m.index))) add(m.index, 'Date.now() in an assertion');
  }
  return out;
}

function allowed(v: Violation): boolean {
  return (ALLOWED[v.file] ?? []).some((a) => a.rule === v.rule);
}

describe('end-to-end journeys: no fixed sleeps, no wall-clock assertions (ADR 005)', () => {
  const files = readdirSync(e2eDir).filter((f) => f.endsWith('.ts'));

  it('reads the journeys', () => {
    expect(files).toEqual(expect.arrayContaining(['session.spec.ts', 'account-continual-auth.spec.ts', 'learning.spec.ts']));
  });

  it('no file of tests/e2e sleeps or asserts on the wall clock', () => {
    const found = files.flatMap((f) => e2eViolations(f, readFileSync(path.join(e2eDir, f), 'utf8'))).filter((v) => !allowed(v));
    expect(found.map((v) => `tests/e2e/${v.file}:${v.line} ${v.rule}: ${v.text}`)).toEqual([]);
  });

  it('every allowed exception is still needed', () => {
    for (const [file, rules] of Object.entries(ALLOWED)) {
      const found = e2eViolations(file, readFileSync(path.join(e2eDir, file), 'utf8'));
      for (const { rule } of rules) expect(found.some((v) => v.rule === rule), `${file}: ${rule} is allowed but no longer used`).toBe(true);
    }
  });

  it('finds what the journeys did before issue 12', () => {
    // Lines of the old journeys (session, continual-auth, learning).
    const old = [
      'await page.waitForTimeout(2_100);',
      'const openedAt = Date.now();',
      'await expect(prompt(page)).toBeVisible({ timeout: 6_000 });',
      'expect(Date.now() - openedAt).toBeLessThan(6_000);',
      'const deadline = Date.now() + 23_000;',
      'await new Promise((r) => setTimeout(r, 250));',
      'test.setTimeout(60_000);',
      'const cap = window.setTimeout(() => finish(false), capMs);',
      'const since = await page.waitForFunction(() => Date.now(), undefined, { polling: "raf" });',
      'const pageNow = (page: Page) => page.evaluate(() => Date.now());',
      'const left = await pageNow(page);',
      'const spent = (left - shown) / 1000;',
      'expect(Math.abs(after - before - spent)).toBeLessThanOrEqual(2);',
    ].join('\n');
    expect(e2eViolations('old.spec.ts', old).map((v) => [v.line, v.rule])).toEqual([
      [1, 'waitForTimeout'],
      [6, 'setTimeout sleep'],
      [4, 'Date.now() in an assertion'],
      [13, 'Date.now() in an assertion'],
    ]);
  });
});
