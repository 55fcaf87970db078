/**
 * Seeds the demo data once per test run and hands each test file a way to get its own copy:
 * PGlite: a dump of the seeded data directory (loading it takes seconds, seeding takes more);
 * PostgreSQL (DATABASE_URL set): a template database each file clones with CREATE DATABASE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { seedDemoData } from '../src/modules/demo-data/seed-demo-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string | null;
  }
}

export const TEST_TODAY = new Date().toISOString().slice(0, 10);

export default async function setup(project: TestProject) {
  const dumpPath = path.join(os.tmpdir(), `portal-test-${process.pid}.tar`);
  const pglite = await openPglite({ dataDir: null });
  await seedDemoData(pglite.db);
  // biome-ignore lint/suspicious/noExplicitAny: PGlite client behind drizzle
  const client = (pglite.db as any).$client as { dumpDataDir(c: 'none'): Promise<Blob> };
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', dumpPath);

  let template: string | null = null;
  const url = process.env.DATABASE_URL;
  if (url) {
    template = `${new URL(url).pathname.slice(1) || 'portal'}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openPostgres(target.toString(), 4);
    await seedDemoData(database.db);
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dumpPath, { force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    }
  };
}
