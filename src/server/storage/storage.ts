import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files go. Local folder today; object storage can implement the same for several processes. */
export interface FileStorage {
  /** Stores the bytes under a new unguessable name and returns its public path (/uploads/...). */
  save(bytes: Buffer, extension: string): Promise<string>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export function localStorage(directory: string): FileStorage {
  return {
    async save(bytes, extension) {
      await mkdir(directory, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(directory, name), bytes, { flag: 'wx' });
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
  };
}
