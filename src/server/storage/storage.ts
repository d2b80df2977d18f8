import path from 'node:path';
import { localPrivateFiles, type PrivateFiles } from './private-files.js';
import { localPublicFiles, type PublicFiles } from './public-files.js';

export type { PrivateFiles } from './private-files.js';
export { UPLOADS_URL_PREFIX } from './public-files.js';
/** The public image storage, under the name the upload and seed modules know it by. */
export type FileStorage = PublicFiles;

/**
 * Every file the app keeps, in one place per app: public images (served under /uploads) and private files
 * (spreadsheets, onboarding menus) that nothing serves. Local folders today; object storage can implement the
 * same interfaces when several processes need one store.
 */
export interface Storage {
  public: PublicFiles;
  private: PrivateFiles;
}

export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function localStorage(dataDir: string): Storage {
  return {
    public: localPublicFiles(uploadsDirectory(dataDir)),
    // A sibling of uploads, never inside it: the static file server only knows the uploads folder.
    private: localPrivateFiles(path.join(dataDir, 'private')),
  };
}
