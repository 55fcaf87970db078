/**
 * Issue 20 (docs/pallet-receipts.md, "Trading partners", "Quantities within reason", "Provider
 * approval"): counterparties are the ones a location trades with, or the receipt waits for
 * provider staff's approval before its counterparty is told; quantities are within one truckload
 * (100,000 or 5,000 returned is 400), and no more is returned than the location holds unless
 * provider staff approve it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends } from './helpers.js';
import { openReceiptWorld, type ReceiptWorld } from './pallet-receipt-helpers.js';

/** ole's messages are Norwegian. */
const nb = translator('nb-NO');

describe.each(backends)('pallet receipts: trading partners, limits and approval (%s)', (kind) => {
  let w: ReceiptWorld;
  /** A carrier ole's location holds none of. */
  let unheld: number;
  /** A location ole's does not trade with besides lise's: mikko's Pohjolan Tukku Vantaa. */
  let mikko: number;
  const db = () => w.ctx.database.db;
  const receiptCount = async () => Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pallet_receipts`))[0]?.n);
  const mailsTo = async (address: string, number: string) =>
    Number(
      (
        await rows<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM email_archive WHERE to_address LIKE ${`%${address}%`} AND subject LIKE ${`%${number}%`}`,
        )
      )[0]?.n,
    );
  const alertsOf = async (token: string, id: number) =>
    (await w.ctx.call('GET', '/api/Alerts', { token })).body.data.filter(
      (a: { source: string; sourceId: number }) => a.source === 'PalletReceipt' && a.sourceId === id,
    );
  const approve = (token: string, id: number, approveIt: boolean) =>
    w.ctx.call('POST', '/api/PalletReceiptApproval', { token, body: { id, approve: approveIt, comment: 'Checked with both sides' } });

  beforeAll(async () => {
    w = await openReceiptWorld(kind);
    const [row] = await rows<{ id: number }>(
      db(),
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
          WHERE p.active AND NOT ct.is_container AND ct.qty_height >= 15
            AND NOT EXISTS (SELECT 1 FROM balances b WHERE b.location_id = ${w.ole} AND b.product_id = p.id AND b.quantity <> 0)
          ORDER BY p.id LIMIT 1`,
    );
    unheld = Number(row?.id);
    const [vantaa] = await rows<{ id: number }>(db(), sql`SELECT location_id AS id FROM users WHERE login_name = 'mikko'`);
    mikko = Number(vantaa?.id);
  });
  afterAll(() => w.ctx.close());

  it('refuses 100,000 or 5,000 returned, more than a truckload, on the line’s field, and writes nothing', async () => {
    const before = await receiptCount();
    // One truckload: the most stack places of a truck type times the carrier's full stack.
    const [truckload] = await rows<{ max: number }>(
      db(),
      sql`SELECT ((SELECT max(tpu_count + tpu_count2) FROM truck_types) * ct.qty_height)::int AS max
          FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.id = ${w.products[0]}`,
    );
    for (const [counterparty, returned] of [
      [w.kari, 5_000],
      [w.kari, 100_000],
    ] as const) {
      const answer = await w.write(
        w.tokens.ole,
        w.handover({ counterpartyLocationId: counterparty, lines: [{ productId: w.products[0], delivered: 0, returned }] }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields['lines.0.returned']).toBe(nb('validation.aboveTruckload', { max: truckload?.max }));
    }
    const delivered = await w.write(w.tokens.ole, w.handover({ lines: [{ productId: w.products[0], delivered: 5_000, returned: 0 }] }));
    expect(delivered.body.error.fields).toHaveProperty(['lines.0.delivered']);
    expect(await receiptCount()).toBe(before);
  });

  it('refuses returning more than the location holds, unless provider staff are asked to approve it', async () => {
    const lines = [{ productId: unheld, delivered: 2, returned: 5 }];
    const refused = await w.write(w.tokens.ole, w.handover({ lines }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['lines.0.returned']).toBe(nb('validation.returnedAboveBalance', { available: 2 }));
    // What the receipt delivers may go back with it.
    expect((await w.write(w.tokens.ole, w.handover({ lines: [{ productId: unheld, delivered: 5, returned: 5 }] }))).status).toBe(200);
    const asked = await w.write(w.tokens.ole, w.handover({ lines, requestApproval: true }));
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'approval', approvalReasons: ['quantity'], dueDate: null, toldAt: null });
  });

  it('a counterparty ole does not trade with waits for provider staff: not told, not posted, until they approve it', async () => {
    const offered = await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}&term=Handelshuset Norden Uppsala`, {
      token: w.tokens.ole,
    });
    expect(offered.body.data.find((c: { id: number }) => c.id === w.lise)).toMatchObject({ trading: false, needsConsent: true });
    const fjordland = await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}&term=Fjordland Dagligvare Alnabru`, {
      token: w.tokens.ole,
    });
    expect(fjordland.body.data.find((c: { id: number }) => c.id === w.kari)).toMatchObject({ trading: true, needsConsent: true });

    const receipt = (await w.write(w.tokens.ole, w.handover({ counterpartyLocationId: w.lise }))).body.data;
    expect(receipt).toMatchObject({ status: 'approval', approvalReasons: ['counterparty'], toldAt: null, dueDate: null });
    await w.sign(w.tokens.ole, receipt.id, 'from');
    expect((await w.sign(w.tokens.ole, receipt.id, 'to')).body.data.status).toBe('approval');
    expect(await w.entries(receipt.id)).toBe(0);
    // lise is not told yet and cannot answer; the provider's global admins are asked.
    expect(await mailsTo('handelshuset', receipt.receiptNumber)).toBe(0);
    expect(await alertsOf(w.tokens.lise, receipt.id)).toEqual([]);
    expect(await alertsOf(w.tokens.admin, receipt.id)).toHaveLength(1);
    const early = await w.ctx.call('POST', '/api/PalletReceiptConfirmation', {
      token: w.tokens.lise,
      body: { id: receipt.id, confirm: true },
    });
    expect(early.status).toBe(409);
    expect((await approve(w.tokens.ole, receipt.id, true)).status).toBe(403);

    const approved = await approve(w.tokens.admin, receipt.id, true);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'open' });
    expect(approved.body.data.toldAt).not.toBeNull();
    expect(approved.body.data.dueDate).not.toBeNull();
    expect((await approve(w.tokens.admin, receipt.id, true)).status).toBe(409);
    expect(await mailsTo('handelshuset', receipt.receiptNumber)).toBe(1);
    expect(await alertsOf(w.tokens.lise, receipt.id)).toHaveLength(1);
    expect(await w.entries(receipt.id)).toBe(0);
    // Now lise's side confirms in her session, and it posts.
    const confirmed = await w.ctx.call('POST', '/api/PalletReceiptConfirmation', {
      token: w.tokens.lise,
      body: { id: receipt.id, confirm: true },
    });
    expect(confirmed.body.data).toMatchObject({ status: 'final', finalReason: 'confirmed' });
    expect(await w.entries(receipt.id)).toBe(4);
  });

  it('provider staff may void a receipt that waits for approval: it never posts nor tells', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover({ counterpartyLocationId: mikko }))).body.data;
    expect(receipt.status).toBe('approval');
    const voided = await approve(w.tokens.admin, receipt.id, false);
    expect(voided.body.data).toMatchObject({ status: 'void', toldAt: null });
    expect(voided.body.data.comment).toContain('Checked with both sides');
    expect((await w.sign(w.tokens.ole, receipt.id, 'to')).status).toBe(409);
    expect(await mailsTo('pohjolan', receipt.receiptNumber)).toBe(0);
    expect(await alertsOf(w.tokens.ole, receipt.id)).toHaveLength(1);
    expect(await w.entries(receipt.id)).toBe(0);
  });

  it('a receipt to ole’s own customer’s external location needs no approval and no consent', async () => {
    const [external] = await rows<{ id: number }>(
      db(),
      sql`SELECT e.id FROM external_locations e JOIN locations l ON l.customer_id = e.customer_id WHERE l.id = ${w.ole} AND e.active ORDER BY e.id LIMIT 1`,
    );
    const receipt = (
      await w.write(w.tokens.ole, w.handover({ counterpartyLocationId: undefined, externalLocationId: Number(external?.id) }))
    ).body.data;
    expect(receipt).toMatchObject({ status: 'open', needsConsent: false, approvalReasons: [] });
  });
});
