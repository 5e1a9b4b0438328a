import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

// ADR 048: the build writes public/early-requests.js into index.html (build/early-requests-script.ts).
// The CSP lets exactly that text run, by its hash, and no other inline script.

/** The CSP source allowing public/early-requests.js's text as an inline script. */
export const EARLY_REQUESTS_CSP_HASH = `'sha256-${createHash('sha256')
  .update(readFileSync(new URL('../../public/early-requests.js', import.meta.url), 'utf8'), 'utf8')
  .digest('base64')}'`;
