/**
 * Pallet receipts of the demo (issue 11 and 20; docs/pallet-receipts.md), at ole's location (Tinde
 * Bryggeri Lørenskog) with hauliers, one of each state a user meets: final ones posted through the
 * real posting (`finalizeReceipt`) that kari confirmed in the portal or whose window passed, one
 * with an external counterparty (signed by both at the dock, posted one-sided as commission), one
 * open that waits for kari's confirmation (signed at the dock; told yesterday), one disputed (kari
 * objected), one waiting for provider approval (a counterparty ole does not trade with: lise's
 * Uppsala location), a correction of a final receipt that provider staff made (posted through the
 * real correction) and an open dispute of another, and an inventory receipt with its count audit
 * (registered, awaiting the provider). The portal counterparty is otherwise kari's location
 * (Fjordland Dagligvare Alnabru), so kari sees them too. Every notice counts as sent (the job sends
 * none). A generator of its own keeps the rest of the demo data unchanged; the ledger invariant holds.
 */
import type { Country } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { writeCountAudit } from '../counting/register-count-audit.js';
import { finalizeReceipt } from '../pallet-receipts/finalize-receipt.js';
import { loadPalletReceipt } from '../pallet-receipts/get-pallet-receipt.js';
import { insertLines, insertReceipt } from '../pallet-receipts/insert-receipt.js';
import { hashQrToken } from '../pallet-receipts/qr-token.js';
import { alertGlobalAdmins, alertLocation } from '../pallet-receipts/receipt-alerts.js';
import { postCorrection } from '../pallet-receipts/receipt-corrections.js';
import { nextReceiptNumber } from '../pallet-receipts/receipt-number.js';
import { addDays, at, type SeedContext, type SeedWorld } from './context.js';
import { OBJECTION, type PlannedDispute, plan } from './pallet-receipt-plan.js';
import { Rng } from './random.js';
import { signaturePng } from './signature-png.js';

export { signaturePng } from './signature-png.js';

/** Minutes after the handover a receipt was saved, told and mailed. */
const WRITTEN_AFTER = 8;

