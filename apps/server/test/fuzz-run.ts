/**
 * The fuzz test of the whole API (issue 7, "Bad input gets 400, never 500"): reads the OpenAPI
 * document the app serves and sends every route in it at least 100 malformed requests
 * (fuzz-inputs.ts: seeded, so a failure reproduces), signed in as the global admin (broad
 * rights) and some anonymously. It fails on any 5xx, on an error answer outside the portal's
 * envelope or with an untranslated message key, and on any write behind an error answer.
 * The routes that name a user to act as or to act on (`userFieldOf`: POST status, GET/POST user,
 * POST userPassword, POST UserPasswordLink, POST Users) are sent their inputs a second time,
 * signed in as the provider's own customer admin (issue 20), where an answer 2xx to a request
 * naming another user fails too.
 *
 * Writes are seen by a row trigger on every table that notes the writing transaction in
 * `fuzz_writes` (one row per transaction and table). That log is transactional (a rolled-back
 * write leaves nothing) and belongs to this test's own database. The transaction-id horizon
 * (`pg_snapshot_xmax(pg_current_snapshot())`) would be cheaper but is shared by the whole
 * PostgreSQL cluster, so other test files running at the same time would look like writes.
 *
 * FUZZ_REPORT=<file> writes every failure and the count of answers per route, status and
 * error type to that file (to see what the inputs reach; `-<kind>-<part>` is added to the name).
 *
 * It runs in FUZZ_PARTS parts (fuzz-<part>.test.ts), each taking every FUZZ_PARTS-th operation of
 * the document on every database of the run, so that the parts spread over Vitest's workers and
 * start first (vitest.config.ts); together they send every operation its inputs on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { flushFailedSignIns } from '../src/modules/global/failed-sign-ins.js';
import { createProviderAdmin, demoUser, type TestUser } from './acting-users.js';
import { type FuzzInput, fuzzInputs, namedUserId, type Operation, operationsOf, userFieldOf } from './fuzz-inputs.js';
import { openTestContext, type TestContext } from './helpers.js';

/** How many parts each database's fuzz run is cut into (one test file each). */
export const FUZZ_PARTS = 4;

/**
 * Error answers that may write by design: a failed sign-in raises the failed sign-in counter
 * (docs/domain.md, "Sign-in") and is logged (docs/global.md, "Log").
 */
const writesAllowed = (input: FuzzInput, type: string | undefined) =>
  input.method === 'POST' && /^\/api\/login(\?|$)/i.test(input.url) && (type === 'LOGIN_FAILED' || type === 'LOGIN_LOCKED');

/**
 * Declares the fuzz test of part `part` (0 to FUZZ_PARTS - 1) on one database: the operations of
 * the OpenAPI document whose index modulo FUZZ_PARTS is `part`.
 */
