/**
 * Issue 22, "Disputes with deadlines, evidence and a decision that posts once" (docs/disputes.md):
 * a party of a received order disputes it within the pool's window; the other party accepts,
 * rejects (the provider decides) or proposes other quantities; silence past the deadline accepts
 * (the job, under a fixed clock); the outcome posts once through the ledger's one posting, with
 * the dispute as its source; races end in one outcome and 409; scope hides other customers'.
 * The ledger invariant (with the dispute rules) is checked after every test (helpers.ts).
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { acceptSilentDisputes } from '../src/modules/disputes/accept-silent-disputes.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** The demo's users read Norwegian; their locations are in Norway. */
const nb = translator('nb-NO');
const today = () => todayIn('NO');

describe.each(backends)('disputes (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = { admin: '', kari: '', ole: '', lise: '' };
  /** ole's (Tinde Bryggeri Lørenskog) and kari's (Fjordland Dagligvare Alnabru) locations. */
  let ole = 0;
  let kari = 0;
  const db = () => ctx.database.db;

  /**
   * A received order between kari's location and ole's (`partner` 'ole') or ole's or a provider depot, booked `minDays`..`maxDays` ago with no
   * unended dispute, and a product of it with at least 3 carriers in force at its receiver.
   */
  const order = async (minDays = 0, maxDays = 25, partner: 'ole' | 'any' = 'any') => {
    const other =
      partner === 'ole'
        ? sql`= ${ole}`
        : sql`IN (SELECT l.id FROM locations l JOIN customers c ON c.id = l.customer_id WHERE c.is_provider OR l.id = ${ole})`;
    const [found] = await rows<{ id: number; fromId: number; toId: number; productId: number; quantity: number; booked: string }>(
      db(),
      sql`SELECT o.id, o.location_id_from AS "fromId", o.location_id_to AS "toId", e.product_id AS "productId", sum(e.quantity)::int AS quantity,
            min(e.booking_date)::text AS booked
          FROM orders o JOIN ledger_entries e ON e.location_id = o.location_id_to
            AND (e.order_id = o.id OR e.dispute_id IN (SELECT id FROM disputes WHERE order_id = o.id))
          WHERE o.transaction_status_id = 5
            AND ((o.location_id_from ${other} AND o.location_id_to = ${kari}) OR (o.location_id_from = ${kari} AND o.location_id_to ${other}))
            AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id AND d.status IN ('open', 'rejected'))
            AND EXISTS (SELECT 1 FROM ledger_entries b WHERE b.order_id = o.id
              AND b.booking_date BETWEEN ${addPlainDays(today(), -maxDays)}::date AND ${addPlainDays(today(), -minDays)}::date)
          GROUP BY 1, 2, 3, 4 HAVING sum(e.quantity) >= 3
          ORDER BY min(e.booking_date) DESC, o.id DESC, e.product_id LIMIT 1`,
    );
    if (!found) throw new Error(`no order booked ${minDays}-${maxDays} days ago left`);
    return { ...found, id: Number(found.id), fromId: Number(found.fromId), toId: Number(found.toId), productId: Number(found.productId) };
  };
  /** Who answers for the other side of `o` than kari's: ole, or provider staff for a depot. */
  const other = (o: { fromId: number; toId: number }) => (o.fromId === ole || o.toId === ole ? tokens.ole : tokens.admin);
  const balance = async (locationId: number, productId: number) =>
    Number(
      (
        await rows<{ q: number }>(
          db(),
          sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId}`,
        )
      )[0]?.q,
    );
  const entries = async (disputeId: number) =>
    rows<{ locationId: number; quantity: number; bookingDate: string; source: string }>(
      db(),
      sql`SELECT location_id AS "locationId", quantity, booking_date::text AS "bookingDate", source FROM ledger_entries
          WHERE dispute_id = ${disputeId} ORDER BY location_id`,
    );
  const open = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/Disputes', { token, body });
  const answer = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/DisputeAnswer', { token, body });
  /** kari disputes order `o`: `quantity` instead of what it moved of its product. */
  const kariOpens = async (o: Awaited<ReturnType<typeof order>>, quantity = o.quantity - 2, extra: Record<string, unknown> = {}) => {
    const opened = await open(tokens.kari, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Our goods receipt counted fewer',
      lines: [{ productId: o.productId, quantity }],
      ...extra,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return opened.body.data;
  };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = await ctx.login(login);
    const locationOf = async (token: string) => Number((await ctx.call('GET', '/api/location', { token })).body.data.id);
    ole = await locationOf(tokens.ole);
    kari = await locationOf(tokens.kari);
  });
  afterAll(() => ctx.close());

  it('opens within the window: the counterparty is told (alert, mail in its language) and has 14 days', async () => {
    const o = await order(0, 25, 'ole');
    const dispute = await kariOpens(o);
    expect(dispute).toMatchObject({
      status: 'open',
      waitingOn: 'counterparty',
      sourceKind: 'order',
      orderId: o.id,
      bookingDate: o.booked,
      answerDue: addPlainDays(today(), 14),
      daysLeft: 14,
      opener: { locationId: kari },
      counterparty: { locationId: ole },
      actions: { answer: false, withdraw: true, decide: false },
    });
    expect(dispute.lines).toEqual([expect.objectContaining({ productId: o.productId, wasQuantity: o.quantity, quantity: o.quantity - 2 })]);
    expect(dispute.history).toEqual([expect.objectContaining({ event: 'opened', by: expect.any(String) })]);
    // ole's side sees it waiting for it, with the answer it may give; kari's waits for them.
    const seen = (await ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: tokens.ole })).body.data;
    expect(seen.actions).toMatchObject({ answer: true, withdraw: false });
    const mine = (await ctx.call('GET', '/api/Disputes?list=waitingForMe', { token: tokens.ole })).body.data;
    expect(mine.map((d: { id: number }) => d.id)).toContain(dispute.id);
    const theirs = (await ctx.call('GET', '/api/Disputes?list=waitingForThem', { token: tokens.kari })).body.data;
    expect(theirs.map((d: { id: number }) => d.id)).toContain(dispute.id);
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.ole })).body.data;
    const title = nb('disputes.alert.openedTitle', { source: `#${o.id}`, opener: dispute.opener.name });
    expect(alerts.some((a: { source: string; sourceId: number; title: string }) => a.sourceId === dispute.id && a.title === title)).toBe(
      true,
    );
    const [mail] = await rows<{ subject: string; topic: string }>(
      db(),
      sql`SELECT subject, topic FROM email_archive WHERE topic = 'dispute' AND from_location_id = ${ole} ORDER BY id DESC LIMIT 1`,
    );
    expect(mail).toEqual({ subject: title, topic: 'dispute' });
    // One unended dispute per movement.
    const again = await open(tokens.ole, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: o.productId, quantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('DISPUTE');
  });

  it('refuses after the window (409) until the provider extends it', async () => {
    const o = await order(32, 200);
    const body = {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Late find',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
    };
    const late = await open(tokens.kari, body);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain(nb('disputes.reasons.windowPassed'));
    const until = addPlainDays(today(), 3);
    expect(
      (await ctx.call('POST', '/api/DisputeWindowExtension', { token: tokens.kari, body: { orderId: o.id, until, comment: 'x' } })).status,
    ).toBe(403);
    const extended = await ctx.call('POST', '/api/DisputeWindowExtension', {
      token: tokens.admin,
      body: { orderId: o.id, until, comment: 'Found in the year-end count' },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.data.until).toBe(until);
    expect((await open(tokens.kari, body)).status).toBe(200);
  });

  it('another customer’s dispute answers 404; bad input is 400 with a field message', async () => {
    const o = await order();
    const dispute = await kariOpens(o);
    expect((await ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: tokens.lise })).status).toBe(404);
    expect((await answer(tokens.lise, { id: dispute.id, version: dispute.version, answer: 'accept' })).status).toBe(404);
    const foreign = await open(tokens.lise, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: o.productId, quantity: 1 }],
    });
    expect(foreign.status).toBe(404);
    const list = (await ctx.call('GET', '/api/Disputes', { token: tokens.lise })).body.data;
    expect(list.map((d: { id: number }) => d.id)).not.toContain(dispute.id);

    const empty = await open(tokens.kari, { orderId: o.id, problem: 'quantity', comment: 'x', lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.lines).toBe(nb('validation.noLines'));
    const both = await open(tokens.kari, {
      orderId: o.id,
      palletReceiptId: 1,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: 1, quantity: 1 }],
    });
    expect(both.status).toBe(400);
    expect(both.body.error.fields.orderId).toBe(nb('validation.disputeSource'));
    const reject = await answer(other(o), { id: dispute.id, version: dispute.version, answer: 'reject' });
    expect(reject.status).toBe(400);
    expect(reject.body.error.fields.comment).toBeTruthy();
  });

  it('an accepted dispute posts its difference once, in balance history, and a second answer is 409', async () => {
    const o = await order();
    const [fromBefore, toBefore] = [await balance(o.fromId, o.productId), await balance(o.toId, o.productId)];
    const unchanged = await open(tokens.kari, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Same',
      lines: [{ productId: o.productId, quantity: o.quantity }],
    });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error.fields.lines).toBe(nb('validation.disputeUnchanged'));
    const dispute = await kariOpens(o);
    // Two answers at once: one wins, the loser gets 409, the correction posts once.
    const answers = await Promise.all([
      answer(other(o), { id: dispute.id, version: dispute.version, answer: 'accept' }),
      answer(other(o), { id: dispute.id, version: dispute.version, answer: 'accept' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const accepted = answers.find((a) => a.status === 200)?.body.data;
    expect(accepted).toMatchObject({ status: 'accepted', waitingOn: null, answerDue: null });
    expect(accepted.postedAt).not.toBeNull();
    expect(await entries(dispute.id)).toEqual(
      [
        { locationId: o.fromId, quantity: 2, bookingDate: today(), source: 'dispute' },
        { locationId: o.toId, quantity: -2, bookingDate: today(), source: 'dispute' },
      ].sort((a, b) => a.locationId - b.locationId),
    );
    expect(await balance(o.fromId, o.productId)).toBe(fromBefore + 2);
    expect(await balance(o.toId, o.productId)).toBe(toBefore - 2);
    const history = await ctx.call('GET', `/api/BalanceHistory?locationId=${kari}&productId=${o.productId}&from=${today()}&to=${today()}`, {
      token: tokens.kari,
    });
    expect(history.body.data.entries.some((e: { source: string }) => e.source === 'dispute')).toBe(true);
    const late = await answer(other(o), { id: dispute.id, version: accepted.version, answer: 'reject', comment: 'no' });
    expect(late.status).toBe(409);
    const decided = (await ctx.call('GET', '/api/Disputes?list=decided', { token: tokens.kari })).body.data;
    expect(decided.map((d: { id: number }) => d.id)).toContain(dispute.id);
  });

  it('a rejection goes to the provider, whose decision is final; a decision against posts nothing', async () => {
    const o = await order();
    const dispute = await kariOpens(o);
    const rejected = await answer(other(o), {
      id: dispute.id,
      version: dispute.version,
      answer: 'reject',
      comment: 'We loaded all of them',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', waitingOn: 'provider' });
    const adminAlerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.admin })).body.data;
    expect(adminAlerts.some((a: { sourceId: number; source: string }) => a.source === 'Dispute' && a.sourceId === dispute.id)).toBe(true);
    const version = rejected.body.data.version;
    const asParty = await ctx.call('POST', '/api/DisputeDecision', {
      token: tokens.kari,
      body: { id: dispute.id, version, decideFor: true, comment: 'Mine' },
    });
    expect(asParty.status).toBe(403);
    const decide = (decideFor: boolean) =>
      ctx.call('POST', '/api/DisputeDecision', {
        token: tokens.admin,
        body: { id: dispute.id, version, decideFor, comment: 'Dock camera' },
      });
    const decisions = await Promise.all([decide(true), decide(false)]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const winner = decisions.find((d) => d.status === 200)?.body.data;
    expect(await entries(dispute.id)).toHaveLength(winner.status === 'decidedFor' ? 2 : 0);
    expect(winner.history.map((h: { event: string }) => h.event)).toEqual(['opened', 'rejected', winner.status]);

    // A dispute decided against posts nothing.
    const o2 = await order();
    const second = await kariOpens(o2);
    const r2 = (await answer(other(o2), { id: second.id, version: second.version, answer: 'reject', comment: 'No' })).body.data;
    const against = await ctx.call('POST', '/api/DisputeDecision', {
      token: tokens.admin,
      body: { id: second.id, version: r2.version, decideFor: false, comment: 'The waybill is signed' },
    });
    expect(against.body.data.status).toBe('decidedAgainst');
    expect(await entries(second.id)).toHaveLength(0);
  });

  it('a counter-proposal waits for the opener, who accepts it; the opener may withdraw another', async () => {
    const o = await order();
    const dispute = await kariOpens(o, o.quantity - 3);
    const proposed = await answer(other(o), {
      id: dispute.id,
      version: dispute.version,
      answer: 'propose',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
      comment: 'One went missing, not three',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toMatchObject({ status: 'open', waitingOn: 'opener', answerDue: addPlainDays(today(), 14) });
    // It is kari's turn now, not ole's.
    expect((await answer(other(o), { id: dispute.id, version: proposed.body.data.version, answer: 'accept' })).status).toBe(409);
    const accepted = await answer(tokens.kari, { id: dispute.id, version: proposed.body.data.version, answer: 'accept' });
    expect(accepted.body.data.status).toBe('accepted');
    const atReceiver = (await entries(dispute.id)).find((e) => e.locationId === o.toId);
    expect(atReceiver?.quantity).toBe(-1);

    const o2 = await order();
    const another = await kariOpens(o2);
    const notOpener = await ctx.call('POST', '/api/DisputeWithdrawal', {
      token: other(o2),
      body: { id: another.id, version: another.version },
    });
    expect(notOpener.status).toBe(403);
    const withdrawn = await ctx.call('POST', '/api/DisputeWithdrawal', {
      token: tokens.kari,
      body: { id: another.id, version: another.version },
    });
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect(await entries(another.id)).toHaveLength(0);
  });

  it('silence past the deadline accepts, once, through the job under a fixed clock', async () => {
    const o = await order();
    const dispute = await kariOpens(o);
    const due = dispute.answerDue as string;
    // On the deadline day itself nothing happens; the day after, it is accepted, booked that day.
    expect(await acceptSilentDisputes(db(), new Date(`${due}T10:00:00Z`))).toBe(0);
    const dayAfter = new Date(`${addPlainDays(due, 1)}T10:00:00Z`);
    const runs = await Promise.all([acceptSilentDisputes(db(), dayAfter), acceptSilentDisputes(db(), dayAfter)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const after = (await ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: tokens.kari })).body.data;
    expect(after.status).toBe('accepted');
    expect(after.history.at(-1)).toMatchObject({ event: 'silenceAccepted', by: null });
    const posted = await entries(dispute.id);
    expect(posted).toHaveLength(2);
    expect(posted.every((e) => e.bookingDate === addPlainDays(due, 1))).toBe(true);
    expect(await acceptSilentDisputes(db(), dayAfter)).toBe(0);
    // An answer that comes after the job is 409.
    expect((await answer(other(o), { id: dispute.id, version: dispute.version, answer: 'accept' })).status).toBe(409);
  });

  it('the same idempotency key opens one dispute, also twice at once', async () => {
    const o = await order();
    const body = {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Retry after a lost answer',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
      idempotencyKey: `dispute-${kind}-${o.id}`,
    };
    const [a, b] = await Promise.all([open(tokens.kari, body), open(tokens.kari, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const c = await open(tokens.kari, body);
    expect(c.body.data.id).toBe(a.body.data.id);
    const [count] = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM disputes WHERE idempotency_key = ${body.idempotencyKey}`,
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('the pool’s settings: global admins set the window and the deadline', async () => {
    expect((await ctx.call('GET', '/api/DisputeSettings', { token: tokens.kari })).body.data).toEqual({ windowDays: 30, answerDays: 14 });
    expect((await ctx.call('POST', '/api/DisputeSettings', { token: tokens.kari, body: { windowDays: 60, answerDays: 7 } })).status).toBe(
      403,
    );
    const bad = await ctx.call('POST', '/api/DisputeSettings', { token: tokens.admin, body: { windowDays: 0, answerDays: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.windowDays).toBeTruthy();
    const saved = await ctx.call('POST', '/api/DisputeSettings', { token: tokens.admin, body: { windowDays: 60, answerDays: 7 } });
    expect(saved.body.data).toEqual({ windowDays: 60, answerDays: 7 });
    const o = await order(32, 55);
    const dispute = await kariOpens(o);
    expect(dispute.answerDue).toBe(addPlainDays(today(), 7));
    await ctx.call('POST', '/api/DisputeSettings', { token: tokens.admin, body: { windowDays: 30, answerDays: 14 } });
  });
});
