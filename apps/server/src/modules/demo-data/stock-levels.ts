/**
 * Stock levels of the demo (docs/domain.md, "Balance screen"): a lower and an upper level for
 * the carriers of the demo users' customers (kari's Fjordland Dagligvare, ole's Tinde Bryggeri,
 * lise's Handelshuset Norden, mikko's Pohjolan Tukku) and of a few others, set against the
 * balances the ledger seed left, so that the balance screen shows products within their
 * levels, some below the lower level and some above the upper one, each with its warning.
 * Each row's state is where its balance stands (`stockLevelState`), as the posting check keeps
 * it, so the first posting that crosses a level mails once. kari has the stock-level
 * notification on. Deterministic: it depends only on the balances and the location order.
 */
import { STOCK_LEVEL_MAX, stockLevelState } from '@portal/domain';
import { Bulk } from '../../db/bulk.js';
import { rows, sql, type Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';
import { demoUsers } from './demo-users.js';
import { products } from './reference.js';

/** Customers with levels besides the demo users' own: the first few of each country. */
const OTHER_CUSTOMERS_PER_COUNTRY = 2;
/** Products with levels per location: the ones it holds most of. */
const PRODUCTS_PER_LOCATION = 4;

/** Levels for a balance, in whole stacks: the pattern's kind decides where the balance stands. */
function levelsFor(held: number, stack: number, pattern: number): { lower: number | null; upper: number | null } {
  const stacks = (quantity: number) => Math.max(0, Math.round(quantity / stack)) * stack;
  const cap = (value: number) => Math.min(STOCK_LEVEL_MAX, value);
  switch (pattern % 4) {
    case 0: // within both levels
      return { lower: cap(stacks(held * 0.5)), upper: cap(stacks(held * 1.6) + stack) };
    case 1: // below the lower level: the location should order
      return { lower: cap(stacks(held * 1.3) + stack), upper: cap(stacks(held * 3) + 2 * stack) };
    case 2: // a lower level only, within it
      return { lower: cap(stacks(held * 0.4)), upper: null };
    default: // above the upper level: the location should send carriers back
      return { lower: cap(stacks(held * 0.2)), upper: cap(Math.max(0, stacks(held * 0.7) - stack)) };
  }
}

export async function seedStockLevels(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const demoCustomers = new Set(demoUsers.filter((u) => !u.isGlobalAdmin).map((u) => u.customerName));
  const others = world.customers
    .filter((c) => c !== world.provider && !demoCustomers.has(c.name) && c.statusId === 1)
    .filter((c, _, list) => list.filter((o) => o.countryId === c.countryId).indexOf(c) < OTHER_CUSTOMERS_PER_COUNTRY);
  const customers = [...world.customers.filter((c) => demoCustomers.has(c.name)), ...others];
  const locations = customers.flatMap((c) => c.locations.filter((l) => l.statusId === 1).map((l) => ({ location: l, customer: c })));

  const held = await rows<{ locationId: number; productId: number; quantity: number }>(
    tx,
    sql`SELECT location_id AS "locationId", product_id AS "productId", sum(quantity)::int AS quantity FROM balances
        WHERE balance_kind IN ('pooling', 'commission') AND location_id = ANY(${sql.param(locations.map((l) => l.location.id))}::int[])
        GROUP BY 1, 2 HAVING sum(quantity) > 0 ORDER BY 1, sum(quantity) DESC, 2`,
  );
  const levels = new Bulk('stock_levels', {
    location_id: 'int',
    product_id: 'int',
    lower_level: 'int',
    upper_level: 'int',
    state: 'text',
    updated_by_user_id: 'int',
    updated_at: 'timestamptz',
  });
  locations.forEach(({ location, customer }, index) => {
    const mine = held.filter((h) => Number(h.locationId) === location.id).slice(0, PRODUCTS_PER_LOCATION);
    mine.forEach((h, i) => {
      const product = products.find((p) => p.id === Number(h.productId));
      if (!product) return;
      const { lower, upper } = levelsFor(Number(h.quantity), product.qtyHeight, index + i);
      const day = addDays(ctx.today, -((index * 7 + i * 3) % 90) - 1);
      levels.add({
        location_id: location.id,
        product_id: product.id,
        lower_level: lower,
        upper_level: upper,
        state: stockLevelState(Number(h.quantity), lower, upper),
        updated_by_user_id: location.userIds[0] ?? customer.userIds[0] ?? null,
        updated_at: iso(at(day, 8 * 60 + ((index * 13 + i * 17) % 480))),
      });
    });
  });
  await levels.insert(tx);
  const kari = world.demo.kari;
  if (kari) await tx.execute(sql`UPDATE users SET notify_stock_level = true WHERE id = ${kari.userId}`);
}
