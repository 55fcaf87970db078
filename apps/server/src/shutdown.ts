/**
 * Graceful shutdown of a server process (issue 21; docs/operations.md, "Several processes"), so
 * that processes behind a reverse proxy restart one at a time without a user noticing. On
 * SIGTERM (or SIGINT):
 * 1. GET /readyz answers 503 (plugins/health.ts) and the scheduler starts no new run;
 * 2. for SHUTDOWN_GRACE_SECONDS (default 5; SIGINT, a Ctrl+C at a terminal: none) the process
 *    still serves, while the proxy's health check notices and sends its requests elsewhere;
 * 3. the listener closes: no new connections; requests in flight are answered (Fastify's
 *    `close`: idle keep-alive connections are closed, a request arriving on a busy one gets
 *    503 and `Connection: close`);
 * 4. the scheduler's job in progress finishes, the mail outbox stops after its batch, the
 *    metrics listener and the database close, and the process exits 0.
 * If all that takes longer than SHUTDOWN_TIMEOUT_SECONDS (default 30) after the grace, the
 * process exits 1. A second signal meanwhile changes nothing.
 */

/** The settings of shutdown from the environment. */
export interface ShutdownConfig {
  /** Seconds the process still serves after SIGTERM while its /readyz answers 503. */
  graceSeconds: number;
  /** Seconds after the grace that closing may take before the process exits anyway (1). */
  timeoutSeconds: number;
}

/** A whole number of seconds >= 0 from `value`, else `fallback`. */
function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new Error(`${name}=${value} is no number of seconds from 0 to 3600`);
  return n;
}

/**
 * SHUTDOWN_GRACE_SECONDS (default 5) and SHUTDOWN_TIMEOUT_SECONDS (default 30).
 * @throws Error for a value that is no number of seconds from 0 to 3600
 */
export function readShutdownConfig(env: NodeJS.ProcessEnv = process.env): ShutdownConfig {
  return {
    graceSeconds: seconds('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 5),
    timeoutSeconds: seconds('SHUTDOWN_TIMEOUT_SECONDS', env.SHUTDOWN_TIMEOUT_SECONDS, 30),
  };
}

/** The steps of a shutdown, in order (main.ts fills them in). */
export interface ShutdownSteps {
  /** Step 1: /readyz 503 from now on; the scheduler stops starting runs (answers a wait for its run). */
  drain(): Promise<void>;
  /** Step 3: stop taking connections and answer the requests in flight. */
  closeServer(): Promise<void>;
  /** Step 4: everything else (scheduler, mail, metrics, database). */
  closeRest(): Promise<void>;
}

/**
 * Runs the shutdown of the file comment once, on the first SIGTERM or SIGINT, then exits.
 * `log`: one line per step.
 */
export function handleShutdownSignals(config: ShutdownConfig, steps: ShutdownSteps, log: (line: string) => void = console.log): void {
  let started = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const grace = signal === 'SIGTERM' ? config.graceSeconds : 0;
    log(`${signal}: draining (readyz 503), closing in ${grace} s`);
    const drained = steps.drain();
    await new Promise((resolve) => setTimeout(resolve, grace * 1000));
    const timer = setTimeout(() => {
      log(`Shutdown took longer than ${config.timeoutSeconds} s: exiting anyway`);
      process.exit(1);
    }, config.timeoutSeconds * 1000);
    timer.unref();
    try {
      await steps.closeServer();
      log('Requests in flight answered; stopping jobs and closing the database');
      await drained;
      await steps.closeRest();
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
    log('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
