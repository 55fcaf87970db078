/**
 * The ledger of the demo (domain.md, "Balances"). Every order in status 5 posted minus at
 * its from-location and plus at its to-location (an external receiver has no ledger) with
 * its final quantities, booked on its receive date (demo-data/orders.ts). The balance kind is the
 * server's rule, `balanceKindFor` (status-machine.ts): pooling when both ends take part in
 * the pool (a pooling location or a provider depot), otherwise commission, the same kind at
 * both ends, so the pooling entries of every product from orders sum to zero. (Deciding per
 * side instead would break that invariant on every delivery between a pooling and a
 * commission location.) External receivers are only ever sent to by commission locations,
 * so their one-sided entries are commission too.
 *
 * The two years of orders start from nothing, so a location that sends more than it received
 * in that window would stand below zero. Before them, on the day after the issue:
 * - opening balances ('opening' entries, no order): every customer location holds the
 *   carriers it had when the window began: for each product and kind it ever moved, what it
 *   lacked at its lowest point plus a few stacks (pooling always; commission for most
 *   locations, so that some still owe carriers in money). Each is balanced by the same
 *   quantity out of its country's default depot, so the opening entries of every product
 *   and kind sum to zero (`checkLedgerInvariant`) and the depots carry the counterpart;
 * - an opening 'issue' of every product at every depot, large enough that no depot's stock
 *   ever goes below zero over the two years, openings included;
 * then the running `balances`, computed in SQL as the exact sums of the entries.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import type { LedgerBulk } from './order-bulks.js';
import { Rng } from './random.js';
import { products } from './reference.js';

/** The lowest running balance of each location, product and kind (0 when it never went below). */
async function lowestRunning(tx: Tx, depots: boolean) {
  const list = await rows<{ locationId: number; productId: number; kind: string; low: number }>(
    tx,
    sql`SELECT location_id AS "locationId", product_id AS "productId", balance_kind AS kind, min(running)::int AS low
        FROM (SELECT location_id, product_id, balance_kind,
                sum(quantity) OVER (PARTITION BY location_id, product_id, balance_kind ORDER BY booking_date, id) AS running
              FROM ledger_entries
              WHERE location_id ${depots ? sql`IN` : sql`NOT IN`} (SELECT id FROM locations WHERE type_id = 'NLP')) r
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return list.map((l) => ({ ...l, locationId: Number(l.locationId), productId: Number(l.productId), low: Math.min(0, Number(l.low)) }));
}

export async function seedLedger(tx: Tx, ctx: SeedContext, world: SeedWorld, ledger: LedgerBulk): Promise<void> {
  const { rng } = ctx;
  await ledger.insert(tx);
  const issueDate = addDays(ctx.today, -745);
  await seedOpenings(tx, ctx, world, ledger, addDays(issueDate, 1));

  // The lowest running stock of every depot, product and kind over the order and opening entries.
  const lowest = new Map((await lowestRunning(tx, true)).map((l) => [`${l.locationId}:${l.productId}:${l.kind}`, l.low]));
  for (const depot of world.depots) {
    for (const p of products) {
      for (const kind of ['pooling', 'commission'] as const) {
        const low = lowest.get(`${depot.id}:${p.id}:${kind}`);
        if (kind === 'commission' && low === undefined) continue;
        // Whole stacks: what the depot ever lacked, plus a stock that suits the carrier.
        const buffer = p.code === 'EUR-A' ? rng.int(200, 500) : p.isContainer ? rng.int(5, 20) : rng.int(10, 60);
        const stacks = Math.ceil(-(low ?? 0) / p.qtyHeight) + Math.ceil(buffer / (kind === 'pooling' ? 1 : 3));
        ledger.add({
          order_id: null,
          product_id: p.id,
          location_id: depot.id,
          balance_kind: kind,
          quantity: stacks * p.qtyHeight,
          source: 'issue',
          booking_date: issueDate,
          created_at: iso(at(issueDate, 6 * 60)),
        });
      }
    }
  }
  await ledger.insert(tx);
  await tx.execute(sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity, updated_at)
    SELECT location_id, product_id, balance_kind, sum(quantity)::int, max(created_at) FROM ledger_entries
    GROUP BY location_id, product_id, balance_kind`);
}

/**
 * Opening balances of the customer locations, each balanced by its country's default depot
 * (see the file comment). A generator of its own keeps the rest of the demo data as it was.
 */
async function seedOpenings(tx: Tx, ctx: SeedContext, world: SeedWorld, ledger: LedgerBulk, date: string): Promise<void> {
  const rng = new Rng(ctx.seed * 7919 + 101);
  const byId = new Map(world.locations.map((l) => [l.id, l]));
  const depotOf = new Map<string, SeedLocation>();
  for (const depot of [...world.depots].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id)) {
    if (depot.statusId === 1 && !depotOf.has(depot.countryId)) depotOf.set(depot.countryId, depot);
  }
  const createdAt = iso(at(date, 6 * 60));
  for (const { locationId, productId, kind, low } of await lowestRunning(tx, false)) {
    const location = byId.get(locationId);
    const product = products.find((p) => p.id === productId);
    const depot = location && (depotOf.get(location.countryId) ?? world.depots[0]);
    if (!location || !product || !depot) continue;
    // Commission balances are money owed either way: a few locations keep owing carriers.
    if (kind === 'commission' && rng.chance(0.15)) continue;
    const extra = product.isContainer ? rng.int(0, 1) : rng.int(1, kind === 'pooling' ? 6 : 3);
    const quantity = (Math.ceil(-low / product.qtyHeight) + extra) * product.qtyHeight;
    if (quantity === 0) continue;
    const entry = {
      order_id: null,
      product_id: productId,
      balance_kind: kind,
      source: 'opening',
      booking_date: date,
      created_at: createdAt,
    };
    ledger.add({ ...entry, location_id: locationId, quantity });
    ledger.add({ ...entry, location_id: depot.id, quantity: -quantity });
  }
  await ledger.insert(tx);
}
