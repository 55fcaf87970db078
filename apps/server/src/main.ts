/**
 * Starts the portal: reads the configuration, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL with DATABASE_URL), migrates, loads the demo data on first start (both under the
 * start-up lock of db/startup-lock.ts, so several processes starting at once do it once), and
 * listens; metrics on METRICS_PORT (plugins/metrics.ts); SIGTERM drains (shutdown.ts).
 */
import type http from 'node:http';
import { buildApp } from './app.js';
import { readConfig, readWebhookConfig } from './config.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { loadPostalRegisters, postalRegisterVersion } from './db/postal-registers.js';
import { withStartupLock } from './db/startup-lock.js';
import { isDemoDataLoaded } from './modules/demo-data/demo-data-marker.js';
import { startWebhookSender } from './modules/integrations/send-webhooks.js';
import { readSchedulerConfig, startScheduler } from './modules/scheduled/scheduler.js';
import type { Readiness } from './plugins/health.js';
import { createMetrics, readMetricsListen, startMetricsServer } from './plugins/metrics.js';
import { handleShutdownSignals, readShutdownConfig } from './shutdown.js';

let config: ReturnType<typeof readConfig>;
let shutdownConfig: ReturnType<typeof readShutdownConfig>;
let metricsListen: ReturnType<typeof readMetricsListen>;
try {
  config = readConfig();
  shutdownConfig = readShutdownConfig();
  metricsListen = readMetricsListen();
} catch (error) {
  // A setting that cannot be read (e.g. TRUST_PROXY=true) stops the start with its reason.
  console.error((error as Error).message);
  process.exit(1);
}

/** Opens and migrates the database, loads the postal registers and the demo data. */
async function prepareDatabase(): Promise<Database> {
  let database: Database;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  console.log(config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: PGlite in ${config.dataDir}`);
  // The postal registers are reference data: loaded on every database when their version changed.
  if (await loadPostalRegisters(database.db)) console.log(`Postal registers loaded (${postalRegisterVersion})`);
  if (config.seedDemo && !(await isDemoDataLoaded(database.db))) {
    const started = Date.now();
    // Imported only when it runs: the loader and its generators (@faker-js/faker) never weigh on a
    // process whose database holds its data already or that loads none (docs/operations.md).
    const { seedDemoData } = await import('./modules/demo-data/seed-demo-data.js').catch((error: NodeJS.ErrnoException) => {
      // An install without the development packages (npm ci --omit=dev) has no generators.
      if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
      console.error(`The demo data needs the development packages (${error.message}); start with SEED_DEMO=false.`);
      process.exit(1);
    });
    const loaded = await seedDemoData(database.db);
    if (loaded !== false) console.log(`Demo data ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return database;
}

const database = await withStartupLock(config.databaseUrl, prepareDatabase);
const readiness: Readiness = { draining: false };
const metrics = metricsListen ? createMetrics({ db: database.db, poolStats: database.poolStats, defaults: true }) : undefined;
const app = await buildApp({
  db: database.db,
  listen: database.listen,
  config,
  logger: process.env.LOG !== 'false',
  readiness,
  metrics,
});
// Scheduled orders and mail delivery run in every process; the database makes each happen once.
const stopScheduler = startScheduler(database.db, readSchedulerConfig(), console, metrics);
// nodemailer is imported only when mail leaves over SMTP (docs/operations.md, "Memory").
const stopMail = config.smtpUrl ? (await import('./modules/mail/smtp.js')).startSmtpDelivery(database.db, config.smtpUrl) : async () => {};
// Webhooks leave from every process too; each delivery is claimed by one (docs/integrations.md).
const webhooks = readWebhookConfig();
const stopWebhooks = webhooks.enabled
  ? startWebhookSender(database.db, { ...webhooks, log: (message) => console.warn(message) })
  : async () => {};
let metricsServer: http.Server | null = null;
handleShutdownSignals(shutdownConfig, {
  async drain() {
    readiness.draining = true;
    metrics?.ready.set(0);
    await stopScheduler();
    await stopWebhooks();
  },
  closeServer: () => app.close(),
  async closeRest() {
    await stopMail();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await database.close();
  },
});
if (metrics && metricsListen) {
  metricsServer = await startMetricsServer(metrics, metricsListen.port, metricsListen.host);
  console.log(`Metrics on http://${metricsListen.host}:${metricsListen.port}/metrics`);
}
await app.listen({ port: config.port, host: config.host });
console.log(`Portal on http://localhost:${config.port}`);
