import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { rows, sql } from '../src/db/client.js';
import type { AppError } from '../src/errors.js';
import { login, type SignInClock } from '../src/modules/auth/login.js';
import { clientAddressKey, FIRST_DELAY_MS, FREE_ATTEMPTS, MAX_DELAY_MS, MAX_WAIT_MS } from '../src/modules/auth/throttle.js';
import { hashToken } from '../src/plugins/auth.js';
import { backends, openTestContext, type TestContext, testConfig } from './helpers.js';

/**
 * How many attempts for one user name have slots at most `ms` after the first (throttle.ts):
 * FREE_ATTEMPTS and the next at once, then each FIRST_DELAY_MS x √2^k later, at most MAX_DELAY_MS apart.
 */
function slotsWithin(ms: number): number {
  let count = 0;
  let slot = 0;
  for (let attempt = 1; slot <= ms; attempt++) {
    count++;
    slot += attempt <= FREE_ATTEMPTS ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * Math.SQRT2 ** (attempt - FREE_ATTEMPTS - 1));
  }
  return count;
}

describe.each(backends)('signing in and out (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file signs in and out only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  it('a demo user signs in and gets a token and their session status', async () => {
    const { status, body } = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'kari', password: 'demo1234' } });
    expect(status).toBe(200);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.status.user.loginName).toBe('kari');
    expect(body.data.status.location).not.toBeNull();
    // Only a hash of the token is stored.
    const stored = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${body.data.token}`,
    );
    expect(stored[0]?.n).toBe(0);
    // The device mark for the next sign-in (docs/domain.md, "Sign-in"): only its hash is stored,
    // and the address kari signed in from only as a hash of her id and the address.
    expect(body.data.deviceMark).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [kept] = await rows<{ plain: number; hashed: number; addresses: number; plainAddresses: number }>(
      ctx.database.db,
      sql`SELECT (SELECT count(*)::int FROM login_devices WHERE mark_hash = ${body.data.deviceMark}) AS plain,
            (SELECT count(*)::int FROM login_devices WHERE mark_hash = ${hashToken(body.data.deviceMark)}) AS hashed,
            (SELECT count(*)::int FROM login_addresses a JOIN users u ON u.id = a.user_id WHERE u.login_name = 'kari') AS addresses,
            (SELECT count(*)::int FROM login_addresses WHERE address_hash LIKE '%127.0.0.1%') AS "plainAddresses"`,
    );
    expect(kept).toEqual({ plain: 0, hashed: 1, addresses: 1, plainAddresses: 0 });
  });

  it('every seeded user has a password hash with a salt of its own', async () => {
    const [hashes] = await rows<{ users: number; hashes: number; salts: number; unset: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS users, count(DISTINCT password_hash)::int AS hashes,
            count(DISTINCT split_part(password_hash, '$', 5))::int AS salts,
            count(*) FILTER (WHERE password_hash NOT LIKE 'scrypt$%')::int AS unset
          FROM users`,
    );
    expect(hashes?.users).toBeGreaterThan(40);
    expect(hashes?.hashes).toBe(hashes?.users);
    expect(hashes?.salts).toBe(hashes?.users);
    expect(hashes?.unset).toBe(0);
  });

  it('a wrong password or an unknown user gets "Login failed" in the caller’s language', async () => {
    const wrong = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'ole', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ type: 'LOGIN_FAILED', message: 'Login failed', httpDescription: 'Unauthorized' });
    const unknown = await ctx.call('POST', '/api/Login', {
      body: { userLoginName: 'nobody', password: 'demo1234' },
      headers: { 'accept-language': 'nb-NO' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe('Innlogging feilet');
  });

  it('accepts `anonymous` as the spec’s clients send it: true, false, "true", "false" or null', async () => {
    for (const anonymous of [true, false, 'true', 'false', null]) {
      const { status, body } = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'kari', password: 'demo1234', anonymous } });
      expect(status, JSON.stringify(anonymous)).toBe(200);
      expect(body.data.status.user.loginName).toBe('kari');
    }
    const odd = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'kari', password: 'demo1234', anonymous: 'perhaps' } });
    expect(odd.status).toBe(400);
    expect(odd.body.error.fields.anonymous).toBe('Invalid value');
  });

  it('an empty user name is a field-level validation error', async () => {
    const { status, body } = await ctx.call('POST', '/api/Login', { body: { userLoginName: '', password: 'x' } });
    expect(status).toBe(400);
    expect(body.error.type).toBe('VALIDATION');
    expect(body.error.fields.userLoginName).toBe('Required');
  });

  it('repeated failed sign-ins for one user name from one address are refused there for a while, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      await ctx.call('POST', '/api/Login', { body: { userLoginName: 'mikko', password: `wrong${i}` } });
    }
    const locked = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'mikko', password: 'demo1234' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.type).toBe('LOGIN_LOCKED');
    expect(locked.body.error.message).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    // Near the end of the lock the message says one minute, in the singular.
    await ctx.database.db.execute(sql`UPDATE login_throttle SET locked_until = now() + interval '30 seconds' WHERE login_name = 'mikko'`);
    const soon = await ctx.call('POST', '/api/Login', {
      body: { userLoginName: 'mikko', password: 'demo1234' },
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(soon.body.error.message).toBe('För många misslyckade inloggningar. Försök igen om 1 minut.');
  }, 60_000);

  /** POST Login from a client address (app.inject's remoteAddress). */
  const signIn = (userLoginName: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Login',
      remoteAddress,
      headers: { 'accept-language': 'en-US' },
      payload: { userLoginName, password },
    });

  it('parallel wrong guesses from one address check at most 10 passwords', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn('ole', `guess${i}`, '10.1.1.1')));
    const checked = answers.filter((a) => a.statusCode === 401);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(10);
    // The others were refused before their password was looked at.
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
  }, 120_000);

  it('an attacker who locked a user name from one address does not lock the user out of their own', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('kari', `wrong${i}`, '198.51.100.66')).statusCode).toBe(401);
    expect((await signIn('kari', 'demo1234', '198.51.100.66')).json().error.type).toBe('LOGIN_LOCKED');
    // Kari at the office: a growing delay (the server holds the attempt a moment), no lock.
    const own = await signIn('kari', 'demo1234', '192.0.2.10');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.status.user.loginName).toBe('kari');
  }, 120_000);

  it('parallel guesses for one user name from many addresses check only the passwords whose slots come within the wait (17 when they arrive at once)', async () => {
    // A stopped clock: every guess arrives at one instant and its wait is noted, not waited.
    const at = new Date();
    const waits: number[] = [];
    const clock: SignInClock = { now: () => at, sleep: async (ms) => void waits.push(ms) };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(ctx.database.db, testConfig, { userLoginName: 'lise', password: `guess${i}` }, `203.0.113.${i + 1}`, undefined, clock).then(
          () => 'OK',
          (error: AppError) => error.code,
        ),
      ),
    );
    // The slots are times: FREE_ATTEMPTS at once, then delays of 0.25 s growing by √2, within
    // MAX_WAIT_MS (a minute); the guesses whose turn is further away are refused, nothing checked.
    expect(slotsWithin(MAX_WAIT_MS)).toBe(17);
    expect(answers.filter((a) => a === 'LOGIN_FAILED')).toHaveLength(slotsWithin(MAX_WAIT_MS));
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(40 - slotsWithin(MAX_WAIT_MS));
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_WAIT_MS);
  }, 120_000);

  it('a client cannot pick its own address with X-Forwarded-For to escape the throttle', async () => {
    const guess = (password: string, forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Login',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { userLoginName: 'admin', password },
      });
    for (let i = 0; i < 10; i++) expect((await guess(`nope${i}`, `10.9.${i}.1`)).statusCode).toBe(401);
    const next = await guess('demo1234', '10.9.99.1');
    expect(next.statusCode).toBe(429);
    expect(next.json().error.type).toBe('LOGIN_LOCKED');
  }, 120_000);

  it('behind a proxy named in TRUST_PROXY, the forwarded address is the client’s', async () => {
    const behind = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), trustProxy: ['192.0.2.1'] } });
    try {
      const via = (password: string, client: string) =>
        behind.inject({
          method: 'POST',
          url: '/api/Login',
          remoteAddress: '192.0.2.1',
          headers: { 'x-forwarded-for': client },
          payload: { userLoginName: 'ingrid.solberg', password },
        });
      for (let i = 0; i < 10; i++) expect((await via(`nope${i}`, '203.0.113.9')).statusCode).toBe(401);
      expect((await via('demo1234', '203.0.113.9')).json().error.type).toBe('LOGIN_LOCKED');
      expect((await via('demo1234', '203.0.113.10')).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  }, 120_000);

  it('calls without a token, or with a revoked one, answer 401', async () => {
    expect((await ctx.call('GET', '/api/Orders')).status).toBe(401);
    const token = await ctx.login('ole');
    expect((await ctx.call('GET', '/api/Orders', { token })).status).toBe(200);
    expect((await ctx.call('POST', '/api/logout', { token })).status).toBe(200);
    const after = await ctx.call('GET', '/api/Orders', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.type).toBe('UNAUTHORIZED');
    expect((await ctx.call('GET', '/api/Orders', { token: 'made-up-token' })).status).toBe(401);
  });

  it('answers the service status and version without a token', async () => {
    const { status, body } = await ctx.call('GET', '/api/Status');
    expect(status).toBe(200);
    expect(body.data.status).toBeNull();
    expect(body.data.info.version).toBe('1.0.114');
    const version = await ctx.call('GET', '/version.json?t=1');
    expect(version.body).toMatchObject({ version: '1.0.114', build: 'test' });
  });
});

describe('the throttle’s key of a client address', () => {
  it('is an IPv4 address as it is, and the /64 network of an IPv6 address', () => {
    expect(clientAddressKey('192.0.2.10')).toBe('192.0.2.10');
    expect(clientAddressKey('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(clientAddressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
