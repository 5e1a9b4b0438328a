import type { ScormVersion } from '../../src/api/schemas/scorm.schema';
import type { ScormPackageFile } from '../db/schema';

// Issue 13 / ADR 029: which file of an installed package a request names (only files listed when
// the package was installed; never `..`, an absolute path or a backslash), and what a manifest says.
// Pure: the file route (not built yet, ADR 029 step 3) reads the file this answers.

/** The listed file the request's path (after /scorm/<package>/) names, or undefined. */
export function scormFileOf(files: readonly ScormPackageFile[], requested: string): ScormPackageFile | undefined {
  let path: string;
  try {
    path = decodeURIComponent(requested);
  } catch {
    return undefined;
  }
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\u0000')) return undefined;
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return undefined;
  return files.find((f) => f.path === path);
}

/** The SCORM version and the SCO's launch file that imsmanifest.xml declares; undefined when it declares no SCO. */
export function manifestLaunch(xml: string): { version: ScormVersion; launchFile: string } | undefined {
  const schemaVersion = /<schemaversion>\s*([^<]+?)\s*<\/schemaversion>/i.exec(xml)?.[1] ?? '';
  const version: ScormVersion = /^1\.2$/.test(schemaVersion) ? '1.2' : '2004';
  for (const resource of xml.matchAll(/<resource\b[^>]*>/gi)) {
    const tag = resource[0];
    if (!/\b(?:adlcp:)?scorm[tT]ype\s*=\s*"sco"/.test(tag)) continue;
    const href = /\bhref\s*=\s*"([^"]+)"/.exec(tag)?.[1];
    if (href) return { version, launchFile: href };
  }
  return undefined;
}
