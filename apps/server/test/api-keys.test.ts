/**
 * API keys and Controls (issue 10, "Controls and API pages"; docs/api.md). ole (a supplier
 * user) makes a key: it is shown once and stored only as its SHA-256, acts exactly as ole
 * does, and stops at once when revoked, when its last day is past or when ole is made
 * inactive. Another user's key answers 404; a key cannot make keys or end a session. The
 * API page's example calls run as documented. Controls answers provider staff only.
 */
import { createHash } from 'node:crypto';
import { curlCommand, exampleCalls, exampleOrderBody, nextPeriod } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** The server answers in the user's own language: ole writes Norwegian, lise Swedish. */
const nb = translator('nb-NO');
const sv = translator('sv-SE');
const today = () => new Date().toISOString().slice(0, 10);
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('API keys (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'lise', string> = { admin: '', kari: '', ole: '', lise: '' };
  let ole: { id: number; customerId: number; locationId: number; countryId: string };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'lise'] as const) tokens[name] = await ctx.login(name);
    const [u] = await rows<{ id: number; customerId: number; locationId: number; countryId: string }>(
      ctx.database.db,
      sql`SELECT u.id, u.customer_id AS "customerId", u.location_id AS "locationId", l.country_id AS "countryId"
          FROM users u JOIN locations l ON l.id = u.location_id WHERE u.login_name = 'ole'`,
    );
    ole = { id: Number(u?.id), customerId: Number(u?.customerId), locationId: Number(u?.locationId), countryId: String(u?.countryId) };
  });
  afterAll(() => ctx.close());

  /** DELETE as a user (the shared helper sends GET and POST). */
  const del = async (token: string, url: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** Makes a key for a user with a session token; answers the key's id and the key itself. */
  const makeKey = async (token: string, name = 'ERP', expiresAt = daysAhead(30)) => {
    const { status, body } = await ctx.call('POST', '/api/ApiKeys', { token, body: { name, expiresAt } });
    expect(status, JSON.stringify(body)).toBe(200);
    return { id: body.data.key.id as number, key: body.data.token as string, answer: body.data };
  };

  it('shows a new key once and stores only its SHA-256', async () => {
    const { id, key, answer } = await makeKey(tokens.ole, 'Visma ERP', daysAhead(90));
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(answer.key).toMatchObject({
      name: 'Visma ERP',
      prefix: key.slice(0, 12),
      expiresAt: daysAhead(90),
      state: 'active',
      lastUsedAt: null,
    });
    const [stored] = await rows<Record<string, unknown>>(ctx.database.db, sql`SELECT * FROM api_keys WHERE id = ${id}`);
    expect(stored?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    // The list names it but never holds the key again.
    const list = await ctx.call('GET', '/api/ApiKeys', { token: tokens.ole });
    expect(list.status).toBe(200);
    expect(list.body.data.find((k: { id: number }) => k.id === id)).toMatchObject({ name: 'Visma ERP', state: 'active' });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(12));
    // The log records who made which key, never the key.
    const logged = await rows<{ after: unknown; userId: number }>(
      ctx.database.db,
      sql`SELECT after, user_id AS "userId" FROM app_log WHERE kind = 'apiKey' ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(logged[0]?.userId)).toBe(ole.id);
    expect(JSON.stringify(logged[0]?.after)).toContain('Visma ERP');
    expect(JSON.stringify(logged)).not.toContain(key.slice(12));
  });

  it('a key of ole sees exactly what ole sees, and another customer’s order is as missing as a missing one', async () => {
    const { key } = await makeKey(tokens.ole);
    for (const url of [
      `/api/Orders?locationId=${ole.locationId}&count=50`,
      '/api/Inventory',
      '/api/BalanceLocations',
      '/api/webtaskUsers',
      '/api/location',
    ]) {
      const bySession = await ctx.call('GET', url, { token: tokens.ole });
      const byKey = await ctx.call('GET', url, { token: key });
      expect(byKey.status, url).toBe(200);
      expect(byKey.body, url).toEqual(bySession.body);
    }
    const [foreign] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT o.id FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
          WHERE lf.customer_id <> ${ole.customerId} AND COALESCE(lt.customer_id, 0) <> ${ole.customerId} LIMIT 1`,
    );
    const hidden = await ctx.call('GET', `/api/Orders/${foreign?.id}`, { token: key });
    const missing = await ctx.call('GET', '/api/Orders/999999999', { token: key });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual(missing.body.error);
    // The app start's calls answer the key's user, as a fresh sign-in.
    const status = await ctx.call('GET', '/api/Status', { token: key });
    expect(status.body.data.status).toMatchObject({
      user: { loginName: 'ole' },
      loginUser: { loginName: 'ole' },
      location: { id: ole.locationId },
    });
    const actions = await ctx.call('POST', '/api/Actions', { token: key, body: ['Status', 'WebTaskUsers'] });
    expect(actions.status).toBe(200);
    expect(actions.body.data[0].user.loginName).toBe('ole');
    // Provider-only calls stay closed to ole's key as to ole.
    expect((await ctx.call('GET', '/api/Controls', { token: key })).status).toBe(403);
    // The key records when it was used.
    const [used] = await rows<{ lastUsedAt: unknown }>(
      ctx.database.db,
      sql`SELECT last_used_at AS "lastUsedAt" FROM api_keys WHERE key_hash = ${createHash('sha256').update(key).digest('hex')}`,
    );
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('runs the API page’s example calls as documented: place a purchase order and read the balances', async () => {
    const { key } = await makeKey(tokens.ole, 'WMS');
    const products = (await ctx.call('GET', `/api/AvailableProducts?locationId=${ole.locationId}`, { token: key })).body.data;
    const values = {
      baseUrl: 'https://portal.example.no',
      locationId: ole.locationId,
      productId: products[0].id,
      quantity: products[0].qtyHeight * 2,
      dateSend: nextOpenDay(daysAhead(1), ole.countryId as 'NO'),
    };
    const calls = exampleCalls(values);
    expect(calls.map((c) => c.id)).toEqual(['products', 'order', 'inventory', 'stock']);
    for (const call of calls) {
      const answer = await ctx.call(call.method, call.path, { token: key, body: call.body });
      expect(answer.status, `${call.id}: ${JSON.stringify(answer.body)}`).toBe(200);
      if (call.id === 'order') {
        expect(answer.body.data.transactionStatusId).toBe(1);
        expect(answer.body.data.referenceOwn).toBe('ERP-4711');
        expect(answer.body.data.transactions[0].quantityOrdered).toBe(values.quantity);
        // Sent again (a retry after a lost answer), the idempotency key places no second order.
        const again = await ctx.call('POST', '/api/Orders', { token: key, body: call.body });
        expect(again.body.data.id).toBe(answer.body.data.id);
      }
      // The curl line carries the same call.
      const curl = curlCommand(values, call);
      expect(curl).toContain(`'https://portal.example.no${call.path}'`);
      if (call.body) expect(curl).toContain(`-d '${JSON.stringify(exampleOrderBody(values))}'`);
    }
  });

  it('a revoked key answers 401 at once; another user’s key is 404 to revoke and not listed', async () => {
    const { id, key } = await makeKey(tokens.ole);
    expect((await ctx.call('GET', '/api/Orders', { token: key })).status).toBe(200);
    // kari cannot see or revoke ole's key.
    expect((await ctx.call('GET', '/api/ApiKeys', { token: tokens.kari })).body.data.some((k: { id: number }) => k.id === id)).toBe(false);
    const foreign = await del(tokens.kari, `/api/ApiKeys/${id}`);
    const missing = await del(tokens.kari, '/api/ApiKeys/999999999');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual(missing.body.error);
    expect((await ctx.call('GET', '/api/Orders', { token: key })).status).toBe(200);
    const revoked = await del(tokens.ole, `/api/ApiKeys/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.state).toBe('revoked');
    const refused = await ctx.call('GET', '/api/Orders', { token: key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.type).toBe('UNAUTHORIZED');
    // Revoking twice answers the key as it is.
    expect((await del(tokens.ole, `/api/ApiKeys/${id}`)).body.data.state).toBe('revoked');
  });

  it('a key past its last day answers 401 and is listed as expired', async () => {
    const { id, key } = await makeKey(tokens.ole, 'Old', today());
    expect((await ctx.call('GET', '/api/Inventory', { token: key })).status).toBe(200);
    await ctx.database.db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${id}`);
    ctx.app.forgetCachedSessions();
    expect((await ctx.call('GET', '/api/Inventory', { token: key })).status).toBe(401);
    const list = await ctx.call('GET', '/api/ApiKeys', { token: tokens.ole });
    expect(list.body.data.find((k: { id: number }) => k.id === id).state).toBe('expired');
  });

  it('refuses a last day in the past or over a year ahead, a bad date, and an 11th working key, with field messages', async () => {
    const past = await ctx.call('POST', '/api/ApiKeys', { token: tokens.lise, body: { name: 'x', expiresAt: daysAhead(-1) } });
    expect(past.status).toBe(400);
    expect(past.body.error.fields.expiresAt).toBe(sv('api.expiryPast'));
    const far = await ctx.call('POST', '/api/ApiKeys', { token: tokens.lise, body: { name: 'x', expiresAt: daysAhead(367) } });
    expect(far.status).toBe(400);
    expect(far.body.error.fields.expiresAt).toBe(sv('api.expiryTooFar', { days: 365 }));
    const bad = await ctx.call('POST', '/api/ApiKeys', { token: tokens.lise, body: { name: ' ', expiresAt: '2026-02-30' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['expiresAt', 'name']);
    for (let i = 0; i < 10; i += 1) await makeKey(tokens.lise, `Key ${i}`);
    const eleventh = await ctx.call('POST', '/api/ApiKeys', {
      token: tokens.lise,
      body: { name: 'One too many', expiresAt: daysAhead(10) },
    });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.error.fields.name).toBe(sv('api.tooManyKeys', { max: 10 }));
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.login_name = 'lise'`,
    );
    expect(Number(n)).toBe(10);
  });

  it('a key cannot make keys, end or switch a session, or change a password; it can revoke itself', async () => {
    const { id, key } = await makeKey(tokens.ole);
    for (const [url, body] of [
      ['/api/ApiKeys', { name: 'Copy', expiresAt: daysAhead(5) }],
      ['/api/logout', undefined],
      ['/api/status', { locationId: ole.locationId }],
      ['/api/HandoverToken', undefined],
      ['/api/userPassword', { userId: ole.id, oldPassword: 'demo1234', newPassword: 'another-pass-123' }],
    ] as const) {
      const answer = await ctx.call('POST', url, { token: key, body });
      expect(answer.status, url).toBe(403);
      expect(answer.body.error.fields.authorization, url).toBe(nb('api.signInOnly'));
    }
    expect((await ctx.call('GET', '/api/Language', { token: key })).status).toBe(200);
    expect((await del(key, `/api/ApiKeys/${id}`)).status).toBe(200);
    expect((await ctx.call('GET', '/api/Language', { token: key })).status).toBe(401);
  });

  it('no key is made while acting as another user', async () => {
    const token = await ctx.login('kari');
    const [other] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT u.id FROM users u JOIN users k ON k.login_name = 'kari'
          WHERE u.customer_id = k.customer_id AND u.id <> k.id AND u.is_active ORDER BY u.id LIMIT 1`,
    );
    expect((await ctx.call('POST', '/api/status', { token, body: { userId: Number(other?.id) } })).status).toBe(200);
    const refused = await ctx.call('POST', '/api/ApiKeys', { token, body: { name: 'As someone else', expiresAt: daysAhead(5) } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.fields.authorization).toBe(nb('api.ownSignInOnly'));
  });

  it('an inactive user’s key stops working', async () => {
    const { key } = await makeKey(tokens.ole);
    expect((await ctx.call('GET', '/api/Orders', { token: key })).status).toBe(200);
    await ctx.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${ole.id}`);
    ctx.app.forgetCachedSessions();
    try {
      expect((await ctx.call('GET', '/api/Orders', { token: key })).status).toBe(401);
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = ${ole.id}`);
    }
    expect((await ctx.call('GET', '/api/Orders', { token: key })).status).toBe(200);
  });

  it('an unknown ppk_ key answers 401', async () => {
    const answer = await ctx.call('GET', '/api/Orders', { token: `ppk_${'A'.repeat(43)}` });
    expect(answer.status).toBe(401);
  });

  it('Controls: 403 for ole, the portal’s health for the global admin', async () => {
    const refused = await ctx.call('GET', '/api/Controls', { token: tokens.ole });
    expect(refused.status).toBe(403);
    expect((await ctx.call('GET', '/api/Controls')).status).toBe(401);
    await ctx.database.db.execute(sql`INSERT INTO app_meta (key, value) VALUES ('schedulerLastRunAt', '2026-11-28T07:00:00.000Z')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    const { status, body } = await ctx.call('GET', '/api/Controls', { token: tokens.admin });
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({ version: '1.0.114', build: 'test', database: { kind } });
    expect(data.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(data.scheduler.lastRunAt).toBe('2026-11-28T07:00:00.000Z');
    expect(Object.keys(data.mail).sort()).toEqual(['failed', 'lastError', 'oldestWaitingAt', 'retrying', 'smtpConfigured', 'waiting']);
    const [waiting] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE transaction_status_id = 11`,
    );
    expect(data.ordersWaiting).toBe(Number(waiting?.n));
    if (Number(waiting?.n) > 0) expect(data.oldestWaitingOrder.id).toBeGreaterThan(0);
    else expect(data.oldestWaitingOrder).toBeNull();
  });

  it('Controls: the month it is invoiced through was invoiced at a time it names, not "never"', async () => {
    // Issue 20: "invoiced through October" stood beside "last invoiced: never" on the demo.
    const { body } = await ctx.call('GET', '/api/Controls', { token: tokens.admin });
    const { invoicedThrough, lastDoneAt, failing } = body.data.invoicing;
    expect(invoicedThrough).toMatch(/^\d{4}-\d{2}-01$/);
    expect(lastDoneAt).not.toBeNull();
    // Invoiced once the month was over: on or after the first day of the month after it.
    expect(lastDoneAt.slice(0, 10) >= nextPeriod(invoicedThrough)).toBe(true);
    expect(Date.parse(lastDoneAt)).toBeLessThanOrEqual(Date.now());
    expect(failing).toBe(0);
  });
});
