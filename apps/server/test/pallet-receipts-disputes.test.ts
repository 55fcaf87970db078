/**
 * Issue 20 (docs/pallet-receipts.md, "Disputes of a final receipt"): a final receipt is never
 * edited; either side disputes it within 30 days with the quantities it should be, provider staff
 * reject it or correct it, and a correction posts the difference once through the ledger's one
 * posting with the receipt as source. The balance history names a receipt's counterparty.
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends } from './helpers.js';
import { norwegianToday, openReceiptWorld, type ReceiptWorld } from './pallet-receipt-helpers.js';

/** The demo's users read Norwegian. */
const nb = translator('nb-NO');

describe.each(backends)('pallet receipts: disputes of a final receipt (%s)', (kind) => {
  let w: ReceiptWorld;
  const db = () => w.ctx.database.db;
  /** A receipt ole wrote to kari's location and kari confirmed: final and posted. */
  const finalReceipt = async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    await w.ctx.call('POST', '/api/PalletReceiptConfirmation', { token: w.tokens.kari, body: { id: receipt.id, confirm: true } });
    return receipt;
  };
  const dispute = (token: string, receiptId: number, lines: unknown[], extra: Record<string, unknown> = {}) =>
    w.ctx.call('POST', '/api/PalletReceiptDisputes', {
      token,
      body: { receiptId, reason: 'Only 1 half pallet went back', lines, ...extra },
    });
  const decide = (id: number, correct: boolean) =>
    w.ctx.call('POST', '/api/PalletReceiptDisputeDecision', {
      token: w.tokens.admin,
      body: { id, correct, comment: 'Matches the dock camera' },
    });
  const corrections = async (id: number) =>
    Number(
      (
        await rows<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM ledger_entries WHERE pallet_receipt_id = ${id} AND source = 'receiptCorrection'`,
        )
      )[0]?.n,
    );
  const history = async (token: string, locationId: number, productId: number) => {
    const today = norwegianToday();
    const answer = await w.ctx.call(
      'GET',
      `/api/BalanceHistory?locationId=${locationId}&productId=${productId}&from=${today}&to=${today}`,
      {
        token,
      },
    );
    return answer.body.data.entries as { source: string; quantity: number; palletReceiptId: number; palletReceiptCounterparty: string }[];
  };

  beforeAll(async () => {
    w = await openReceiptWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('either side disputes a final receipt; provider staff correct it, which posts the difference once, and the receipt never changes', async () => {
    const [, p1] = w.products;
    const receipt = await finalReceipt();
    const oleBefore = await w.balance(w.ole, p1);
    const kariBefore = await w.balance(w.kari, p1);
    // ole says his dock returned 1 half pallet, not 3.
    const raised = await dispute(w.tokens.ole, receipt.id, [{ productId: p1, delivered: 0, returned: 1 }]);
    expect(raised.status).toBe(200);
    const open = raised.body.data.disputes[0];
    expect(open).toMatchObject({ status: 'open', side: 'location', raisedBy: 'Ole Hansen' });
    expect(open.lines).toEqual([expect.objectContaining({ productId: p1, delivered: 0, returned: 1, wasDelivered: 0, wasReturned: 3 })]);
    expect(raised.body.data.actions).toMatchObject({ dispute: false });
    // One open dispute at a time; lise sees nothing; kari and the global admins are alerted.
    expect((await dispute(w.tokens.kari, receipt.id, [{ productId: p1, delivered: 0, returned: 2 }])).status).toBe(409);
    expect((await dispute(w.tokens.lise, receipt.id, [{ productId: p1, delivered: 0, returned: 2 }])).status).toBe(404);
    for (const token of [w.tokens.kari, w.tokens.admin]) {
      const alerts = (await w.ctx.call('GET', '/api/Alerts', { token })).body.data;
      const title = nb('palletReceipts.alert.disputedTitle', { number: receipt.receiptNumber });
      expect(alerts.some((a: { sourceId: number; title: string }) => a.sourceId === receipt.id && a.title === title)).toBe(true);
    }
    expect(await corrections(receipt.id)).toBe(0);

    // Two decisions at once: one wins, the correction posts once.
    const decisions = await Promise.all([decide(open.id, true), decide(open.id, true)]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    expect(await corrections(receipt.id)).toBe(2);
    expect(await w.balance(w.ole, p1)).toBe(oleBefore + 2);
    expect(await w.balance(w.kari, p1)).toBe(kariBefore - 2);
    const after = (await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.ole })).body.data;
    expect(after.lines).toEqual(receipt.lines);
    expect(after.status).toBe('final');
    expect(after.disputes[0]).toMatchObject({
      status: 'corrected',
      decidedBy: 'Anders Haugen',
      decisionComment: 'Matches the dock camera',
    });

    // The balance history shows the correction, naming the other side from each side.
    expect(await history(w.tokens.ole, w.ole, p1)).toContainEqual(
      expect.objectContaining({
        source: 'receiptCorrection',
        quantity: 2,
        palletReceiptId: receipt.id,
        palletReceiptCounterparty: 'Fjordland Dagligvare Alnabru',
      }),
    );
    expect(await history(w.tokens.kari, w.kari, p1)).toContainEqual(
      expect.objectContaining({ source: 'receiptCorrection', quantity: -2, palletReceiptCounterparty: 'Tinde Bryggeri Lørenskog' }),
    );

    // A later dispute starts from the corrected quantities; a rejected one posts nothing.
    const second = await dispute(w.tokens.kari, receipt.id, [{ productId: p1, delivered: 0, returned: 3 }]);
    expect(second.body.data.disputes[1]).toMatchObject({ side: 'counterparty' });
    expect(second.body.data.disputes[1].lines[0]).toMatchObject({ wasReturned: 1 });
    expect((await decide(second.body.data.disputes[1].id, false)).body.data.disputes[1].status).toBe('rejected');
    expect(await corrections(receipt.id)).toBe(2);
  });

  it('names the counterparty of every receipt entry in the balance history', async () => {
    const [p0] = w.products;
    const receipt = await finalReceipt();
    const entries = await history(w.tokens.ole, w.ole, p0);
    expect(entries).toContainEqual(
      expect.objectContaining({
        source: 'receipt',
        palletReceiptId: receipt.id,
        palletReceiptCounterparty: 'Fjordland Dagligvare Alnabru',
      }),
    );
    expect(await history(w.tokens.kari, w.kari, p0)).toContainEqual(
      expect.objectContaining({ source: 'receipt', palletReceiptId: receipt.id, palletReceiptCounterparty: 'Tinde Bryggeri Lørenskog' }),
    );
  });

  it('refuses a dispute of an open receipt, after 30 days, or one that changes nothing; one key makes one dispute', async () => {
    const [p0] = w.products;
    const open = (await w.write(w.tokens.ole, w.handover())).body.data;
    const notFinal = await dispute(w.tokens.ole, open.id, [{ productId: p0, delivered: 9, returned: 4 }]);
    expect(notFinal.status).toBe(409);
    expect(notFinal.body.error.type).toBe('PALLET_RECEIPT');

    const receipt = await finalReceipt();
    const same = await dispute(w.tokens.ole, receipt.id, [{ productId: p0, delivered: 10, returned: 4 }]);
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toHaveProperty('lines');
    const keyed = { idempotencyKey: `dispute-${receipt.id}-key` };
    const lines = [{ productId: p0, delivered: 9, returned: 4 }];
    expect((await dispute(w.tokens.ole, receipt.id, lines, keyed)).status).toBe(200);
    const repeated = await dispute(w.tokens.ole, receipt.id, lines, keyed);
    expect(repeated.status).toBe(200);
    expect(repeated.body.data.disputes).toHaveLength(1);

    const old = await finalReceipt();
    const longAgo = addPlainDays(norwegianToday(), -32);
    await db().execute(sql`UPDATE pallet_receipts SET posted_at = ${`${longAgo}T10:00:00Z`}::timestamptz WHERE id = ${old.id}`);
    const late = await dispute(w.tokens.ole, old.id, lines);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(nb('errors.PALLET_RECEIPT', { reason: nb('palletReceipts.reasons.disputeWindow') }));
  });
});
