/**
 * Issue 20, "A pallet receipt moves another party's balance with no one's consent"
 * (docs/pallet-receipts.md, "The counterparty's consent"): ole's receipt to kari's location,
 * signed by both sides at his dock, moves no balance of kari's until her side confirms in its own
 * session or through the link mailed to it, or lets its window pass; the window starts when kari
 * is told, never at a back-dated handover; the dock's link (the writer holds it) never answers for
 * her; and nobody but kari's side confirms (the isolation of the calls that name a counterparty).
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { finalizeDueReceipts } from '../src/modules/pallet-receipts/finalize-due-receipts.js';
import { backends } from './helpers.js';
import { norwegianToday, openReceiptWorld, type ReceiptWorld, tokenOf } from './pallet-receipt-helpers.js';

describe.each(backends)('pallet receipts: the counterparty’s consent (%s)', (kind) => {
  let w: ReceiptWorld;
  const db = () => w.ctx.database.db;
  const confirm = (token: string, id: number, body: Record<string, unknown> = { confirm: true }) =>
    w.ctx.call('POST', '/api/PalletReceiptConfirmation', { token, body: { id, ...body } });
  const kariReceptionDays = async () =>
    Number((await rows<{ days: number }>(db(), sql`SELECT reception_days AS days FROM locations WHERE id = ${w.kari}`))[0]?.days ?? 5);

  beforeAll(async () => {
    w = await openReceiptWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('signed by both sides at ole’s dock, it moves no balance until a user of kari’s side confirms it in her session', async () => {
    const [p0] = w.products;
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    expect(receipt.needsConsent).toBe(true);
    const kariBefore = await w.balance(w.kari, p0);
    const oleBefore = await w.balance(w.ole, p0);
    await w.sign(w.tokens.ole, receipt.id, 'from');
    const signed = await w.sign(w.tokens.ole, receipt.id, 'to');
    expect(signed.body.data).toMatchObject({ status: 'open', finalReason: null });
    expect(signed.body.data.signatures).toHaveLength(2);
    expect(await w.entries(receipt.id)).toBe(0);
    expect(await w.balance(w.kari, p0)).toBe(kariBefore);

    // The writer cannot confirm for kari; lise does not even see it.
    expect(signed.body.data.actions.confirm).toBe(false);
    expect((await confirm(w.tokens.ole, receipt.id)).status).toBe(403);
    expect((await confirm(w.tokens.lise, receipt.id)).status).toBe(404);
    expect(await w.entries(receipt.id)).toBe(0);

    // kari's log shows it awaiting her; ole's does not.
    const awaiting = await w.ctx.call('GET', '/api/PalletReceipts?awaitingMe=true', { token: w.tokens.kari });
    expect(awaiting.body.data.map((r: { id: number }) => r.id)).toContain(receipt.id);
    expect(awaiting.body.data.every((r: { awaitingMe: boolean }) => r.awaitingMe)).toBe(true);
    const oleAwaiting = await w.ctx.call('GET', '/api/PalletReceipts?awaitingMe=true', { token: w.tokens.ole });
    expect(oleAwaiting.body.data.map((r: { id: number }) => r.id)).not.toContain(receipt.id);
    expect((await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.kari })).body.data.actions.confirm).toBe(true);

    const confirmed = await confirm(w.tokens.kari, receipt.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'final', finalReason: 'confirmed', confirmedByName: 'Kari Nordmann' });
    expect(await w.balance(w.kari, p0)).toBe(kariBefore - 6);
    expect(await w.balance(w.ole, p0)).toBe(oleBefore + 6);
    expect(await w.entries(receipt.id)).toBe(4);
    expect((await confirm(w.tokens.kari, receipt.id)).status).toBe(409);
    expect(await w.entries(receipt.id)).toBe(4);
  });

  it('kari may object in her session instead: disputed, nothing posted', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    expect((await confirm(w.tokens.kari, receipt.id, { confirm: false })).status).toBe(400);
    const objected = await confirm(w.tokens.kari, receipt.id, { confirm: false, objection: 'We got 2 back, not 4' });
    expect(objected.body.data).toMatchObject({ status: 'disputed', objection: 'We got 2 back, not 4' });
    expect(await w.entries(receipt.id)).toBe(0);
  });

  it('a back-dated handover does not shorten kari’s window: it runs from when she is told', async () => {
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const { status, body } = await w.write(w.tokens.ole, w.handover({ handedOverAt: fiveDaysAgo }));
    expect(status).toBe(200);
    const receipt = body.data;
    const today = norwegianToday();
    expect(receipt.dueDate).toBe(addPlainDays(today, await kariReceptionDays()));
    expect(Date.parse(receipt.toldAt)).toBeGreaterThan(Date.now() - 60_000);
    await w.sign(w.tokens.ole, receipt.id, 'from');
    await w.sign(w.tokens.ole, receipt.id, 'to');
    // The next tick of the scheduler (today, and through the due date) leaves it open.
    await finalizeDueReceipts(db());
    await finalizeDueReceipts(db(), receipt.dueDate);
    expect(await w.entries(receipt.id)).toBe(0);
    // The day after its due date, without an objection, it is final.
    await finalizeDueReceipts(db(), addPlainDays(receipt.dueDate, 1));
    const after = (await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.ole })).body.data;
    expect(after).toMatchObject({ status: 'final', finalReason: 'receptionDays' });
    expect(await w.entries(receipt.id)).toBe(4);

    // More than PALLET_RECEIPT_MAX_BACKDATE_DAYS back is refused on the field.
    const old = await w.write(w.tokens.ole, w.handover({ handedOverAt: new Date(Date.now() - 9 * 86_400_000).toISOString() }));
    expect(old.status).toBe(400);
    expect(old.body.error.fields.handedOverAt).toBe(translator('nb-NO')('validation.handoverTooOld', { days: 7 }));
  });

  it('the dock’s QR link (from POST’s answer) shows the receipt but cannot answer for kari; the link mailed to her can', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    const dock = tokenOf(receipt.qrUrl);
    const summary = await w.ctx.call('GET', `/api/PalletReceiptPublic?token=${dock}`);
    expect(summary.body.data).toMatchObject({ receiptNumber: receipt.receiptNumber, mayAnswer: false, answersElsewhere: true });
    for (const body of [
      { token: dock, confirm: true, name: 'Ole Hansen' },
      { token: dock, confirm: false, name: 'Ole Hansen', objection: 'Wrong' },
    ]) {
      const answer = await w.ctx.call('POST', '/api/PalletReceiptAnswer', { body });
      expect(answer.status).toBe(403);
      expect(answer.body.error.type).toBe('PALLET_RECEIPT');
    }
    expect(await w.entries(receipt.id)).toBe(0);
    // Only kari's mail carries her link; ole's own mail links to the portal.
    const oleMails = await rows<{ body: string }>(
      db(),
      sql`SELECT body FROM email_archive WHERE subject LIKE ${`%${receipt.receiptNumber}%`} AND to_address LIKE '%tinde%'`,
    );
    expect(oleMails.length).toBe(1);
    expect(oleMails[0]?.body).not.toContain('/receipt/');
    const mailed = (await w.mailedToken(receipt.receiptNumber)) ?? '';
    expect(mailed).not.toBe(dock);
    expect((await w.ctx.call('GET', `/api/PalletReceiptPublic?token=${mailed}`)).body.data).toMatchObject({ mayAnswer: true });
    const answer = await w.ctx.call('POST', '/api/PalletReceiptAnswer', { body: { token: mailed, confirm: true, name: 'Kari Nordmann' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('final');
    expect(await w.entries(receipt.id)).toBe(4);
  });

  it('calls that name a counterparty keep to the caller’s scope', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    // kari cannot write at ole's dock nor look up his counterparties; lise reaches none of it.
    expect((await w.write(w.tokens.kari, w.handover())).status).toBe(404);
    expect((await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}`, { token: w.tokens.kari })).status).toBe(404);
    expect((await w.ctx.call('GET', `/api/PalletReceipts?locationId=${w.kari}`, { token: w.tokens.lise })).body.data).toEqual([]);
    const dispute = { receiptId: receipt.id, reason: 'x', lines: [{ productId: w.products[0], delivered: 1, returned: 1 }] };
    expect((await w.ctx.call('POST', '/api/PalletReceiptDisputes', { token: w.tokens.lise, body: dispute })).status).toBe(404);
    for (const token of [w.tokens.ole, w.tokens.kari, w.tokens.lise]) {
      const approval = await w.ctx.call('POST', '/api/PalletReceiptApproval', {
        token,
        body: { id: receipt.id, approve: true, comment: 'x' },
      });
      expect(approval.status).toBe(403);
      const decision = await w.ctx.call('POST', '/api/PalletReceiptDisputeDecision', {
        token,
        body: { id: 1, correct: true, comment: 'x' },
      });
      expect(decision.status).toBe(403);
    }
    // The counterparty lookup names ole's trading partners first.
    const offered = await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}&term=a`, { token: w.tokens.ole });
    const trading = offered.body.data.map((c: { trading: boolean }) => c.trading);
    expect(trading.indexOf(false) === -1 || trading.lastIndexOf(true) < trading.indexOf(false)).toBe(true);
    expect(await w.entries(receipt.id)).toBe(0);
  });
});
