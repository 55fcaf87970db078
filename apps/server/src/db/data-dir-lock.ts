/**
 * The lock of a PGlite data directory (`portal.lock`, holding the pid of the process that has it
 * open): PGlite has no lock between processes, and two writers corrupt the directory (README,
 * "Configuration"; client.ts opens a directory through it).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Raised when a PGlite data directory is already open in another process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by process ${pid}. ` +
        'Stop that process first, or start this one with another DATA_DIR (or DATABASE_URL).',
    );
  }
}

/** How long a start waits for the process named in a data directory's lock to end (issue 20). */
export const LOCK_WAIT_MS = 5_000;
const LOCK_POLL_MS = 100;

/**
 * Takes an exclusive lock on a data directory with a lock file holding our pid. PGlite has no
 * lock between processes, and two writers corrupt the directory. A lock left by a process that
 * no longer runs is taken over; so is one of a killed process that its parent has not reaped yet
 * (a zombie: it answers a signal but runs no more). A holder that still runs is waited for up to
 * LOCK_WAIT_MS, polling: a portal killed with SIGKILL keeps running a moment while the kernel
 * tears it down, and a process manager that restarts it at once must not give up (issue 20).
 * @throws DataDirInUseError when the holder still runs after LOCK_WAIT_MS
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockPath = path.join(dataDir, 'portal.lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readIfThere(lockPath));
    if (pid && pid !== process.pid && isRunning(pid)) {
      if (Date.now() >= deadline) throw new DataDirInUseError(dataDir, pid);
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      continue;
    }
    // The holder is gone: remove its lock (another starter may have done so first) and try again.
    fs.rmSync(lockPath, { force: true });
  }
}

/** A file's text, or '' when it is not there (a lock removed meanwhile). */
function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * Whether process `pid` runs: it answers signal 0 and, where /proc tells (Linux), is neither a
 * zombie (Z: ended, not yet reaped by its parent) nor dead (X).
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // The state follows the command name in parentheses, which may itself hold spaces or parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (not Linux), or the process ended just now: signal 0 decided.
    return !fs.existsSync('/proc/self/stat');
  }
}
