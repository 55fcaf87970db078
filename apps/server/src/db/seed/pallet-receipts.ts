/**
 * Pallet receipts of the demo (issue 11; docs/pallet-receipts.md), at ole's location (Tinde
 * Bryggeri Lørenskog) with hauliers: three final ones signed by both sides and posted through the
 * real posting (`finalizeReceipt`), one open (waiting for the counterparty, due in a few days),
 * one disputed (the counterparty objected by QR link), one with an external counterparty (posted
 * one-sided, as commission), and an inventory receipt with its count audit (registered, awaiting
 * the provider). The counterparty of the portal ones is kari's location (Fjordland Dagligvare
 * Alnabru), so kari sees them too. Signatures are small PNGs drawn here (`signaturePng`). A
 * generator of its own keeps the rest of the demo data unchanged; the ledger invariant holds.
 */
import zlib from 'node:zlib';
import type { Country } from '@portal/domain';
import { writeCountAudit } from '../../modules/counting/register-count-audit.js';
import { insertReceipt } from '../../modules/pallet-receipts/create-pallet-receipt.js';
import { finalizeReceipt } from '../../modules/pallet-receipts/finalize-receipt.js';
import { loadPalletReceipt } from '../../modules/pallet-receipts/get-pallet-receipt.js';
import { hashQrToken } from '../../modules/pallet-receipts/qr-token.js';
import { alertLocation } from '../../modules/pallet-receipts/receipt-notify.js';
import { nextReceiptNumber } from '../../modules/pallet-receipts/receipt-number.js';
import { rows, sql, type Tx } from '../client.js';
import { addDays, at, type SeedContext, type SeedWorld } from './context.js';
import { Rng } from './random.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of PNG chunks (PNG specification, annex D). */
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small signature-like drawing as a PNG (240 x 80, 8-bit grey): a few strokes of a wave whose
 * shape comes from `rng`, dark on white. Valid PNG: signature bytes, IHDR, IDAT (zlib), IEND.
 */
