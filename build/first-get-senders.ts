import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// ADR 088: a page's first GETs are written in one place. Issue 44 counted seven before (a
// hand-written early script, the loaders' prefetch calls, sendEarly/takeEarly, pending-writes.ts,
// holdEarly, the split-off paths, the machines asking again). src/routes/first-reads.test.tsx
// fails above one; `npm run bench` prints the count beside the first pages' bytes.

/** The early script the build writes from the pages' declarations (not written by hand). */
const BUILT_EARLY_SCRIPT = path.join('build', 'early-script.ts');

/** The app's source, build and public files under `root`, tests left out. */
function sources(root: string): string[] {
  return ['src', 'build', 'public']
    .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
    .filter((file) => /\.(m?[jt]sx?)$/.test(file) && !/\.(test|stories)\.[jt]sx?$/.test(file) && !file.includes(`${path.sep}testing${path.sep}`));
}

/** A file that sends a page's first GET by itself: a call of the page-data cache's sender, or of
 * the names it had before ADR 088, or a script that fetches before the app (an early script). */
const SENDS_FIRST_GET = /\b(sendFirstRead|sendEarly|startEarly|prefetchCatalogue|prefetchCourse|prefetchLesson)\(|__earlyRequests\s*=/;
const DEFINES = /export function (sendFirstRead)\(/;

/** The files (relative to `root`) that send a page's first GET; one, the loader, when ADR 088 holds. */
export function firstGetSenders(root = '.'): string[] {
  return sources(root).filter((file) => file !== BUILT_EARLY_SCRIPT && SENDS_FIRST_GET.test(readFileSync(path.join(root, file), 'utf8').replace(DEFINES, '')));
}

/** The public files (the scripts the browser runs before the app) that call fetch by hand. */
export function handWrittenEarlyFetches(root = '.'): string[] {
  return sources(root).filter((file) => file.startsWith('public') && /\bfetch\(/.test(readFileSync(path.join(root, file), 'utf8')));
}
