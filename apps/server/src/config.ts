/**
 * Server configuration from the environment (README, "Configuration").
 * Relative paths resolve against the directory npm was started in (INIT_CWD), so
 * `npm start` at the repository root keeps its data in `./data` there.
 */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory. */
  dataDir: string;
  /** Load the demo data on first start. */
  seedDemo: boolean;
  /** Session lifetime in hours. */
  sessionHours: number;
  smtpUrl: string | null;
  webDist: string;
  version: string;
  build: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(base, env.DATA_DIR ?? 'data'),
    seedDemo: env.SEED_DEMO !== 'false',
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    smtpUrl: env.SMTP_URL || null,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    version: env.APP_VERSION ?? '1.0.114',
    build: env.APP_BUILD ?? 'dev',
  };
}
