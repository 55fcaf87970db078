import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { rows, sql } from '../src/db/client.js';
import { hashToken } from '../src/plugins/auth.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('the sign-in hand-over from a sister portal (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file hands sign-ins over only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  const language = async (loginName: string) =>
    (await rows<{ language: string }>(ctx.database.db, sql`SELECT language FROM users WHERE login_name = ${loginName}`))[0]?.language;

  it('a token in the `auth` query parameter is no bearer token: reads and writes answer 401 and change nothing', async () => {
    const token = await ctx.login('ole');
    expect((await ctx.call('GET', `/api/Orders?auth=${token}`)).status).toBe(401);
    const write = await ctx.call('POST', `/api/Language?auth=${token}`, { body: { language: 'en-US' } });
    expect(write.status).toBe(401);
    expect(await language('ole')).toBe('nb-NO');
  });

  it('a hand-over token is exchanged once for a fresh session of the same user, customer and location', async () => {
    const token = await ctx.login('kari');
    const before = (await ctx.call('GET', '/api/Status', { token })).body.data.status;
    const handover = await ctx.call('POST', '/api/HandoverToken', { token });
    expect(handover.status).toBe(200);
    const auth = handover.body.data.auth as string;
    expect(auth).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Good for nothing but the exchange.
    expect((await ctx.call('GET', '/api/Orders', { token: auth })).status).toBe(401);

    const exchanged = await ctx.call('POST', '/api/LoginHandover', { body: { auth } });
    expect(exchanged.status).toBe(200);
    const fresh = exchanged.body.data.token as string;
    expect(fresh).not.toBe(auth);
    expect(fresh).not.toBe(token);
    expect(exchanged.body.data.status.user.loginName).toBe('kari');
    expect(exchanged.body.data.status.customer.id).toBe(before.customer.id);
    expect(exchanged.body.data.status.location.id).toBe(before.location.id);
    expect((await ctx.call('GET', '/api/Orders', { token: fresh })).status).toBe(200);
    // The sending portal's own session goes on.
    expect((await ctx.call('GET', '/api/Orders', { token })).status).toBe(200);

    const again = await ctx.call('POST', '/api/LoginHandover', { body: { auth } });
    expect(again.status).toBe(401);
    expect(again.body.error.type).toBe('UNAUTHORIZED');
  });

  it('two exchanges of one token at once: one gets a session, the other 401', async () => {
    const token = await ctx.login('kari');
    const auth = (await ctx.call('POST', '/api/HandoverToken', { token })).body.data.auth as string;
    const answers = await Promise.all([1, 2].map(() => ctx.call('POST', '/api/LoginHandover', { body: { auth } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('an expired hand-over token is refused', async () => {
    const token = await ctx.login('kari');
    const auth = (await ctx.call('POST', '/api/HandoverToken', { token })).body.data.auth as string;
    // Two minutes later.
    await ctx.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE is_handover`);
    expect((await ctx.call('POST', '/api/LoginHandover', { body: { auth } })).status).toBe(401);
  });

  it('a session token an older sister portal put in `auth` is exchanged and spent', async () => {
    const old = await ctx.login('ole');
    const exchanged = await ctx.call('POST', '/api/LoginHandover', { body: { auth: old } });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.data.status.user.loginName).toBe('ole');
    expect((await ctx.call('GET', '/api/Orders', { token: old })).status).toBe(401);
    expect((await ctx.call('GET', '/api/Orders', { token: exchanged.body.data.token })).status).toBe(200);
  });

  it('a hand-over never extends a session past its first expiry, however often it is repeated', async () => {
    let token = await ctx.login('kari');
    // A sign-in made long ago: 10 minutes of it are left.
    const [first] = await rows<{ expiresAt: string }>(
      ctx.database.db,
      sql`UPDATE sessions SET expires_at = now() + interval '10 minutes'
          WHERE id = (SELECT max(id) FROM sessions WHERE NOT is_handover) RETURNING expires_at::text AS "expiresAt"`,
    );
    const limit = new Date(String(first?.expiresAt)).getTime();
    for (let round = 0; round < 3; round++) {
      const auth = (await ctx.call('POST', '/api/HandoverToken', { token })).body.data.auth as string;
      const exchanged = await ctx.call('POST', '/api/LoginHandover', { body: { auth } });
      expect(exchanged.status).toBe(200);
      expect(new Date(exchanged.body.data.expiresAt).getTime(), `round ${round}`).toBeLessThanOrEqual(limit);
      token = exchanged.body.data.token;
    }
    // An older sister portal's session token in `auth`: no further than that session's end either.
    const exchanged = await ctx.call('POST', '/api/LoginHandover', { body: { auth: token } });
    expect(exchanged.status).toBe(200);
    expect(new Date(exchanged.body.data.expiresAt).getTime()).toBeLessThanOrEqual(limit);
    const [stored] = await rows<{ expiresAt: string }>(
      ctx.database.db,
      sql`SELECT expires_at::text AS "expiresAt" FROM sessions WHERE token_hash = ${hashToken(exchanged.body.data.token)}`,
    );
    expect(new Date(String(stored?.expiresAt)).getTime()).toBeLessThanOrEqual(limit);
  });

  it('never writes the `auth` parameter to the request log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ db: ctx.database.db, config: readConfig({}), logStream: { write: (line) => lines.push(line) } });
    try {
      const secret = await ctx.login('ole');
      await logged.inject({ method: 'GET', url: `/app/home?auth=${secret}` });
      await logged.inject({ method: 'GET', url: `/api/Status?x=1&auth=${secret}&y=2` });
      await logged.inject({ method: 'GET', url: `/api/NoSuchCall?AUTH=${secret}` });
      await logged.inject({ method: 'POST', url: '/api/LoginHandover', payload: { auth: secret } });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(lines.some((line) => line.includes('/api/Status?x=1&auth=[redacted]&y=2'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
