import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** A background thread's nice value: the threads at nice 0 get about ten times its share of a busy core. */
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
    // Never nicer than 10: a process already started under `nice` (the test run's servers) keeps its threads together,
    // rather than leaving the database thread a sliver of a core beside the other processes.
    setPriority(threadId, Math.max(getPriority(threadId), BACKGROUND_NICE));
  } catch {
    // A sandbox may refuse it; the thread then runs at the process's priority, as before.
  }
}
