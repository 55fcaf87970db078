/**
 * Price lists (issue 8; docs/invoicing.md): the prices in force for a country on a day. One
 * lookup for every use case that prices carriers: the balance's credit / owes, the reports'
 * amounts, the invoicing job. Money in minor units of the list's currency, excl. VAT.
 */
import { freeDaysWindowStart } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';

/** Fees of one carrier type (minor units per carrier; day hire per carrier and day after `freeDays`). */
export interface CarrierFees {
  receiverFee: number;
  tripFee: number;
  dayHire: number;
  freeDays: number;
  replacementValue: number;
  /** Day rent per container and day held in a rental (issue 11; container carrier types, else 0). */
  dayRent: number;
}

/** The price list in force: its commission prices per product and fees per carrier type. */
export interface PriceList {
  id: number;
  countryId: string;
  currency: string;
  validFrom: string;
  validTo: string | null;
  /** Commission unit prices per product id: `sell` the provider's selling price, `buy` its buying price. */
  products: Map<number, { sell: number; buy: number }>;
  /** Fees per carrier type id. */
  fees: Map<number, CarrierFees>;
}

/**
 * The price list of `countryId` in force on `day` (yyyy-MM-dd): the one with the latest
 * `valid_from` on or before the day whose `valid_to` is null or on or after it; `null` when the
 * country has none for that day.
 */
export async function priceListFor(db: Tx, countryId: string, day: string): Promise<PriceList | null> {
  const [list] = await rows<{ id: number; countryId: string; currency: string; validFrom: string; validTo: string | null }>(
    db,
    sql`SELECT id, country_id AS "countryId", currency, valid_from::text AS "validFrom", valid_to::text AS "validTo"
        FROM price_lists
        WHERE country_id = ${countryId} AND valid_from <= ${day}::date AND (valid_to IS NULL OR valid_to >= ${day}::date)
        ORDER BY valid_from DESC LIMIT 1`,
  );
  if (!list) return null;
  const [products, fees] = await Promise.all([
    rows<{ productId: number; sell: number; buy: number }>(
      db,
      sql`SELECT product_id AS "productId", sell_price AS sell, buy_price AS buy FROM price_list_products WHERE price_list_id = ${list.id}`,
    ),
    rows<{ carrierTypeId: number } & CarrierFees>(
      db,
      sql`SELECT carrier_type_id AS "carrierTypeId", receiver_fee AS "receiverFee", trip_fee AS "tripFee", day_hire AS "dayHire",
            free_days AS "freeDays", replacement_value AS "replacementValue", day_rent AS "dayRent"
          FROM price_list_fees WHERE price_list_id = ${list.id}`,
    ),
  ]);
  return {
    ...list,
    id: Number(list.id),
    products: new Map(products.map((p) => [Number(p.productId), { sell: Number(p.sell), buy: Number(p.buy) }])),
    fees: new Map(
      fees.map((f) => [
        Number(f.carrierTypeId),
        {
          receiverFee: Number(f.receiverFee),
          tripFee: Number(f.tripFee),
          dayHire: Number(f.dayHire),
          freeDays: Number(f.freeDays),
          replacementValue: Number(f.replacementValue),
          dayRent: Number(f.dayRent),
        },
      ]),
    ),
  };
}

/**
 * The first day whose receipts may still be within their free days on `from` under any price
 * list (`freeDaysWindowStart` with the longest `free_days` of all lists): where day hire starts
 * reading the ledger (yyyy-MM-dd).
 */
export async function dayHireWindowStart(db: Tx, from: string): Promise<string> {
  const [longest] = await rows<{ days: number }>(db, sql`SELECT COALESCE(max(free_days), 0)::int AS days FROM price_list_fees`);
  return freeDaysWindowStart(from, Number(longest?.days ?? 0));
}
