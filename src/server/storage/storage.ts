import path from 'node:path';
import { localPrivateFiles } from './private-files.js';
import { localPublicFiles, type PublicFiles } from './public-files.js';
import type { S3Settings } from './s3-client.js';
import type { Storage } from './storage-interface.js';

export type { PrivateFiles } from './private-files.js';
export type { PublicFileContent } from './public-files.js';
export { isPublicFileName, UPLOADS_URL_PREFIX } from './public-files.js';
export type { S3Settings } from './s3-client.js';
export type { Storage } from './storage-interface.js';
/** The public image storage, under the name the upload and seed modules know it by. */
export type FileStorage = PublicFiles;

export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function localStorage(dataDir: string): Storage {
  return {
    public: localPublicFiles(uploadsDirectory(dataDir)),
    // A sibling of uploads, never inside it: the static file server only knows the uploads folder.
    private: localPrivateFiles(path.join(dataDir, 'private')),
    uploadsDirectory: uploadsDirectory(dataDir),
    async close() {},
  };
}

/** The storage the config names: the bucket when there is one, DATA_DIR otherwise. */
export async function openStorage(config: { dataDir: string; s3: S3Settings | undefined }): Promise<Storage> {
  if (!config.s3) return localStorage(config.dataDir);
  // Loaded only when used: the AWS SDK would slow the embedded default's start-up and grow its memory.
  const { s3Storage } = await import('./s3-storage.js');
  return s3Storage(config.s3);
}
