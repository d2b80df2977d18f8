import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoreMissing } from './missing-file.js';

export const UPLOADS_URL_PREFIX = '/uploads/';

export interface PublicFile {
  /** Its public path, as stored in the database (/uploads/<name>). */
  url: string;
  modifiedAt: Date;
}

/** Images anyone may download under /uploads/<name>. */
export interface PublicFiles {
  /** Stores the bytes under a new unguessable name and returns its public path (/uploads/...). */
  save(bytes: Buffer, extension: string): Promise<string>;
  list(): Promise<PublicFile[]>;
  /** Removes a file by its public path; a file already gone is not an error. */
  delete(url: string): Promise<void>;
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function localPublicFiles(directory: string): PublicFiles {
  const fileOf = (url: string) => {
    const name = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : '';
    if (!FILE_NAME.test(name)) throw new Error(`not a public file path: ${url}`);
    return path.join(directory, name);
  };
  return {
    async save(bytes, extension) {
      await mkdir(directory, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(directory, name), bytes, { flag: 'wx' });
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    async list() {
      const entries = await readdir(directory, { withFileTypes: true }).catch(ignoreMissing([]));
      const files: PublicFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !FILE_NAME.test(entry.name)) continue;
        const info = await stat(path.join(directory, entry.name)).catch(ignoreMissing(undefined));
        if (info) files.push({ url: `${UPLOADS_URL_PREFIX}${entry.name}`, modifiedAt: info.mtime });
      }
      return files;
    },
    async delete(url) {
      await unlink(fileOf(url)).catch(ignoreMissing(undefined));
    },
  };
}