export function describeFuzz(kind: 'pglite' | 'postgres', part: number): void {
  describe(`fuzz: malformed requests to the routes of the OpenAPI document, part ${part + 1} of ${FUZZ_PARTS} (${kind})`, () => {
    let ctx: TestContext;
    /** The provider's own customer admin, who also sends the inputs of the routes that name a user (issue 20). */
    let providerAdmin: TestUser;

    beforeAll(async () => {
      ctx = await openTestContext(kind);
      providerAdmin = await createProviderAdmin(ctx, await demoUser(ctx, 'admin'));
      for (const statement of WRITE_LOG) await ctx.database.db.execute(sql.raw(statement));
    });
    afterAll(() => ctx.close());

    const lastWrite = async () =>
      Number((await rows<{ id: number }>(ctx.database.db, sql`SELECT coalesce(max(id), 0)::bigint AS id FROM fuzz_writes`))[0]?.id);
    const writtenSince = async (id: number) =>
      (await rows<{ table: string }>(ctx.database.db, sql`SELECT DISTINCT table_name AS "table" FROM fuzz_writes WHERE id > ${id}`)).map(
        (r) => r.table,
      );

    it('answers no 5xx, every error in the envelope and translated, writes nothing behind an error, and acts on no stronger user', async () => {
      const docAnswer = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docAnswer.statusCode).toBe(200);
      const allOperations = operationsOf(docAnswer.json());
      expect(allOperations.length).toBeGreaterThanOrEqual(50);
      const operations = allOperations.filter((_, index) => index % FUZZ_PARTS === part);

      // The write log sees a write (a sign-in opens a session), or the test would prove nothing.
      const start = await lastWrite();
      await ctx.login('admin');
      expect(await lastWrite()).toBeGreaterThan(start);

      const failures: string[] = [];
      let sent = 0;
      const statuses = new Map<string, number>();
      let address = 0;
      let signIns = 0;
      /**
       * Signs a user in from an address of its own: the test signs in once per route and after
       * every 401, more often than POST Login's limit of 120 a minute per address allows.
       */
      const signIn = async (loginName: string) => {
        signIns++;
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/api/Login',
          payload: { userLoginName: loginName, password: 'demo1234' },
          remoteAddress: `172.16.${(signIns >> 8) & 255}.${signIns & 255}`,
        });
        if (answer.statusCode !== 200) throw new Error(`Login ${loginName} failed: ${answer.statusCode} ${answer.body}`);
        return answer.json().data.token as string;
      };
      /**
       * Sends an operation's inputs signed in as `caller`. For the provider's customer admin on an
       * operation that names a user (`userFieldOf`), an answer 2xx to a request naming another
       * user is a failure too: every other user of the provider holds a right that admin lacks
       * (issue 20), and every other customer's user is out of their reach.
       */
      const sendAll = async (op: Operation, inputs: FuzzInput[], caller: { loginName: string; id: number; actingOnUsers: boolean }) => {
        // A fresh session per route: an earlier route may have switched or signed out the last one.
        let token = await signIn(caller.loginName);
        let before = await lastWrite();
        const userField = caller.actingOnUsers ? userFieldOf(op) : null;
        for (const input of inputs) {
          address++;
          let response: Awaited<ReturnType<TestContext['app']['inject']>>;
          try {
            response = await ctx.app.inject({
              method: input.method as 'GET',
              url: input.url,
              headers: { ...(input.anonymous ? {} : { authorization: `Bearer ${token}` }), ...input.headers },
              ...(input.payload !== undefined ? { payload: input.payload } : {}),
              // Another client address per request, so that rate limits do not hide what comes behind them.
              remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            });
          } catch (error) {
            failures.push(`${input.label}: inject threw ${(error as Error).message}`);
            continue;
          }
          sent++;
          // A refused password's log row is written in a batch within a second (failed-sign-ins.ts):
          // written now, it counts for the request that caused it, not for a later one.
          await flushFailedSignIns(ctx.database.db);
          const status = response.statusCode;
          const key = `${op.method} ${op.path} ${status} ${safeJson(response.body)?.error?.type ?? ''}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (status >= 500) {
            failures.push(`${input.label}: ${status} ${response.body.slice(0, 300)}`);
          } else if (status >= 400) {
            const problem = envelopeProblem(response.body);
            if (problem) failures.push(`${input.label}: ${status} ${problem}: ${response.body.slice(0, 200)}`);
            const after = await lastWrite();
            if (after !== before) {
              const type = safeJson(response.body)?.error?.type;
              if (!writesAllowed(input, type)) {
                failures.push(`${input.label}: ${status} ${type} but wrote ${(await writtenSince(before)).join(', ')}`);
              }
            }
            if (status === 401 && !input.anonymous && !/\/api\/login/i.test(input.url)) token = await signIn(caller.loginName);
          } else if (userField && !input.anonymous) {
            const named = namedUserId(input, userField);
            if (named !== null && named !== caller.id) failures.push(`${input.label} as ${caller.loginName}: ${status} for user ${named}`);
          }
          before = await lastWrite();
        }
      };
      for (const op of operations) {
        const inputs = fuzzInputs(op);
        expect(inputs.length, `${op.method} ${op.path}`).toBeGreaterThanOrEqual(100);
        await sendAll(op, inputs, { loginName: 'admin', id: 0, actingOnUsers: false });
        // The routes that name a user, also as the provider's own customer admin (issue 20).
        if (userFieldOf(op)) await sendAll(op, inputs, { ...providerAdmin, actingOnUsers: true });
      }
      expect(sent).toBeGreaterThanOrEqual(operations.length * 100);
      if (process.env.FUZZ_REPORT)
        (await import('node:fs')).writeFileSync(
          process.env.FUZZ_REPORT.replace(/(\.\w+)?$/, `-${kind}-${part + 1}$1`),
          [...failures, ...[...statuses].map(([k, v]) => `${v} ${k}`)].join('\n'),
        );
      expect(failures.slice(0, 60)).toEqual([]);
    }, 900_000);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What is wrong with an error answer's body, or null when it is the portal's envelope with translated texts. */
function envelopeProblem(text: string): string | null {
  const body = safeJson(text);
  const error = body?.error;
  if (!error || typeof error.type !== 'string' || typeof error.message !== 'string' || typeof error.httpDescription !== 'string') {
    return 'not the error envelope';
  }
  if (!body.info || !('userLogin' in body.info)) return 'no info.userLogin';
  const texts = [error.message, ...Object.values(error.fields ?? {})];
  if (texts.some((t) => typeof t !== 'string' || t === '' || /^(errors|validation|statusReasons|import)\.[\w.]+$/.test(t as string))) {
    return 'untranslated message';
  }
  return null;
}

/**
 * Notes every writing transaction, per table, in fuzz_writes (see the file's comment;
 * acting-on-users.test.ts uses it too). `rate_limit_counters` is left out: a rate limit counts
 * every request, an answered error too, across processes (docs/operations.md, "Several processes").
 */
export const WRITE_LOG = [
  'CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, xid bigint NOT NULL, table_name text NOT NULL, UNIQUE (xid, table_name))',
  `CREATE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO fuzz_writes (xid, table_name) VALUES (txid_current(), TG_TABLE_NAME) ON CONFLICT DO NOTHING;
     RETURN NULL;
   END $$`,
  `DO $$
   DECLARE t text;
   BEGIN
     FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('fuzz_writes', 'rate_limit_counters') LOOP
       EXECUTE format('CREATE TRIGGER fuzz_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()', t);
     END LOOP;
   END $$`,
];
