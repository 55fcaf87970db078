/**
 * Balance confirmations (issue 22): a global admin starts a round for two customers; each is
 * mailed (through a real SMTP server) a link that opens its own closing balances on the round's
 * day (equal to the ledger's sums up to that day) and nothing else; one confirms, the other
 * disputes with a comment; an answer is given once (409 after, one winner of two at once); the
 * silent are reminded with a new link; customers' users and unknown tokens get 403 and 404.
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { outboxIdle, plainText, startTestMail, type TestSmtpServer } from './smtp.js';

/** The confirmation link's token in a mail's text. */
const tokenIn = (text: string) => /\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe.each(backends)('balance confirmations (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let admin: string;
  let kariCustomer: number;
  let mikkoCustomer: number;
  let roundId: number;
  const asOf = addPlainDays(todayIn('NO'), -10);

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    admin = await ctx.login('admin');
    kariCustomer = (await ctx.call('GET', '/api/location', { token: await ctx.login('kari') })).body.data.customerId;
    mikkoCustomer = (await ctx.call('GET', '/api/location', { token: await ctx.login('mikko') })).body.data.customerId;
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  const mailTo = (prefix: string) => smtp.received.filter((m) => m.to.some((to) => to.startsWith(prefix)));

  it('starts a round only for global admins, for real customers and a day not after today, once per key', async () => {
    const body = { name: 'Year end 2026', asOf, customerIds: [kariCustomer, mikkoCustomer], idempotencyKey: 'round-test-0001' };
    expect((await ctx.call('POST', '/api/ConfirmationRounds', { token: await ctx.login('kari'), body })).status).toBe(403);
    const future = await ctx.call('POST', '/api/ConfirmationRounds', {
      token: admin,
      body: { ...body, asOf: addPlainDays(todayIn('NO'), 2) },
    });
    expect(future.status).toBe(400);
    expect(future.body.error.fields.asOf).toBeTruthy();
    expect((await ctx.call('POST', '/api/ConfirmationRounds', { token: admin, body: { ...body, customerIds: [] } })).status).toBe(400);
    expect((await ctx.call('POST', '/api/ConfirmationRounds', { token: admin, body: { ...body, customerIds: [999_999] } })).status).toBe(
      404,
    );
    const created = await ctx.call('POST', '/api/ConfirmationRounds', { token: admin, body });
    expect(created.status).toBe(200);
    roundId = created.body.data.id;
    expect(created.body.data.counts).toEqual({ pending: 2, confirmed: 0, disputed: 0 });
    const again = await ctx.call('POST', '/api/ConfirmationRounds', { token: admin, body });
    expect(again.body.data.id).toBe(roundId);
    const [{ count }] = (await rows<{ count: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS count FROM balance_confirmations WHERE round_id = ${roundId}`,
    )) as [{ count: number }];
    expect(Number(count)).toBe(2);
  });

  it('mails each customer a link to its own closing balances, which equal the ledger’s', async () => {
    await outboxIdle(ctx.database.db);
    // kari's customer mails its statements to its accounts department (the demo's setting).
    const [kariMail] = mailTo('regnskap@');
    expect(kariMail).toBeDefined();
    const token = tokenIn(plainText(kariMail?.raw ?? '')) as string;
    expect(token).toBeTruthy();
    // The archive never shows the token.
    const archived = await rows<{ body: string }>(ctx.database.db, sql`SELECT body FROM email_archive WHERE topic = 'balanceConfirmation'`);
    expect(archived.length).toBeGreaterThanOrEqual(1);
    for (const a of archived) expect(a.body).not.toContain(token);

    const view = await ctx.call('GET', `/api/BalanceConfirmation?token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data.status).toBe('pending');
    const ledger = await rows<{ locationId: number; productId: number; balanceKind: string; quantity: number }>(
      ctx.database.db,
      sql`SELECT e.location_id AS "locationId", e.product_id AS "productId", e.balance_kind AS "balanceKind", sum(e.quantity)::int AS quantity
          FROM ledger_entries e JOIN locations l ON l.id = e.location_id
          WHERE l.customer_id = ${kariCustomer} AND e.booking_date <= ${asOf}::date GROUP BY 1, 2, 3 HAVING sum(e.quantity) <> 0`,
    );
    const key = (b: { locationId: number; productId: number; balanceKind: string }) => `${b.locationId}:${b.productId}:${b.balanceKind}`;
    const expected = new Map(ledger.map((b) => [key(b), Number(b.quantity)]));
    const shown = new Map(
      view.body.data.balances.map((b: { locationId: number; productId: number; balanceKind: string; quantity: number }) => [
        key(b),
        b.quantity,
      ]),
    );
    expect(shown).toEqual(expected);
    const kariLocations = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM locations WHERE customer_id = ${kariCustomer}`);
    const own = new Set(kariLocations.map((l) => Number(l.id)));
    for (const b of view.body.data.balances) expect(own.has(b.locationId)).toBe(true);
    expect((await ctx.call('GET', '/api/BalanceConfirmation?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('takes one answer per confirmation, and the provider sees who confirmed and who disputed', async () => {
    const token = tokenIn(plainText(mailTo('regnskap@')[0]?.raw ?? '')) as string;
    const disputeWithout = await ctx.call('POST', '/api/BalanceConfirmation', { body: { token, answer: 'disputed', name: 'Kari' } });
    expect(disputeWithout.status).toBe(400);
    expect(disputeWithout.body.error.fields.comment).toBeTruthy();
    // Two answers at once: one is recorded, the other refused.
    const [a, b] = await Promise.all([
      ctx.call('POST', '/api/BalanceConfirmation', { body: { token, answer: 'confirmed', name: 'Kari Nordmann' } }),
      ctx.call('POST', '/api/BalanceConfirmation', { body: { token, answer: 'disputed', name: 'Per', comment: 'EUR-pall A: 12 less' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const detail = await ctx.call('GET', `/api/ConfirmationRounds/${roundId}`, { token: admin });
    expect(detail.status).toBe(200);
    const kariRow = detail.body.data.customers.find((c: { customerId: number }) => c.customerId === kariCustomer);
    expect(['confirmed', 'disputed']).toContain(kariRow.status);
    expect(kariRow.answeredBy).toBeTruthy();
    expect(detail.body.data.counts.pending).toBe(1);
    expect((await ctx.call('GET', `/api/ConfirmationRounds/${roundId}`, { token: await ctx.login('kari') })).status).toBe(403);
    const list = await ctx.call('GET', '/api/ConfirmationRounds', { token: admin });
    expect(list.body.data[0].id).toBe(roundId);
  });

  it('reminds the silent customers with a new link; the old one no longer opens', async () => {
    const silent = (await ctx.call('GET', `/api/ConfirmationRounds/${roundId}`, { token: admin })).body.data.customers.find(
      (c: { status: string }) => c.status === 'pending',
    );
    const before = smtp.received.length;
    const [first] = mailTo(silent.recipients[0].split('@')[0] + '@');
    const oldToken = tokenIn(plainText(first?.raw ?? ''));
    const reminded = await ctx.call('POST', `/api/ConfirmationRounds/${roundId}/Reminders`, { token: admin });
    expect(reminded.body.data).toEqual({ reminded: 1 });
    await outboxIdle(ctx.database.db);
    const reminder = smtp.received.slice(before).find((m) => m.to.includes(silent.recipients[0]));
    const newToken = tokenIn(plainText(reminder?.raw ?? '')) as string;
    expect(newToken).toBeTruthy();
    if (oldToken) expect((await ctx.call('GET', `/api/BalanceConfirmation?token=${oldToken}`)).status).toBe(404);
    const answered = await ctx.call('POST', '/api/BalanceConfirmation', {
      body: { token: newToken, answer: 'disputed', name: 'Mikko Korhonen', comment: 'Lavat: 40 vähemmän Vantaalla' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data.status).toBe('disputed');
    const detail = (await ctx.call('GET', `/api/ConfirmationRounds/${roundId}`, { token: admin })).body.data;
    expect(detail.counts.pending).toBe(0);
    expect(detail.customers.find((c: { customerId: number }) => c.customerId === silent.customerId).reminders).toBe(1);
  });
});
