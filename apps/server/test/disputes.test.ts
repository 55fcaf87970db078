/**
 * Issue 22, "Disputes with deadlines, evidence and a decision that posts once" (docs/disputes.md):
 * a party of a received order disputes it within the pool's window; the other party accepts,
 * rejects (the provider decides) or proposes other quantities; the outcome posts once through the
 * ledger's one posting, with the dispute as its source; races end in one outcome and 409; scope
 * hides other customers'. Deadlines, idempotency and settings: disputes-deadlines.test.ts. The
 * ledger invariant (with the dispute rules) is checked after every test (helpers.ts).
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { productNamesById } from '../src/modules/orders/product-names.js';
import { type DisputeWorld, nb, openDisputeWorld, today } from './dispute-helpers.js';
import { backends } from './helpers.js';

describe.each(backends)('disputes (%s)', (kind) => {
  let w: DisputeWorld;
  const db = () => w.ctx.database.db;
  beforeAll(async () => {
    w = await openDisputeWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('the demo shows kari’s customer’s disputes in every state, one waiting for her side, the accepted one posted once', async () => {
    const statuses = await rows<{ status: string; n: number }>(db(), sql`SELECT status, count(*)::int AS n FROM disputes GROUP BY 1`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['accepted', 'decidedAgainst', 'open', 'rejected', 'withdrawn']);
    const waiting = await w.ctx.call('GET', '/api/Disputes?list=waitingForMe', { token: w.tokens.kari });
    expect(waiting.status).toBe(200);
    expect(JSON.stringify(waiting.body.data)).toContain('"status":"open"');
    const [accepted] = await rows<{ id: number }>(db(), sql`SELECT id FROM disputes WHERE status = 'accepted'`);
    expect(await w.entries(Number(accepted?.id))).toHaveLength(2);
    // Its products are named in kari's language, as everywhere in the portal.
    const detail = (await w.ctx.call('GET', `/api/Disputes/${accepted?.id}`, { token: w.tokens.kari })).body.data;
    const names = await productNamesById(db(), 'nb-NO', [detail.lines[0].productId]);
    expect(detail.lines[0].productName).toBe(names.get(detail.lines[0].productId));
  });

  it('opens within the window: the counterparty is told (alert, mail in its language) and has 14 days', async () => {
    const o = await w.order(0, 25, 'ole');
    const dispute = await w.kariOpens(o);
    expect(dispute).toMatchObject({
      status: 'open',
      waitingOn: 'counterparty',
      sourceKind: 'order',
      orderId: o.id,
      bookingDate: o.booked,
      answerDue: addPlainDays(today(), 14),
      daysLeft: 14,
      opener: { locationId: w.kari },
      counterparty: { locationId: w.ole },
      actions: { answer: false, withdraw: true, decide: false },
    });
    expect(dispute.lines).toEqual([expect.objectContaining({ productId: o.productId, wasQuantity: o.quantity, quantity: o.quantity - 2 })]);
    expect(dispute.history).toEqual([expect.objectContaining({ event: 'opened', by: expect.any(String) })]);
    // ole's side sees it waiting for it, with the answer it may give; kari's waits for them.
    const seen = (await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.ole })).body.data;
    expect(seen.actions).toMatchObject({ answer: true, withdraw: false });
    const mine = (await w.ctx.call('GET', '/api/Disputes?list=waitingForMe', { token: w.tokens.ole })).body.data;
    expect(mine.map((d: { id: number }) => d.id)).toContain(dispute.id);
    const theirs = (await w.ctx.call('GET', '/api/Disputes?list=waitingForThem', { token: w.tokens.kari })).body.data;
    expect(theirs.map((d: { id: number }) => d.id)).toContain(dispute.id);
    const alerts = (await w.ctx.call('GET', '/api/Alerts', { token: w.tokens.ole })).body.data;
    const title = nb('disputes.alert.openedTitle', { source: `#${o.id}`, opener: dispute.opener.name });
    // The bell's alert opens the dispute.
    expect(
      alerts.some(
        (a: { sourceId: number; title: string; target: string }) =>
          a.sourceId === dispute.id && a.title === title && a.target === `disputes/${dispute.id}`,
      ),
    ).toBe(true);
    const [mail] = await rows<{ subject: string; topic: string }>(
      db(),
      sql`SELECT subject, topic FROM email_archive WHERE topic = 'dispute' AND from_location_id = ${w.ole} ORDER BY id DESC LIMIT 1`,
    );
    expect(mail).toEqual({ subject: title, topic: 'dispute' });
    // One unended dispute per movement.
    const again = await w.open(w.tokens.ole, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: o.productId, quantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('DISPUTE');
  });

  it('refuses after the window (409) until the provider extends it', async () => {
    const o = await w.order(32, 200);
    const body = {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Late find',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
    };
    const late = await w.open(w.tokens.kari, body);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain(nb('disputes.reasons.windowPassed'));
    const until = addPlainDays(today(), 3);
    expect(
      (await w.ctx.call('POST', '/api/DisputeWindowExtension', { token: w.tokens.kari, body: { orderId: o.id, until, comment: 'x' } }))
        .status,
    ).toBe(403);
    const extended = await w.ctx.call('POST', '/api/DisputeWindowExtension', {
      token: w.tokens.admin,
      body: { orderId: o.id, until, comment: 'Found in the year-end count' },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.data.until).toBe(until);
    expect((await w.open(w.tokens.kari, body)).status).toBe(200);
  });

  it('another customer’s dispute answers 404; bad input is 400 with a field message', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o);
    expect((await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.lise })).status).toBe(404);
    expect((await w.answer(w.tokens.lise, { id: dispute.id, version: dispute.version, answer: 'accept' })).status).toBe(404);
    const foreign = await w.open(w.tokens.lise, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: o.productId, quantity: 1 }],
    });
    expect(foreign.status).toBe(404);
    const list = (await w.ctx.call('GET', '/api/Disputes', { token: w.tokens.lise })).body.data;
    expect(list.map((d: { id: number }) => d.id)).not.toContain(dispute.id);

    const empty = await w.open(w.tokens.kari, { orderId: o.id, problem: 'quantity', comment: 'x', lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.lines).toBe(nb('validation.noLines'));
    const both = await w.open(w.tokens.kari, {
      orderId: o.id,
      palletReceiptId: 1,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: 1, quantity: 1 }],
    });
    expect(both.status).toBe(400);
    expect(both.body.error.fields.orderId).toBe(nb('validation.disputeSource'));
    const reject = await w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'reject' });
    expect(reject.status).toBe(400);
    expect(reject.body.error.fields.comment).toBeTruthy();
  });

  it('an accepted dispute posts its difference once, in balance history, and a second answer is 409', async () => {
    const o = await w.order();
    const [fromBefore, toBefore] = [await w.balance(o.fromId, o.productId), await w.balance(o.toId, o.productId)];
    const unchanged = await w.open(w.tokens.kari, {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Same',
      lines: [{ productId: o.productId, quantity: o.quantity }],
    });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error.fields.lines).toBe(nb('validation.disputeUnchanged'));
    const dispute = await w.kariOpens(o);
    // Two answers at once: one wins, the loser gets 409, the correction posts once.
    const answers = await Promise.all([
      w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'accept' }),
      w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'accept' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const accepted = answers.find((a) => a.status === 200)?.body.data;
    expect(accepted).toMatchObject({ status: 'accepted', waitingOn: null, answerDue: null });
    expect(accepted.postedAt).not.toBeNull();
    expect(await w.entries(dispute.id)).toEqual(
      [
        { locationId: o.fromId, quantity: 2, bookingDate: today(), source: 'dispute' },
        { locationId: o.toId, quantity: -2, bookingDate: today(), source: 'dispute' },
      ].sort((a, b) => a.locationId - b.locationId),
    );
    expect(await w.balance(o.fromId, o.productId)).toBe(fromBefore + 2);
    expect(await w.balance(o.toId, o.productId)).toBe(toBefore - 2);
    const history = await w.ctx.call(
      'GET',
      `/api/BalanceHistory?locationId=${w.kari}&productId=${o.productId}&from=${today()}&to=${today()}`,
      {
        token: w.tokens.kari,
      },
    );
    expect(history.body.data.entries.some((e: { source: string }) => e.source === 'dispute')).toBe(true);
    const late = await w.answer(w.other(o), { id: dispute.id, version: accepted.version, answer: 'reject', comment: 'no' });
    expect(late.status).toBe(409);
    const decided = (await w.ctx.call('GET', '/api/Disputes?list=decided', { token: w.tokens.kari })).body.data;
    expect(decided.map((d: { id: number }) => d.id)).toContain(dispute.id);
  });

  it('a rejection goes to the provider, whose decision is final; a decision against posts nothing', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o);
    const rejected = await w.answer(w.other(o), {
      id: dispute.id,
      version: dispute.version,
      answer: 'reject',
      comment: 'We loaded all of them',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', waitingOn: 'provider' });
    const adminAlerts = (await w.ctx.call('GET', '/api/Alerts', { token: w.tokens.admin })).body.data;
    expect(adminAlerts.some((a: { sourceId: number; source: string }) => a.source === 'Dispute' && a.sourceId === dispute.id)).toBe(true);
    const version = rejected.body.data.version;
    const asParty = await w.ctx.call('POST', '/api/DisputeDecision', {
      token: w.tokens.kari,
      body: { id: dispute.id, version, decideFor: true, comment: 'Mine' },
    });
    expect(asParty.status).toBe(403);
    const decide = (decideFor: boolean) =>
      w.ctx.call('POST', '/api/DisputeDecision', {
        token: w.tokens.admin,
        body: { id: dispute.id, version, decideFor, comment: 'Dock camera' },
      });
    const decisions = await Promise.all([decide(true), decide(false)]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const winner = decisions.find((d) => d.status === 200)?.body.data;
    expect(await w.entries(dispute.id)).toHaveLength(winner.status === 'decidedFor' ? 2 : 0);
    expect(winner.history.map((h: { event: string }) => h.event)).toEqual(['opened', 'rejected', winner.status]);

    // A dispute decided against posts nothing.
    const o2 = await w.order();
    const second = await w.kariOpens(o2);
    const r2 = (await w.answer(w.other(o2), { id: second.id, version: second.version, answer: 'reject', comment: 'No' })).body.data;
    const against = await w.ctx.call('POST', '/api/DisputeDecision', {
      token: w.tokens.admin,
      body: { id: second.id, version: r2.version, decideFor: false, comment: 'The waybill is signed' },
    });
    expect(against.body.data.status).toBe('decidedAgainst');
    expect(await w.entries(second.id)).toHaveLength(0);
  });

  it('a counter-proposal waits for the opener, who accepts it; the opener may withdraw another', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o, o.quantity - 3);
    const proposed = await w.answer(w.other(o), {
      id: dispute.id,
      version: dispute.version,
      answer: 'propose',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
      comment: 'One went missing, not three',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toMatchObject({ status: 'open', waitingOn: 'opener', answerDue: addPlainDays(today(), 14) });
    // It is kari's turn now, not ole's.
    expect((await w.answer(w.other(o), { id: dispute.id, version: proposed.body.data.version, answer: 'accept' })).status).toBe(409);
    const accepted = await w.answer(w.tokens.kari, { id: dispute.id, version: proposed.body.data.version, answer: 'accept' });
    expect(accepted.body.data.status).toBe('accepted');
    const atReceiver = (await w.entries(dispute.id)).find((e) => e.locationId === o.toId);
    expect(atReceiver?.quantity).toBe(-1);

    const o2 = await w.order();
    const another = await w.kariOpens(o2);
    const notOpener = await w.ctx.call('POST', '/api/DisputeWithdrawal', {
      token: w.other(o2),
      body: { id: another.id, version: another.version },
    });
    expect(notOpener.status).toBe(403);
    const withdrawn = await w.ctx.call('POST', '/api/DisputeWithdrawal', {
      token: w.tokens.kari,
      body: { id: another.id, version: another.version },
    });
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect(await w.entries(another.id)).toHaveLength(0);
  });
});
