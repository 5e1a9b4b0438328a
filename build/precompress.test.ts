import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = 'export const greeting = "hello";\n'.repeat(200);

  it('writes .br and .gz beside text files, in subfolders too, that decode to the file', async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-abc12345.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>hi</p>'.repeat(100)}`);
    writeFileSync(path.join(dir, 'assets', 'font-abc12345.woff2'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'tiny.txt'), 'a');

    await precompressDir(dir);

    const js = path.join(dir, 'assets', 'app-abc12345.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    // Already compressed formats are left alone, and so is a coding that would not shrink a file.
    expect(existsSync(path.join(dir, 'assets', 'font-abc12345.woff2.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'tiny.txt.gz'))).toBe(false);
  });
});
