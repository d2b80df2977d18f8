import { statfs } from 'node:fs/promises';
import { appError } from './app-error.js';

/** Free space under DATA_DIR (decision 0039): below the threshold, new files are refused and imports pause. */
export interface DiskState {
  freeBytes: number;
  minFreeBytes: number;
  low: boolean;
}

export interface DiskSpace {
  /** Free space now (read at most once a second: the health check and every upload ask). */
  read(): Promise<DiskState>;
  /** Throws the 507 answer when space is low. */
  assertRoom(): Promise<void>;
}

/** How long a reading is reused. */
const FRESH_MS = 1_000;

export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export interface DiskSpaceSources {
  /** How free space is read (a test sets its own). */
  statfs?: StatFs;
  /** The clock that ages a reading, in milliseconds (a test moves its own). */
  now?: () => number;
}

export function createDiskSpace(
  dir: string,
  minFreeBytes: number,
  { statfs: read = statfs, now = () => performance.now() }: DiskSpaceSources = {},
): DiskSpace {
  let last: { at: number; state: DiskState } | undefined;
  let reading: Promise<DiskState> | undefined;
  const measure = async (): Promise<DiskState> => {
    try {
      const stats = await read(dir);
      const freeBytes = Number(stats.bavail) * Number(stats.bsize);
      return { freeBytes, minFreeBytes, low: freeBytes < minFreeBytes };
    } catch {
      // Unreadable (a platform without statfs): nothing is refused for it.
      return { freeBytes: Number.POSITIVE_INFINITY, minFreeBytes, low: false };
    }
  };
  const space: DiskSpace = {
    async read() {
      if (last && now() - last.at < FRESH_MS) return last.state;
      reading ??= measure().finally(() => {
        reading = undefined;
      });
      const state = await reading;
      last = { at: now(), state };
      return state;
    },
    async assertRoom() {
      if ((await space.read()).low) throw appError('disk_full');
    },
  };
  return space;
}
