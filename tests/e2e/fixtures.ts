import { test as base, expect, type Page } from '@playwright/test';
import { describeFindings, pageKey, seriousViolations, trackRequests, waitUntilSettled, type AxeFinding } from './accessibility-audit';

// Every journey imports `test` from here: an automatic fixture watches each page of the test's
// browser context and runs axe-core once per distinct address it shows (ADR 017). A journey fails
// at its end if any page had a serious or critical violation.

export interface AccessibilityAudit {
  /** Checks the page's current address (once per address and test) and returns its findings. */
  check(page: Page): Promise<AxeFinding[]>;
  /** Watches a page opened outside the test's context (browser.newPage()). */
  watch(page: Page): void;
}

class Audit implements AccessibilityAudit {
  private readonly results = new Map<string, Promise<AxeFinding[]>>();
  private readonly watched = new Map<Page, () => number>();
  private readonly skipped: string[] = [];

  watch(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.set(page, trackRequests(page));
    page.on('framenavigated', (frame) => {
      // Address changes of the SPA (history API) count too: Playwright reports them here.
      if (frame === page.mainFrame()) void this.check(page).catch(() => undefined);
    });
  }

  check(page: Page): Promise<AxeFinding[]> {
    const url = page.url();
    if (!url.startsWith('http')) return Promise.resolve([]);
    const key = pageKey(url);
    let result = this.results.get(key);
    if (!result) {
      result = this.analyse(page, key);
      this.results.set(key, result);
    }
    return result;
  }

  private async analyse(page: Page, key: string): Promise<AxeFinding[]> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await waitUntilSettled(page, this.watched.get(page));
        // The journey went on to another address while this one settled: that one is checked instead.
        if (pageKey(page.url()) !== key) return this.forget(key);
        const findings = await seriousViolations(page);
        if (pageKey(page.url()) === key) return findings;
      } catch (error) {
        if (page.isClosed()) return this.forget(key);
        // A navigation destroyed the page's script context mid-check: try again if still here.
        if (pageKey(page.url()) !== key) return this.forget(key);
        if (attempt === 1) this.skipped.push(`${key}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    return this.forget(key);
  }

  /** Leaves the address unchecked, so that a later visit (or the end of the test) checks it. */
  private forget(key: string): AxeFinding[] {
    this.results.delete(key);
    return [];
  }

  /** At the end of a test: the page each watched tab shows now, then everything checked. */
  async findings(): Promise<{ findings: AxeFinding[]; skipped: string[] }> {
    for (const page of this.watched.keys()) if (!page.isClosed()) void this.check(page).catch(() => undefined);
    const all = await Promise.all([...this.results.values()].map((r) => r.catch(() => [])));
    return { findings: all.flat(), skipped: this.skipped };
  }
}

export const test = base.extend<{ accessibilityAudit: AccessibilityAudit; postgresServer: void }>({
  // ADR 020: the `postgres` project's server runs on a database made through TEST_DATABASE_URL; without it
  // that server is not started and the journey is reported skipped, with the reason.
  postgresServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      testInfo.skip(testInfo.project.name === 'postgres' && !process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: no server on PostgreSQL (README: PostgreSQL tests)');
      await use();
    },
    { auto: true },
  ],
  accessibilityAudit: [
    async ({ context }, use, testInfo) => {
      const audit = new Audit();
      for (const page of context.pages()) audit.watch(page);
      context.on('page', (page) => audit.watch(page));
      await use(audit);
      const { findings, skipped } = await audit.findings();
      for (const note of skipped) testInfo.annotations.push({ type: 'axe-skipped', description: note });
      expect(findings, `axe-core: serious or critical violations on the pages this journey showed\n${describeFindings(findings)}`).toEqual([]);
    },
    // Its own time for the checks still running when the journey ends: a journey's timeout stays
    // the time of what it does, also on a loaded machine where axe takes seconds per page.
    { auto: true, timeout: 90_000 },
  ],
});

export { expect };
