/**
 * Test helpers: each test file gets its own copy of the seeded demo database (PGlite from
 * the dump, or a clone of the PostgreSQL template) and the real app, called through inject.
 * After every test of a file that imports this module, the ledger invariant
 * (`checkLedgerInvariant`, docs/domain.md "Balances") must hold on each test context still open,
 * unless the context was opened with `ledgerCheck: false` (issue 8).
 */
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { checkLedgerInvariant } from '../src/modules/orders/ledger.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's connection string (null on PGlite): a second app may open it (caches.test.ts). */
  databaseUrl: string | null;
  /** Signs in a demo user (password demo1234) and answers the bearer token. */
  login(loginName: string): Promise<string>;
  /** Calls the API as a user (token) and answers status and parsed body. */
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: tests read any answer's body loosely
  ): Promise<{ status: number; body: any; response: LightMyRequestResponse }>;
  close(): Promise<void>;
}

/** The backends to run API tests on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** How a test context is opened. */
export interface TestContextOptions {
  /**
   * Assert the ledger invariant after every test while the context is open (default true).
   * Turn it off only in a file none of whose calls can write to the ledger or the balances,
   * with a comment that says so. A test that breaks the ledger on purpose restores it itself.
   */
  ledgerCheck?: boolean;
}

/** The open test contexts whose ledger is checked after every test. */
const ledgerChecked = new Set<TestContext>();

/**
 * Asserts that the ledger invariant holds on every open test context that checks it (each
 * problem `checkLedgerInvariant` finds fails the test that just ran). Registered below as an
 * `afterEach` of every test file that imports this module: vitest evaluates the module once
 * per test file (the api project isolates files), while the file's tests are collected.
 */
export async function expectLedgerSound(): Promise<void> {
  for (const ctx of ledgerChecked) expect(await checkLedgerInvariant(ctx.database.db), 'ledger invariant after the test').toEqual([]);
}
afterEach(expectLedgerSound);

/** The configuration every test app runs with. */
export const testConfig = { ...readConfig({}), version: '1.0.114', build: 'test' };

export async function openTestContext(kind: 'pglite' | 'postgres' = 'pglite', options: TestContextOptions = {}): Promise<TestContext> {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    const template = inject('postgresTemplate');
    if (!url || !template) throw new Error('PostgreSQL tests need DATABASE_URL');
    const name = `${template.replace(/_tpl$/, '')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    database = await openPostgres(databaseUrl, 10);
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  } else {
    const dump = fs.readFileSync(inject('pgliteDump'));
    database = await openPglite({ dataDir: null, loadDataDir: new Blob([dump]) });
  }
  const app = await buildApp({ db: database.db, listen: database.listen, config: testConfig });
  await app.ready();

  const call: TestContext['call'] = async (method, url, options = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), 'accept-language': 'en-US', ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, response };
  };
  const context: TestContext = {
    app,
    database,
    databaseUrl,
    call,
    async login(loginName) {
      const { status, body } = await call('POST', '/api/Login', { body: { userLoginName: loginName, password: 'demo1234' } });
      if (status !== 200) throw new Error(`Login ${loginName} failed: ${status} ${JSON.stringify(body)}`);
      return body.data.token as string;
    },
    async close() {
      ledgerChecked.delete(context);
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
  if (options.ledgerCheck ?? true) ledgerChecked.add(context);
  return context;
}

/**
 * A multipart/form-data body for `app.inject`: the fields, then one file part (its type
 * `application/octet-stream` unless given), as the web's FormData sends them.
 */
export function multipart(
  fields: Record<string, string | number | boolean>,
  file: { name: string; type?: string; data: Buffer } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const type = file.type ?? 'application/octet-stream';
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
