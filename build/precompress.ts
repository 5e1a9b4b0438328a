import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { existsSync } from 'node:fs';
import type { Logger, Plugin } from 'vite';
import { PRECOMPRESSED_SUFFIX, type ContentCoding } from '../server/http/content-encoding.ts';

// Text formats gain from compression; fonts (woff2 is brotli inside), images, media and encrypted
// files do not, so they are left as they are.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|wasm|webmanifest|ico|ttf|otf)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressors: Record<ContentCoding, (data: Buffer) => Promise<Buffer>> = {
  // Done once per build, so the slowest, smallest settings are worth it.
  br: (data) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => gzipAsync(data, { level: 9 }),
};

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressSummary {
  files: number;
  written: number;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (the server picks
 * one by Accept-Encoding: server/http/static-files.ts). A coding that would not make the file
 * smaller is not written, so the server sends the file itself.
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  // All at once: zlib's async calls run on libuv's thread pool, so every core compresses.
  const written = await Promise.all(files.map(writeEncodedSiblings));
  return { files: files.length, written: written.reduce((a, b) => a + b, 0) };
}

async function writeEncodedSiblings(file: string): Promise<number> {
  const data = await readFile(file);
  let written = 0;
  for (const coding of Object.keys(compressors) as ContentCoding[]) {
    const compressed = await compressors[coding](data);
    if (compressed.length >= data.length) continue;
    await writeFile(file + PRECOMPRESSED_SUFFIX[coding], compressed);
    written += 1;
  }
  return written;
}

/** Vite plugin: precompresses the build output once every file is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'agent-academy:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      if (!existsSync(outDir)) return; // a failed build wrote nothing to compress
      const started = Date.now();
      const { files, written } = await precompressDir(outDir);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      logger?.info(`precompressed ${files} files (${written} .br/.gz) in ${seconds} s`);
    },
  };
}
