import { expect, test } from '@playwright/test';
import { seriousViolations } from './accessibility-audit';

// The audit every journey runs must be able to fail: a page with known serious and critical
// violations is reported with each of them (no server needed).
test('the accessibility audit reports a nameless button, an image without text and a field without a label', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Broken on purpose</title></head><body><main>
    <h1>Broken on purpose</h1>
    <button></button>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <input type="text">
  </main></body></html>`);
  const rules = (await seriousViolations(page)).map((f) => f.rule);
  expect(rules).toEqual(expect.arrayContaining(['button-name', 'image-alt', 'label']));
});
