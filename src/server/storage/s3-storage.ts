import { createS3Client, type S3Settings } from './s3-client.js';
import { s3PrivateFiles, s3PublicFiles } from './s3-files.js';
import type { Storage } from './storage-interface.js';

export function s3Storage(settings: S3Settings): Storage {
  const client = createS3Client(settings);
  return {
    public: s3PublicFiles(client, settings.bucket),
    private: s3PrivateFiles(client, settings.bucket),
    uploadsDirectory: undefined,
    async close() {
      client.destroy();
    },
  };
}
