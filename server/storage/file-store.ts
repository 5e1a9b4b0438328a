import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The attachment files (DESIGN §1: DATA_DIR/files). Paths are relative, '/'-separated, and never
 * leave the root: a path from the database or a request cannot reach other files. */
export interface FileStore {
  root: string;
  /** The absolute path of a stored file (throws on a path that escapes the root). */
  resolve(relativePath: string): string;
  read(relativePath: string): Promise<Buffer>;
  /** Written to a temporary name, then renamed: a reader never sees half a file. */
  write(relativePath: string, bytes: Uint8Array): Promise<void>;
}

export function createFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (relativePath: string): string => {
    const full = path.resolve(base, relativePath);
    if (full !== base && !full.startsWith(base + path.sep)) throw new Error(`path outside the file store: ${relativePath}`);
    return full;
  };
  return {
    root: base,
    resolve,
    read: (relativePath) => readFile(resolve(relativePath)),
    async write(relativePath, bytes) {
      const full = resolve(relativePath);
      await mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, full);
    },
  };
}
