import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('signing in and out (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await openTestContext(kind);
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

  it('an empty user name is a field-level validation error', async () => {
    const { status, body } = await ctx.call('POST', '/api/Login', { body: { userLoginName: '', password: 'x' } });
    expect(status).toBe(400);
    expect(body.error.type).toBe('VALIDATION');
    expect(body.error.fields.userLoginName).toBe('Required');
  });

  it('repeated failed sign-ins for one user name are refused for a while, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      await ctx.call('POST', '/api/Login', { body: { userLoginName: 'mikko', password: `wrong${i}` } });
    }
    const locked = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'mikko', password: 'demo1234' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.type).toBe('LOGIN_LOCKED');
  }, 60_000);

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
