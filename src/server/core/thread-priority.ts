import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of a background thread: the scheduler gives a thread at nice 0 about ten times its share. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority (decision 0076). On Linux a worker thread has a thread id of its own and
 * setpriority() takes it, so only this thread yields the cores to the thread that answers requests. Elsewhere (no
 * /proc/thread-self) nothing changes.
 */
export function yieldCpuToRequests(): void {
  let threadId: number;
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return;
  }
  if (!Number.isInteger(threadId) || threadId <= 0) return;
  try {
    setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // A sandbox may refuse it; the thread then runs at the process's priority, as before.
  }
}
