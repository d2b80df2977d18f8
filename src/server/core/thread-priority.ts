import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much nicer a background thread is than its process (the process's threads then get about ten times its share). */
const BACKGROUND_NICE = 10;
const NICEST = 19;

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
    // Relative to the process's own priority: a server started with `nice` keeps the same gap.
    setPriority(threadId, Math.min(NICEST, getPriority(threadId) + BACKGROUND_NICE));
  } catch {
    // A sandbox may refuse it; the thread then runs at the process's priority, as before.
  }
}
