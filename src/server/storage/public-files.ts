import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoreMissing } from './missing-file.js';

export const UPLOADS_URL_PREFIX = '/uploads/';

export interface PublicFile {
  /** Its public path, as stored in the database (/uploads/<name>). */
  url: string;
  modifiedAt: Date;
}

export interface PublicFileContent {
  bytes: Buffer;
  contentType: string;
  /** A quoted entity tag, for If-None-Match. */
  etag: string;
  modifiedAt: Date;
}

/** Images anyone may download under /uploads/<name>. */
export interface PublicFiles {
  /** Stores the bytes under a new unguessable name and returns its public path (/uploads/...). */
  save(bytes: Buffer, extension: string): Promise<string>;
  /** The file at a public path, or undefined when there is none. */
  read(url: string): Promise<PublicFileContent | undefined>;
  list(): Promise<PublicFile[]>;
  /** Removes a file by its public path; a file already gone is not an error. */
  delete(url: string): Promise<void>;
  /** Stores the bytes under a public path chosen earlier (a restore puts a backup's files back under their names). */
  write(url: string, bytes: Buffer): Promise<void>;
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Whether a name can be a stored public file (no slash, no traversal, not hidden). */
export const isPublicFileName = (name: string) => FILE_NAME.test(name) && name.length <= 200;

/** The file name of a public path (/uploads/<name>); throws for anything else. */
export function publicFileName(url: string): string {
  const name = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : '';
  if (!isPublicFileName(name)) throw new Error(`not a public file path: ${url}`);
  return name;
}

export const newPublicFileName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
export const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

export function localPublicFiles(directory: string): PublicFiles {
  const fileOf = (url: string) => path.join(directory, publicFileName(url));
  return {
    async save(bytes, extension) {
      await mkdir(directory, { recursive: true });
      const name = newPublicFileName(extension);
      const file = path.join(directory, name);
      try {
        await writeFile(file, bytes, { flag: 'wx' });
      } catch (err) {
        // A write cut short (the disk filled: ENOSPC) leaves no truncated image behind.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw err;
      }
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    async read(url) {
      const file = fileOf(url);
      const found = await Promise.all([readFile(file), stat(file)]).catch(ignoreMissing(undefined));
      if (!found) return undefined;
      const [bytes, info] = found;
      const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
      return { bytes, contentType: contentTypeOf(file), etag, modifiedAt: info.mtime };
    },
    async list() {
      const entries = await readdir(directory, { withFileTypes: true }).catch(ignoreMissing([]));
      const files: PublicFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !isPublicFileName(entry.name)) continue;
        const info = await stat(path.join(directory, entry.name)).catch(ignoreMissing(undefined));
        if (info) files.push({ url: `${UPLOADS_URL_PREFIX}${entry.name}`, modifiedAt: info.mtime });
      }
      return files;
    },
    async delete(url) {
      await unlink(fileOf(url)).catch(ignoreMissing(undefined));
    },
    async write(url, bytes) {
      await mkdir(directory, { recursive: true });
      await writeFile(fileOf(url), bytes);
    },
  };
}
