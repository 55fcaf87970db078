/**
 * Issue 20 (docs/pallet-receipts.md, "Mail and alerts", "Idempotency"): a receipt's mails are
 * rendered and queued after its commit, so its number's row is not held while two PDFs render; a
 * failure there (or a process that dies) loses nothing: the receipt is saved and the scheduler's
 * job sends the mails, once. POST PalletReceipts takes an idempotency key as orders do: a retry
 * after a lost answer makes one receipt, which posts once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, testConfig } from './helpers.js';
import { openReceiptWorld, type ReceiptWorld } from './pallet-receipt-helpers.js';

/** Makes the receipt's PDF fail while set (a renderer that throws, as a crash between commit and mail would leave it). */
const failing = vi.hoisted(() => ({ on: false }));
vi.mock('../src/modules/pallet-receipts/render-pallet-receipt.js', async (original) => {
  const real = await original<typeof import('../src/modules/pallet-receipts/render-pallet-receipt.js')>();
  return {
    ...real,
    renderPalletReceipt: (...args: Parameters<typeof real.renderPalletReceipt>) => {
      if (failing.on) throw new Error('The PDF could not be rendered');
      return real.renderPalletReceipt(...args);
    },
  };
});

describe.each(backends)('pallet receipts: notices after the commit, idempotency (%s)', (kind) => {
  let w: ReceiptWorld;
  const db = () => w.ctx.database.db;
  const mailsOf = async (number: string) =>
    (
      await rows<{ to: string }>(
        db(),
        sql`SELECT to_address AS "to" FROM email_archive WHERE topic = 'palletReceipt' AND subject LIKE ${`%${number}%`} ORDER BY id`,
      )
    ).map((m) => m.to);
  const counted = async (key: string) =>
    Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pallet_receipts WHERE idempotency_key = ${key}`))[0]?.n);

  beforeAll(async () => {
    w = await openReceiptWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('a receipt whose mails fail after its commit is saved, and the job sends both mails once', async () => {
    failing.on = true;
    const saved = await w.write(w.tokens.ole, w.handover());
    failing.on = false;
    expect(saved.status).toBe(200);
    const { sendPendingReceiptNotices, sendReceiptNotices } = await import('../src/modules/pallet-receipts/receipt-notices.js');
    const receipt = saved.body.data;
    expect(receipt.receiptNumber).toMatch(/^PK-\d{4}-\d{6}$/);
    // Not told yet: no mail, no window.
    expect(receipt).toMatchObject({ toldAt: null, dueDate: null });
    expect(await mailsOf(receipt.receiptNumber)).toEqual([]);
    // Within its grace the job leaves it to the request; after it, the job sends, once, also when two run at once.
    expect(await sendPendingReceiptNotices(db(), testConfig.publicUrl)).toBe(0);
    const runs = await Promise.all([0, 0].map((grace) => sendPendingReceiptNotices(db(), testConfig.publicUrl, grace)));
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await sendPendingReceiptNotices(db(), testConfig.publicUrl, 0)).toBe(0);
    const mails = await mailsOf(receipt.receiptNumber);
    expect(mails).toHaveLength(2);
    expect(mails.some((to) => to.includes('fjordland'))).toBe(true);
    const told = (await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.kari })).body.data;
    expect(told.toldAt).not.toBeNull();
    expect(told.dueDate).not.toBeNull();
    expect(told.actions.confirm).toBe(true);
    expect(await sendReceiptNotices(db(), receipt.id, testConfig.publicUrl)).toBe(false);
  });

  it('the same idempotency key and body make one receipt, which posts once; another body with the key is 409', async () => {
    const key = `dock-retry-${kind}-0001`;
    const body = w.handover({ counterpartyLocationId: undefined, externalLocationId: await externalOfOle(), idempotencyKey: key });
    const first = await w.write(w.tokens.ole, body);
    expect(first.status).toBe(200);
    expect(first.body.data.qrUrl).toMatch(/\/receipt\//);
    // The answer was lost; the phone sends it again (twice at once, even).
    const retries = await Promise.all([w.write(w.tokens.ole, body), w.write(w.tokens.ole, body)]);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body.data).toMatchObject({ id: first.body.data.id, receiptNumber: first.body.data.receiptNumber, qrUrl: null });
    }
    expect(await counted(key)).toBe(1);
    const other = await w.write(w.tokens.ole, { ...body, carNumber: 'XX 00000' });
    expect(other.status).toBe(409);
    expect(other.body.error.type).toBe('PALLET_RECEIPT');
    expect(await counted(key)).toBe(1);
    // Signed, it posts once.
    await w.sign(w.tokens.ole, first.body.data.id, 'from');
    await w.sign(w.tokens.ole, first.body.data.id, 'to');
    expect(await w.entries(first.body.data.id)).toBe(2);
    // The key is the user's: kari's same key is another receipt of hers (at her own dock).
    const kari = await w.write(w.tokens.kari, {
      ...w.handover({ locationId: w.kari, counterpartyLocationId: w.ole }),
      idempotencyKey: key,
    });
    expect(kari.status).toBe(200);
    expect(kari.body.data.id).not.toBe(first.body.data.id);
  });

  async function externalOfOle(): Promise<number> {
    const [external] = await rows<{ id: number }>(
      db(),
      sql`SELECT e.id FROM external_locations e JOIN locations l ON l.customer_id = e.customer_id WHERE l.id = ${w.ole} AND e.active ORDER BY e.id LIMIT 1`,
    );
    return Number(external?.id);
  }
});