export async function seedPalletReceipts(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const rng = new Rng(ctx.seed * 7919 + 41);
  const ole = world.demo.ole;
  const kari = world.demo.kari;
  if (!ole || !kari) return;
  const location = world.locations.find((l) => l.id === ole.locationId);
  if (!location) return;
  const [driverNames, dockNames] = [
    ['Tomasz Nowak', 'Ali Hassan', 'Jonas Berg', 'Marius Lund'],
    ['Ole Hansen', 'Ole Hansen', 'Ingrid Moe', 'Ole Hansen'],
  ];
  // The two products the brewery holds most of, carriers only (no containers).
  const products = (
    await rows<{ productId: number }>(
      tx,
      sql`SELECT b.product_id AS "productId" FROM balances b JOIN products p ON p.id = b.product_id
          JOIN carrier_types ct ON ct.id = p.carrier_type_id
          WHERE b.location_id = ${location.id} AND p.active AND NOT ct.is_container
          GROUP BY b.product_id ORDER BY sum(b.quantity) DESC, b.product_id LIMIT 2`,
    )
  ).map((p) => Number(p.productId));
  if (products.length === 0) return;
  let external = world.externals.find((e) => e.customerId === location.customerId);
  if (!external) {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO external_locations (customer_id, name, location_number, contact_name, street, postal_code, postal_name, country_id)
          VALUES (${location.customerId}, 'Kiwi Lørenskog Sentrum', 'TB-5101', 'Butikksjef', 'Skårersletta 55', '1473', 'Lørenskog', 'NO')
          RETURNING id`,
    );
    external = { id: Number(row?.id), customerId: location.customerId, countryId: 'NO' as Country, name: 'Kiwi Lørenskog Sentrum' };
  }
  const counterparties = { portal: kari.locationId, stranger: world.demo.lise?.locationId ?? null };
  const receptionDays = world.locations.find((l) => l.id === kari.locationId)?.receptionDays ?? 5;
  const time = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

  for (const [index, p] of plan.entries()) {
    const day = addDays(ctx.today, -p.daysAgo);
    const handedOverAt = new Date(at(day, p.minutes));
    const written = time(handedOverAt, WRITTEN_AFTER);
    const number = await nextReceiptNumber(tx, Number(day.slice(0, 4)));
    const hash = hashQrToken(`demo-receipt-${ctx.seed}-${index}-${rng.int(0, 1_000_000_000)}`);
    const base = { receiptNumber: number, locationId: location.id, handedOverAt, hash, userId: ole.userId, locationMailedAt: written };
    if (p.status === 'inventory') {
      const counted = await rows<{ productId: number; quantity: number }>(
        tx,
        sql`SELECT product_id AS "productId", greatest(sum(quantity), 0)::int AS quantity FROM ledger_entries
            WHERE location_id = ${location.id} AND booking_date <= ${day}::date AND product_id IN (${sql.join(
              products.map((id) => sql`${id}`),
              sql`, `,
            )}) GROUP BY product_id ORDER BY product_id`,
      );
      const lines = products.map((productId, i) => ({
        productId,
        countedQuantity: Math.max(0, (Number(counted.find((c) => Number(c.productId) === productId)?.quantity) || 0) - (i === 0 ? 4 : 0)),
      }));
      const auditId = await writeCountAudit(tx, location, ole.userId, { date: day, lines }, 'nb-NO');
      await tx.execute(sql`UPDATE count_audits SET registered_at = ${handedOverAt.toISOString()}::timestamptz WHERE id = ${auditId}`);
      const id = await insertReceipt(tx, {
        ...base,
        inventory: true,
        counterpartyLocationId: null,
        externalLocationId: null,
        haulier: null,
        carNumber: null,
        comment: 'Telling ved rampen etter kveldsskiftet.',
        dueDate: null,
        countAuditId: auditId,
      });
      await insertLines(
        tx,
        id,
        lines.map((l) => ({ productId: l.productId, delivered: 0, returned: 0, counted: l.countedQuantity })),
      );
      await tx.execute(sql`UPDATE pallet_receipts SET created_at = handed_over_at WHERE id = ${id}`);
      continue;
    }
    const counterpartyId = p.counterparty === 'portal' || p.counterparty === 'stranger' ? counterparties[p.counterparty] : null;
    if (p.counterparty === 'stranger' && counterpartyId === null) continue;
    const told = p.status !== 'approval';
    const id = await insertReceipt(tx, {
      ...base,
      inventory: false,
      counterpartyLocationId: counterpartyId,
      externalLocationId: p.counterparty === 'external' ? external.id : null,
      haulier: p.haulier,
      carNumber: p.carNumber,
      comment: null,
      // Told when written: the window runs from that day (the counterparty's reception days; the location's for an external one).
      dueDate: told ? addDays(day, p.counterparty === 'portal' ? receptionDays : (location.receptionDays ?? 5)) : null,
      countAuditId: null,
      status: p.status === 'approval' ? 'approval' : 'open',
      needsConsent: counterpartyId !== null,
      approvalReasons: p.status === 'approval' ? ['counterparty'] : [],
      toldAt: told ? written : null,
    });
    const lines = p.lines.flatMap(([delivered, returned], i) =>
      products[i] === undefined ? [] : [{ productId: products[i] as number, delivered, returned }],
    );
    await insertLines(tx, id, lines);
    await tx.execute(sql`UPDATE pallet_receipts SET created_at = ${written.toISOString()}::timestamptz WHERE id = ${id}`);
    // Signed at the dock a few minutes after the handover by the driver and the dock (the disputed one by the dock only).
    for (const party of p.status === 'disputed' ? (['to'] as const) : (['from', 'to'] as const)) {
      const name = party === 'from' ? rng.pick(driverNames) : rng.pick(dockNames);
      await tx.execute(sql`INSERT INTO pallet_receipt_signatures (receipt_id, party, name, image, signed_at, user_id)
        VALUES (${id}, ${party}, ${name}, ${signaturePng(rng)}, ${time(handedOverAt, party === 'from' ? 4 : 6).toISOString()}::timestamptz,
          ${party === 'to' ? ole.userId : null})`);
    }
    if (p.status === 'signed') await finalizeReceipt(tx, id, 'signatures', { at: time(handedOverAt, 6) });
    if (p.status === 'confirmed') {
      const confirmedAt = time(written, 3 * 60);
      await finalizeReceipt(tx, id, 'confirmed', { at: confirmedAt, confirmedByName: 'Kari Nordmann', confirmedByUserId: kari.userId });
      await tx.execute(sql`UPDATE pallet_receipts SET confirmed_at = ${confirmedAt.toISOString()}::timestamptz WHERE id = ${id}`);
    }
    if (p.status === 'lapsed') {
      const due = addDays(day, receptionDays + 1);
      await finalizeReceipt(tx, id, 'receptionDays', { at: new Date(at(due, 5 * 60)) });
    }
    const receipt = await loadPalletReceipt(tx, id, 'nb-NO');
    if (told && counterpartyId !== null) await alertLocation(tx, receipt, counterpartyId, 'created', written.toISOString());
    if (p.status === 'approval') await alertGlobalAdmins(tx, receipt, 'approval', {}, written.toISOString());
    if (p.status === 'disputed') {
      const objectedAt = time(written, 26 * 60).toISOString();
      await tx.execute(sql`UPDATE pallet_receipts SET status = 'disputed', objection = ${OBJECTION}, confirmed_by_name = 'Kari Nordmann',
        objected_at = ${objectedAt}::timestamptz WHERE id = ${id}`);
      await alertLocation(tx, await loadPalletReceipt(tx, id, 'nb-NO'), location.id, 'objected', objectedAt);
    }
    if (p.dispute) await seedDispute(tx, world, id, lines, handedOverAt, p.dispute);
  }
}

/** A dispute of final receipt `id` (lines as written: `lines`), corrected through the real correction or left open. */
async function seedDispute(
  tx: Tx,
  world: SeedWorld,
  id: number,
  lines: { productId: number; delivered: number; returned: number }[],
  handedOverAt: Date,
  d: PlannedDispute,
): Promise<void> {
  const by = world.demo[d.by];
  const admin = world.demo.admin;
  if (!by || !admin) return;
  const raisedAt = new Date(handedOverAt.getTime() + d.daysAfter * 86_400_000 + 2 * 3_600_000);
  const decidedAt = new Date(raisedAt.getTime() + 26 * 3_600_000);
  const corrected = d.status === 'corrected';
  const [dispute] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO pallet_receipt_disputes (receipt_id, side, reason, status, raised_by_user_id, raised_at, decided_by_user_id, decided_at, decision_comment)
        VALUES (${id}, ${d.by === 'ole' ? 'location' : 'counterparty'}, ${d.reason}, ${d.status}, ${by.userId}, ${raisedAt.toISOString()}::timestamptz,
          ${corrected ? admin.userId : null}, ${corrected ? decidedAt.toISOString() : null}::timestamptz, ${d.comment ?? null})
        RETURNING id`,
  );
  const disputeId = Number(dispute?.id);
  const named = d.lines.flatMap(([delivered, returned], i) => {
    const line = lines[i];
    return line ? [{ ...line, delivered, returned, was: line }] : [];
  });
  await tx.execute(sql`INSERT INTO pallet_receipt_dispute_lines (dispute_id, product_id, delivered, returned, was_delivered, was_returned)
    VALUES ${sql.join(
      named.map((l) => sql`(${disputeId}, ${l.productId}, ${l.delivered}, ${l.returned}, ${l.was.delivered}, ${l.was.returned})`),
      sql`, `,
    )}`);
  const receipt = await loadPalletReceipt(tx, id, 'nb-NO');
  const other = d.by === 'ole' ? receipt.counterparty?.id : receipt.location.id;
  if (other !== undefined) await alertLocation(tx, receipt, other, 'disputed', raisedAt.toISOString(), { reason: d.reason });
  if (!corrected) return;
  await postCorrection(tx, id, disputeId, decidedAt);
  const extras = { reason: d.reason, comment: d.comment };
  for (const side of [receipt.location.id, receipt.counterparty?.id ?? null])
    if (side !== null) await alertLocation(tx, receipt, side, 'corrected', decidedAt.toISOString(), extras);
}
