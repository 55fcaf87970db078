/**
 * The ledger of the demo (domain.md, "Balances"). Every order in status 5 posted minus at
 * its from-location and plus at its to-location (an external receiver has no ledger) with
 * its final quantities, booked on its receive date (seed/orders.ts). The balance kind is the
 * server's rule, `balanceKindFor` (status-machine.ts): pooling when both ends take part in
 * the pool (a pooling location or a provider depot), otherwise commission, the same kind at
 * both ends, so the pooling entries of every product from orders sum to zero. (Deciding per
 * side instead would break that invariant on every delivery between a pooling and a
 * commission location.) External receivers are only ever sent to by commission locations,
 * so their one-sided entries are commission too.
 *
 * Here: an opening 'issue' of every product at every depot, large enough that no depot's
 * stock ever goes below zero over the two years, then the running `balances`, computed in
 * SQL as the exact sums of the entries.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';
import type { LedgerBulk } from './orders.js';
import { products } from './reference.js';

export async function seedLedger(tx: Tx, ctx: SeedContext, world: SeedWorld, ledger: LedgerBulk): Promise<void> {
  const { rng } = ctx;
  await ledger.insert(tx);
  // The lowest running stock of every depot, product and kind over the order entries.
  const lows = await rows<{ locationId: number; productId: number; kind: string; low: number }>(
    tx,
    sql`SELECT location_id AS "locationId", product_id AS "productId", balance_kind AS kind, min(running)::int AS low
        FROM (SELECT location_id, product_id, balance_kind,
                sum(quantity) OVER (PARTITION BY location_id, product_id, balance_kind ORDER BY booking_date, id) AS running
              FROM ledger_entries
              WHERE location_id IN (SELECT id FROM locations WHERE type_id = 'NLP')) r
        GROUP BY 1, 2, 3`,
  );
  const lowest = new Map(lows.map((l) => [`${l.locationId}:${l.productId}:${l.kind}`, Math.min(0, Number(l.low))]));

  const issueDate = addDays(ctx.today, -745);
  for (const depot of world.depots) {
    for (const p of products) {
      for (const kind of ['pooling', 'commission'] as const) {
        const low = lowest.get(`${depot.id}:${p.id}:${kind}`);
        if (kind === 'commission' && low === undefined) continue;
        // Whole stacks: what the depot ever lacked, plus a stock that suits the carrier.
        const buffer = p.code === 'EUR-A' ? rng.int(200, 500) : p.isContainer ? rng.int(5, 20) : rng.int(10, 60);
        const stacks = Math.ceil(-(low ?? 0) / p.qtyHeight) + Math.ceil(buffer / (kind === 'pooling' ? 1 : 3));
        ledger.add({
          order_id: null, product_id: p.id, location_id: depot.id, balance_kind: kind, quantity: stacks * p.qtyHeight,
          source: 'issue', booking_date: issueDate, created_at: iso(at(issueDate, 6 * 60)),
        });
      }
    }
  }
  await ledger.insert(tx);
  await tx.execute(sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity, updated_at)
    SELECT location_id, product_id, balance_kind, sum(quantity)::int, max(created_at) FROM ledger_entries
    GROUP BY location_id, product_id, balance_kind`);
}
