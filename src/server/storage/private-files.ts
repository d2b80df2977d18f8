import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoreMissing } from './missing-file.js';

/**
 * Files only the server reads (uploaded spreadsheets, onboarding menus), addressed by a key such as
 * `imports/<id>/planilha.xlsx`. Nothing serves them over HTTP.
 */
export interface PrivateFiles {
  /** Stores (or replaces) the bytes under the key; readers never see a half-written file. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under the key, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes the file; a key already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored (for backups), in no particular order. */
  list(): Promise<string[]>;
}

// Segments start with a letter or digit, so `.`, `..` and hidden names (our temporary files) are impossible.
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT}){0,7}$`);

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid private storage key: ${JSON.stringify(key)}`);
  }
}

/** Whether a key is one of ours (no traversal, no hidden names). */
export const isPrivateKey = (key: string) => KEY.test(key);

/** The key itself, once it is known to be one of ours (no traversal, no hidden names); throws otherwise. */
export function checkedPrivateKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}

export function localPrivateFiles(directory: string): PrivateFiles {
  const root = path.resolve(directory);
  const fileOf = (key: string) => {
    const file = path.resolve(root, checkedPrivateKey(key));
    // The pattern already rules out traversal; checking the resolved path too costs nothing.
    if (!file.startsWith(`${root}${path.sep}`)) throw new InvalidStorageKeyError(key);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${randomBytes(8).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async read(key) {
      return readFile(fileOf(key)).catch(ignoreMissing(undefined));
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(ignoreMissing([]));
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter(isPrivateKey);
    },
  };
}
