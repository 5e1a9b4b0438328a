import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';

// The axe-core check every journey runs on every page it shows (ADR 017). Only violations of
// impact serious or critical fail a journey: they are what issue 11 asks to keep at 0.

export interface AxeFinding {
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
/** Long-lived requests that never "finish" while a page is shown: they must not hold a check back. */
const ENDLESS_REQUESTS: ReadonlySet<string> = new Set(['media', 'websocket', 'eventsource']);
/** How long the DOM must stay unchanged (and the network quiet) before a page counts as shown. */
const QUIET_MS = 400;
/** A page that never settles (a polling view, a countdown) is checked as it is after this long. */
const SETTLE_CAP_MS = 5_000;

/** The address a page is checked once for: without the fragment, which shows no other page. */
export function pageKey(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname + parsed.search;
}

/** Counts a page's requests in flight, so a check waits for the data a page is still loading. */
export function trackRequests(page: Page): () => number {
  const open = new Set<Request>();
  const done = (request: Request) => open.delete(request);
  page.on('request', (request) => {
    if (!ENDLESS_REQUESTS.has(request.resourceType())) open.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

/**
 * Waits until the page looks shown: no DOM change for QUIET_MS, no finite CSS animation or
 * transition running (a dialog fading in has text of partial opacity, whose contrast is not the
 * contrast the user reads), fonts loaded and no request in flight; at most SETTLE_CAP_MS.
 */
export async function waitUntilSettled(page: Page, requestsInFlight: () => number = () => 0): Promise<void> {
  const deadline = Date.now() + SETTLE_CAP_MS;
  while (Date.now() < deadline) {
    const calm = await page.evaluate(
      async ({ quietMs, capMs }) => {
        await document.fonts.ready;
        return new Promise<boolean>((resolve) => {
          let timer = 0;
          const finiteAnimationRunning = () =>
            document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
          const observer = new MutationObserver(() => restart());
          const finish = (value: boolean) => {
            observer.disconnect();
            window.clearTimeout(timer);
            window.clearTimeout(cap);
            resolve(value);
          };
          const restart = () => {
            window.clearTimeout(timer);
            timer = window.setTimeout(() => finish(!finiteAnimationRunning()), quietMs);
          };
          const cap = window.setTimeout(() => finish(false), capMs);
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          restart();
        });
      },
      { quietMs: QUIET_MS, capMs: Math.max(QUIET_MS * 2, deadline - Date.now()) },
    );
    if (calm && requestsInFlight() === 0) return;
  }
}

/** One axe run; null when an animation or transition started (or was running) while it ran. */
async function analyzeWithoutAnimation(page: Page) {
  const calmBefore = await page.evaluate(() => {
    const w = window as unknown as { __auditMoved?: boolean };
    w.__auditMoved = false;
    const moved = () => {
      w.__auditMoved = true;
    };
    for (const type of ['animationstart', 'transitionstart', 'transitionrun']) document.addEventListener(type, moved, { capture: true, once: true });
    return !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
  });
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const moved = await page.evaluate(() => (window as unknown as { __auditMoved?: boolean }).__auditMoved === true);
  return calmBefore && !moved ? results : null;
}

/** Runs axe-core on the page as it is now and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const url = page.url();
  // Legacy mode runs axe inside the page only; the default mode opens a blank page in the same
  // context to merge frame results, which a journey waiting for its own new tab would receive.
  // Every rule runs; only the violations are worked out in full (axe's own advice for speed: the
  // passes and the incomplete results, which nothing here reads, cost most of a run).
  // A dialog that starts to open or close while axe runs has text of partial opacity, whose
  // contrast is not what the user reads (seen once in CI: a blend of the identity prompt's field).
  // So the run counts only when no CSS animation or transition started during it; else it is done again.
  let results = await analyzeWithoutAnimation(page);
  for (let tries = 1; results === null && tries < 5; tries += 1) {
    await waitUntilSettled(page);
    results = await analyzeWithoutAnimation(page);
  }
  if (results === null) results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      url,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`),
    }));
}

/** One line per violation and element, for a failure message that says what to fix where. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.rule} on ${new URL(f.url).pathname}${new URL(f.url).search}: ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}
