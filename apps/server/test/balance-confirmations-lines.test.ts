/**
 * Balance confirmations, what follows a dispute (issue 22): the customer disputes lines of its
 * confirmation through the link, each one of the balances the link shows with a figure of its own
 * (400 for another line, an unchanged figure, a line twice or lines with a confirmation); the
 * round's page shows the lines, and the movement disputes the customer's locations opened since the
 * round started (not those before it, not another customer's). The demo data shows a round
 * with each answer and a mailed statement.
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { hashQrToken } from '../src/modules/pallet-receipts/qr-token.js';
import { type DisputeWorld, openDisputeWorld, today } from './dispute-helpers.js';
import { backends } from './helpers.js';

/** A link's token the test sets itself (the mailed one is only in the mail). */
const TOKEN = 'T'.repeat(43);

describe.each(backends)('balance confirmation lines and movement disputes (%s)', (kind) => {
  let world: DisputeWorld;
  let kariCustomer: number;
  let mikkoCustomer: number;
  let roundId: number;
  const asOf = addPlainDays(today(), -1);

  beforeAll(async () => {
    world = await openDisputeWorld(kind);
    const { ctx } = world;
    kariCustomer = (await ctx.call('GET', '/api/location', { token: world.tokens.kari })).body.data.customerId;
    mikkoCustomer = (await ctx.call('GET', '/api/location', { token: await ctx.login('mikko') })).body.data.customerId;
    const created = await ctx.call('POST', '/api/ConfirmationRounds', {
      token: world.tokens.admin,
      body: { name: 'Lines', asOf, customerIds: [kariCustomer, mikkoCustomer], idempotencyKey: 'round-lines-0001' },
    });
    expect(created.status).toBe(200);
    roundId = created.body.data.id;
    await ctx.database.db.execute(
      sql`UPDATE balance_confirmations SET token_hash = ${hashQrToken(TOKEN)} WHERE round_id = ${roundId} AND customer_id = ${kariCustomer}`,
    );
  });
  afterAll(() => world?.ctx.close());

  const answer = (body: Record<string, unknown>) =>
    world.ctx.call('POST', '/api/BalanceConfirmation', { body: { token: TOKEN, name: 'Kari Nordmann', ...body } });

  it('takes disputed lines only among the link’s balances, each with another figure', async () => {
    const view = await world.ctx.call('GET', `/api/BalanceConfirmation?token=${TOKEN}`);
    expect(view.status).toBe(200);
    expect(view.body.data.lines).toEqual([]);
    const [first, second] = view.body.data.balances;
    expect(first).toBeDefined();
    const line = (b: typeof first, quantity: number) => ({
      locationId: b.locationId,
      productId: b.productId,
      balanceKind: b.balanceKind,
      quantity,
    });
    const comment = 'EUR-pall: 12 fewer by our count';

    const withConfirm = await answer({ answer: 'confirmed', lines: [line(first, 1)] });
    expect(withConfirm.status).toBe(400);
    expect(withConfirm.body.error.fields.lines).toBeTruthy();
    const twice = await answer({ answer: 'disputed', comment, lines: [line(first, 1), line(first, 2)] });
    expect(twice.status).toBe(400);
    const unchanged = await answer({ answer: 'disputed', comment, lines: [line(first, first.quantity)] });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error.fields['lines.0.quantity']).toBeTruthy();
    // mikko's location is not among kari's customer's balances.
    const mikkoLocation = (await world.ctx.call('GET', '/api/location', { token: await world.ctx.login('mikko') })).body.data.id;
    const foreign = await answer({ answer: 'disputed', comment, lines: [{ ...line(first, 1), locationId: mikkoLocation }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields['lines.0']).toBeTruthy();
    // Nothing was recorded by the refused answers.
    expect((await world.ctx.call('GET', `/api/BalanceConfirmation?token=${TOKEN}`)).body.data.status).toBe('pending');

    const lines = [line(first, first.quantity - 12), ...(second ? [line(second, second.quantity + 3)] : [])];
    const answered = await answer({ answer: 'disputed', comment, lines });
    expect(answered.status).toBe(200);
    expect(answered.body.data.status).toBe('disputed');
    expect(answered.body.data.lines).toHaveLength(lines.length);
    expect(answered.body.data.lines[0]).toMatchObject({ shownQuantity: expect.any(Number), productName: expect.any(String) });
    const byKey = new Map(
      answered.body.data.lines.map(
        (l: { locationId: number; productId: number; balanceKind: string; shownQuantity: number; quantity: number }) => [
          `${l.locationId}:${l.productId}:${l.balanceKind}`,
          [l.shownQuantity, l.quantity],
        ],
      ),
    );
    expect(byKey.get(`${first.locationId}:${first.productId}:${first.balanceKind}`)).toEqual([first.quantity, first.quantity - 12]);
    expect((await answer({ answer: 'confirmed' })).status).toBe(409);
  });

  it('shows on the round’s page the lines and the movement disputes the customer opened since the round started', async () => {
    const detail = async () => (await world.ctx.call('GET', `/api/ConfirmationRounds/${roundId}`, { token: world.tokens.admin })).body.data;
    const kariOf = async () => (await detail()).customers.find((c: { customerId: number }) => c.customerId === kariCustomer);
    const before = await kariOf();
    expect(before.status).toBe('disputed');
    expect(before.lines.length).toBeGreaterThan(0);
    expect(before.lines[0].locationName).toBeTruthy();
    // The demo's disputes were opened before the round: none listed yet.
    expect(before.disputes).toEqual([]);

    const opened = await world.kariOpens(await world.order());
    const after = await kariOf();
    expect(after.disputes.map((d: { id: number }) => d.id)).toEqual([opened.id]);
    expect(after.disputes[0]).toMatchObject({ status: 'open', sourceKind: 'order', locationName: expect.any(String) });
    const [{ n }] = (await rows<{ n: number }>(
      world.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM disputes WHERE id = ${opened.id} AND opener_location_id IN (SELECT id FROM locations WHERE customer_id = ${kariCustomer})`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(1);
    // Another customer of the round sees none of kari's.
    const mikko = (await detail()).customers.find((c: { customerId: number }) => c.customerId === mikkoCustomer);
    expect(mikko.disputes).toEqual([]);
    expect(mikko.lines).toEqual([]);
  });

  it('the demo shows a round answered each way and kari’s location’s mailed statement', async () => {
    const { ctx } = world;
    const rounds = (await ctx.call('GET', '/api/ConfirmationRounds', { token: world.tokens.admin })).body.data;
    const demo = rounds.find((r: { name: string }) => r.name.startsWith('Saldobekreftelse'));
    expect(demo.counts.confirmed).toBeGreaterThanOrEqual(1);
    expect(demo.counts.disputed).toBeGreaterThanOrEqual(1);
    expect(demo.counts.pending).toBeGreaterThanOrEqual(1);
    const detail = (await ctx.call('GET', `/api/ConfirmationRounds/${demo.id}`, { token: world.tokens.admin })).body.data;
    const disputed = detail.customers.find((c: { status: string }) => c.status === 'disputed');
    expect(disputed.lines.length).toBeGreaterThan(0);
    expect(disputed.comment).toBeTruthy();
    const mailed = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM statement_mailings m JOIN email_archive e ON e.id = m.email_id
          WHERE m.location_id = ${world.kari} AND e.topic = 'statement' AND e.to_address LIKE 'regnskap@%'`,
    );
    expect(Number(mailed[0]?.n)).toBeGreaterThanOrEqual(1);
  });
});
