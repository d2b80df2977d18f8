import type { PrivateFiles } from './private-files.js';
import type { PublicFiles } from './public-files.js';

/**
 * Every file the app keeps, in one place per app: public images (served under /uploads) and private files
 * (spreadsheets, onboarding menus) that nothing serves. Local folders under DATA_DIR by default; an S3-compatible
 * bucket when S3_BUCKET is set, so several processes on several machines share one store. Its own file, so the
 * drivers (storage.ts, s3-storage.ts) both depend on it and not on each other.
 */
export interface Storage {
  public: PublicFiles;
  private: PrivateFiles;
  /** The folder the public images are in, for the static file server; undefined when they are in a bucket. */
  uploadsDirectory: string | undefined;
  close(): Promise<void>;
}
