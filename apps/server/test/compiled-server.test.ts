/**
 * The server as production runs it (issue 21, "Production build"; docs/operations.md): compiled
 * ahead of time to apps/server/dist and started with plain `node`, on PGlite and on PostgreSQL.
 * The build is made from the sources at the start of the file when dist/ is missing or older than
 * them (support/server-build.ts: one build at a time, never under another file's running
 * processes); each server process records every module it resolves (fixtures/module-log.mjs), so
 * the tests see what a start really loads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../src/db/client.js';
import { backends } from './helpers.js';
import { ensureServerBuilt, freePorts } from './support/server-build.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const moduleLogHook = path.join(import.meta.dirname, 'fixtures/module-log.mjs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compiled-'));
/** Databases this file created on PostgreSQL, dropped at the end. */
const createdDatabases: string[] = [];

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The environment of a database for the server: a new PostgreSQL database or PGlite data directory. */
async function databaseEnv(kind: 'pglite' | 'postgres', withDemoData: boolean, name: string): Promise<NodeJS.ProcessEnv> {
  if (kind === 'postgres') {
    const url = new URL(process.env.DATABASE_URL as string);
    const database = `${url.pathname.slice(1) || 'portal'}_compiled_${name}_${process.pid}`;
    const template = withDemoData ? ` TEMPLATE "${inject('postgresTemplate')}"` : '';
    await adminQuery(`CREATE DATABASE "${database}"${template}`);
    createdDatabases.push(database);
    url.pathname = `/${database}`;
    return { DATABASE_URL: url.toString() };
  }
  const dataDir = path.join(scratch, name);
  if (withDemoData) {
    // The seeded dump every test file starts from, written out to a data directory.
    const seeded = await openPglite({ dataDir, loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
    await seeded.close();
  }
  return { DATABASE_URL: '', DATA_DIR: dataDir };
}

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Every module URL the process has resolved so far. */
  modules: () => string[];
  stop: () => Promise<void>;
}

/** Starts `node dist/main.js` with `env`, and waits until it listens. */
async function startCompiled(env: NodeJS.ProcessEnv, name: string): Promise<Started> {
  const [port] = (await freePorts(1)) as [number];
  const moduleLog = path.join(scratch, `${name}.modules`);
  const child = spawn(process.execPath, ['--import', moduleLogHook, 'dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SCHEDULER: 'false',
      LOG: 'false',
      SMTP_URL: '',
      INIT_CWD: '',
      MODULE_LOG: moduleLog,
      ...env,
    },
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (text.includes('Portal on http')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited with ${code}: ${text}`));
    });
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => text,
    modules: () => fs.readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The modules of `urls` inside the package `name` in node_modules. */
const fromPackage = (urls: string[], name: string) => urls.filter((url) => url.includes(`/node_modules/${name}/`));

beforeAll(() => ensureServerBuilt(), 300_000);

afterAll(async () => {
  for (const database of createdDatabases) await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe.each(backends)('the compiled server (%s)', (kind) => {
  it('starts with plain node on an empty database: migrates it, loads the postal registers, answers in the caller’s language', async () => {
    const server = await startCompiled({ ...(await databaseEnv(kind, false, `${kind}_empty`)), SEED_DEMO: 'false' }, `${kind}-empty`);
    try {
      expect(server.output()).toContain('Postal registers loaded');
      const status = await fetch(`${server.base}/api/Status`);
      expect(status.status).toBe(200);
      // The registers' files were found beside the compiled code (dist/postal-data).
      const place = (await (await fetch(`${server.base}/api/AddressZipCode?countryId=NO&postalCode=0150`)).json()) as {
        data: { name: string };
      };
      expect(place.data.name).toBe('OSLO');
      // The error catalogue (the domain package's JSON) in the caller's language.
      const missing = await fetch(`${server.base}/api/NoSuchCall`, { headers: { 'accept-language': 'nb-NO' } });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Ikke funnet.');

      const modules = server.modules();
      // The compiled JavaScript runs: no TypeScript source, no tsx.
      expect(modules.find((url) => url.endsWith('/dist/main.js'))).toBeDefined();
      expect(modules.filter((url) => /\.tsx?$/.test(url))).toEqual([]);
      expect(fromPackage(modules, 'tsx')).toEqual([]);
      // What only some calls need is not loaded by the start: the demo data's generators, the
      // PDF and Excel writers, the SMTP client.
      for (const name of ['@faker-js/faker', 'pdfkit', 'qrcode', 'exceljs', 'nodemailer']) expect(fromPackage(modules, name)).toEqual([]);
      // On PostgreSQL, the embedded database is never loaded.
      if (kind === 'postgres') expect(fromPackage(modules, '@electric-sql/pglite')).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('on a database that holds the demo data, starts with SEED_DEMO on without loading the demo data loader', async () => {
    const env = await databaseEnv(kind, true, `${kind}_demo`);
    const server = await startCompiled({ ...env, SEED_DEMO: 'true' }, `${kind}-demo`);
    try {
      const login = await fetch(`${server.base}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userLoginName: 'kari', password: 'demo1234' }),
      });
      expect(login.status).toBe(200);
      const modules = server.modules();
      expect(fromPackage(modules, '@faker-js/faker')).toEqual([]);
      expect(modules.filter((url) => /seed-demo-data/.test(url))).toEqual([]);
      expect(fromPackage(modules, 'pdfkit')).toEqual([]);

      // The PDF writer comes in with the first document: kari's latest pooling invoice.
      const headers = {
        authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
        'accept-language': 'en-US',
      };
      const today = new Date().toISOString().slice(0, 10);
      const invoices = (await (
        await fetch(`${server.base}/api/Invoices?type=pooling&from=2020-01-01&to=${today}`, { headers })
      ).json()) as {
        data: { items: { id: number }[] };
      };
      const pdf = await fetch(`${server.base}/api/Invoices/${invoices.data.items[0]?.id}/document`, { headers });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(fromPackage(server.modules(), 'pdfkit').length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