export function signaturePng(rng: Rng): Buffer {
  const width = 240;
  const height = 80;
  const pixels = Buffer.alloc((width + 1) * height, 0xff);
  for (let y = 0; y < height; y++) pixels[y * (width + 1)] = 0; // filter type None per row
  const loops = rng.int(2, 4);
  const amplitude = rng.int(14, 26);
  const phase = rng.int(0, 628) / 100;
  for (let x = 12; x < width - 12; x++) {
    const t = (x - 12) / (width - 24);
    const y = Math.round(height / 2 + amplitude * Math.sin(t * loops * 2 * Math.PI + phase) * (1 - 0.5 * t));
    for (let dy = -1; dy <= 1; dy++) {
      const row = y + dy;
      if (row >= 0 && row < height) pixels[row * (width + 1) + 1 + x] = 0x1b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, colour type 0 (grey), deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Planned {
  daysAgo: number;
  minutes: number;
  counterparty: 'portal' | 'external' | null;
  status: 'final' | 'open' | 'disputed' | 'inventory';
  haulier: string;
  carNumber: string;
  lines: [delivered: number, returned: number][];
}

const plan: Planned[] = [
  {
    daysAgo: 24,
    minutes: 7 * 60 + 40,
    counterparty: 'portal',
    status: 'final',
    haulier: 'Bring Cargo',
    carNumber: 'EL 48213',
    lines: [
      [33, 30],
      [0, 12],
    ],
  },
  {
    daysAgo: 15,
    minutes: 9 * 60 + 5,
    counterparty: 'portal',
    status: 'final',
    haulier: 'Schenker Lørenskog',
    carNumber: 'EB 20417',
    lines: [
      [26, 26],
      [4, 0],
    ],
  },
  {
    daysAgo: 9,
    minutes: 13 * 60 + 20,
    counterparty: 'external',
    status: 'final',
    haulier: 'Nortrail Transport',
    carNumber: 'DR 77120',
    lines: [[0, 18]],
  },
  {
    daysAgo: 6,
    minutes: 6 * 60 + 50,
    counterparty: 'portal',
    status: 'final',
    haulier: 'Bring Cargo',
    carNumber: 'EL 48213',
    lines: [[40, 36]],
  },
  {
    daysAgo: 3,
    minutes: 10 * 60 + 15,
    counterparty: 'portal',
    status: 'disputed',
    haulier: 'Postnord Alnabru',
    carNumber: 'EK 55302',
    lines: [
      [22, 30],
      [6, 0],
    ],
  },
  {
    daysAgo: 1,
    minutes: 8 * 60 + 30,
    counterparty: 'portal',
    status: 'open',
    haulier: 'Schenker Lørenskog',
    carNumber: 'EB 20417',
    lines: [[30, 24]],
  },
  { daysAgo: 2, minutes: 15 * 60, counterparty: null, status: 'inventory', haulier: '', carNumber: '', lines: [] },
];

/** The counterparty's objection to the disputed receipt (Norwegian, as both parties are). */
const OBJECTION = 'Vi fikk bare 16 EUR-paller tilbake, ikke 30. Sjåføren telte feil på rampen.';

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
  const receptionDays = world.locations.find((l) => l.id === kari.locationId)?.receptionDays ?? 5;

  for (const [index, p] of plan.entries()) {
    const day = addDays(ctx.today, -p.daysAgo);
    const handedOverAt = new Date(at(day, p.minutes));
    const number = await nextReceiptNumber(tx, Number(day.slice(0, 4)));
    const hash = hashQrToken(`demo-receipt-${ctx.seed}-${index}-${rng.int(0, 1_000_000_000)}`);
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
        receiptNumber: number,
        locationId: location.id,
        inventory: true,
        counterpartyLocationId: null,
        externalLocationId: null,
        haulier: null,
        carNumber: null,
        handedOverAt,
        comment: 'Telling ved rampen etter kveldsskiftet.',
        dueDate: null,
        hash,
        countAuditId: auditId,
        userId: ole.userId,
      });
      await tx.execute(sql`INSERT INTO pallet_receipt_lines (receipt_id, product_id, delivered, returned, counted)
        SELECT ${id}, v.product_id, 0, 0, v.counted FROM (VALUES ${sql.join(
          lines.map((l) => sql`(${l.productId}::int, ${l.countedQuantity}::int)`),
          sql`, `,
        )}) AS v(product_id, counted)`);
      await tx.execute(sql`UPDATE pallet_receipts SET created_at = handed_over_at WHERE id = ${id}`);
      continue;
    }
    const id = await insertReceipt(tx, {
      receiptNumber: number,
      locationId: location.id,
      inventory: false,
      counterpartyLocationId: p.counterparty === 'portal' ? kari.locationId : null,
      externalLocationId: p.counterparty === 'external' ? external.id : null,
      haulier: p.haulier,
      carNumber: p.carNumber,
      handedOverAt,
      comment: null,
      dueDate: addDays(day, p.counterparty === 'portal' ? receptionDays : location.receptionDays),
      hash,
      countAuditId: null,
      userId: ole.userId,
    });
    const lines = p.lines.flatMap(([delivered, returned], i) =>
      products[i] === undefined ? [] : [{ productId: products[i] as number, delivered, returned }],
    );
    await tx.execute(sql`INSERT INTO pallet_receipt_lines (receipt_id, product_id, delivered, returned)
      SELECT ${id}, v.product_id, v.delivered, v.returned FROM (VALUES ${sql.join(
        lines.map((l) => sql`(${l.productId}::int, ${l.delivered}::int, ${l.returned}::int)`),
        sql`, `,
      )}) AS v(product_id, delivered, returned)`);
    await tx.execute(sql`UPDATE pallet_receipts SET created_at = handed_over_at WHERE id = ${id}`);
    if (p.status === 'final' || p.status === 'open') {
      // Signed at the dock a few minutes after the handover; the open one by the location only.
      const parties = p.status === 'final' ? (['from', 'to'] as const) : (['to'] as const);
      for (const party of parties) {
        const name = party === 'from' ? rng.pick(driverNames) : rng.pick(dockNames);
        const signedAt = new Date(handedOverAt.getTime() + (party === 'from' ? 4 : 6) * 60_000).toISOString();
        await tx.execute(sql`INSERT INTO pallet_receipt_signatures (receipt_id, party, name, image, signed_at, user_id)
          VALUES (${id}, ${party}, ${name}, ${signaturePng(rng)}, ${signedAt}::timestamptz, ${party === 'to' ? ole.userId : null})`);
      }
    }
    if (p.status === 'final') {
      await finalizeReceipt(tx, id, 'signatures');
      await tx.execute(sql`UPDATE pallet_receipts SET posted_at = handed_over_at + interval '6 minutes' WHERE id = ${id}`);
    }
    if (p.counterparty === 'portal') {
      // The bell of kari's location learns of each receipt, dated when it was written.
      const written = new Date(handedOverAt.getTime() + 8 * 60_000).toISOString();
      await alertLocation(tx, await loadPalletReceipt(tx, id, 'nb-NO'), kari.locationId, 'created', written);
    }
    if (p.status === 'disputed') {
      const objectedAt = new Date(handedOverAt.getTime() + 26 * 3_600_000).toISOString();
      await tx.execute(sql`UPDATE pallet_receipts SET status = 'disputed', objection = ${OBJECTION}, confirmed_by_name = 'Kari Nordmann',
        objected_at = ${objectedAt}::timestamptz WHERE id = ${id}`);
      await alertLocation(tx, await loadPalletReceipt(tx, id, 'nb-NO'), location.id, 'objected', objectedAt);
    }
  }
}
