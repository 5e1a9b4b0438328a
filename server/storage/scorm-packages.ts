import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getMimeType } from 'hono/utils/mime';
import type { ScormVersion } from '../../src/api/schemas/scorm.schema';
import type { ScormPackageFile } from '../db/schema';
import { manifestLaunch } from '../domain/scorm-files';

// Issue 13 / ADR 029: installed SCORM packages on disk, unpacked under SCORM_DIR/<package-id>/.
// Packages are trusted content (installed by the seed or staff, never uploaded by learners).

/** The demo package the seed installs (scripts/build-scorm-demo.mjs writes it). */
export const DEMO_SCORM_PACKAGE_ID = 'demo-12';
export const DEMO_SCORM_SOURCE = fileURLToPath(new URL(`../db/fixtures/scorm/${DEMO_SCORM_PACKAGE_ID}/`, import.meta.url));

/** A package id: also a folder name and a URL segment. */
export const SCORM_PACKAGE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface ScormPackageDescription {
  version: ScormVersion;
  launchFile: string;
  files: ScormPackageFile[];
}

function listFiles(root: string, under = ''): string[] {
  return readdirSync(path.join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const rel = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(root, rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** What an unpacked package folder holds: its manifest's version and launch file, and every file with its content type. */
export function describeScormPackage(dir: string): ScormPackageDescription {
  const launch = manifestLaunch(readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8'));
  if (!launch) throw new Error(`SCORM package in ${dir}: imsmanifest.xml names no SCO`);
  const files = listFiles(dir)
    .sort()
    .map((file) => ({ path: file, contentType: getMimeType(file) ?? 'application/octet-stream' }));
  if (!files.some((f) => f.path === launch.launchFile)) throw new Error(`SCORM package in ${dir}: the launch file ${launch.launchFile} is missing`);
  return { ...launch, files };
}

/** Copies the demo package's files to SCORM_DIR/demo-12/ (again each start: the committed files are the truth). */
export function installDemoScormFiles(scormDir: string): void {
  cpSync(DEMO_SCORM_SOURCE, path.join(scormDir, DEMO_SCORM_PACKAGE_ID), { recursive: true });
}

/** A listed file's bytes, or undefined when it is not on disk. */
export async function readScormFile(scormDir: string, packageId: string, file: ScormPackageFile): Promise<Buffer | undefined> {
  const root = path.resolve(scormDir);
  const full = path.join(root, packageId, file.path);
  if (!full.startsWith(root + path.sep) || !existsSync(full)) return undefined;
  return readFile(full);
}
