/**
 * Issue 22 (docs/disputes.md, "What can be disputed"): a final pallet receipt is a movement from
 * its counterparty to its location (delivered - returned, so possibly negative); a party disputes
 * it, the other accepts, and the difference posts once with the dispute as source while the
 * receipt itself stays as it was. A receipt that is not final yet cannot be disputed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends } from './helpers.js';
import { openReceiptWorld, type ReceiptWorld } from './pallet-receipt-helpers.js';

describe.each(backends)('disputes of a final pallet receipt (%s)', (kind) => {
  let w: ReceiptWorld;
  beforeAll(async () => {
    w = await openReceiptWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('kari disputes ole’s final receipt; ole accepts; the difference posts once, the receipt unchanged', async () => {
    const [p1, p2] = w.products;
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    const body = {
      palletReceiptId: receipt.id,
      problem: 'quantity',
      comment: 'Only 2 went back, and 1 half pallet',
      // In force: p1 10 - 4 = 6 to ole's location, p2 0 - 3 = -3. It should be 8 and -1.
      lines: [
        { productId: p1, quantity: 8 },
        { productId: p2, quantity: -1 },
      ],
    };
    // Not final yet (it waits for kari's consent): nothing to dispute.
    const early = await w.ctx.call('POST', '/api/Disputes', { token: w.tokens.kari, body });
    expect(early.status).toBe(409);
    await w.ctx.call('POST', '/api/PalletReceiptConfirmation', { token: w.tokens.kari, body: { id: receipt.id, confirm: true } });
    const before = { ole1: await w.balance(w.ole, p1), kari1: await w.balance(w.kari, p1), ole2: await w.balance(w.ole, p2) };
    const opened = await w.ctx.call('POST', '/api/Disputes', { token: w.tokens.kari, body });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const dispute = opened.body.data;
    expect(dispute).toMatchObject({
      sourceKind: 'palletReceipt',
      palletReceiptId: receipt.id,
      fromLocationId: w.kari,
      toLocationId: w.ole,
    });
    expect(dispute.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: p1, wasQuantity: 6, quantity: 8 }),
        expect.objectContaining({ productId: p2, wasQuantity: -3, quantity: -1 }),
      ]),
    );
    const accepted = await w.ctx.call('POST', '/api/DisputeAnswer', {
      token: w.tokens.ole,
      body: { id: dispute.id, version: dispute.version, answer: 'accept' },
    });
    expect(accepted.status).toBe(200);
    expect(await w.balance(w.ole, p1)).toBe(before.ole1 + 2);
    expect(await w.balance(w.kari, p1)).toBe(before.kari1 - 2);
    expect(await w.balance(w.ole, p2)).toBe(before.ole2 + 2);
    const [count] = await rows<{ n: number }>(
      w.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE dispute_id = ${dispute.id}`,
    );
    expect(Number(count?.n)).toBe(4);
    // The receipt keeps its lines and its own posting.
    const after = (await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.ole })).body.data;
    expect(after.lines).toEqual(receipt.lines);
    expect(after.status).toBe('final');
  });
});
