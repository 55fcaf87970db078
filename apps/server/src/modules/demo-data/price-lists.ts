/**
 * Price lists of the demo (issue 8; docs/invoicing.md, "Price lists"): one list per country from
 * 1 January 2024, open-ended. Norway carries the pool fees of Norsk Lastbærer Pool's (NLP) 2024
 * price list; Sweden, Denmark and Finland the same figures converted at Norges Bank's 2024 annual
 * average exchange rates and rounded to the minor unit, so the pool charges the same everywhere.
 * Commission prices: the provider sells at the product's unit price and buys back at 80 % of it
 * (the demo's own figures, not a published list). Money in minor units.
 */
import type { Country } from '@portal/domain';
import { divideRounded } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { products } from './reference.js';

/** The first day of the seeded price lists. */
export const PRICE_LIST_FROM = '2024-01-01';

/** NLP 2024 pool fees in øre (NOK), by carrier size (docs/invoicing.md, "Price lists"). */
const nlp2024 = {
  receiverFee: 366,
  tripFee: 776,
  dayHire: { full: 19, half: 14, small: 10 },
  replacementValue: { full: 40_000, half: 20_000, small: 12_500 },
} as const;

/**
 * Day rent of a container (issue 11; docs/invoicing.md, "Price lists"): NOK 25.00 per container
 * and day held in a rental, the demo's own figure (not a published list), converted like the
 * pool fees. Container carrier types carry only this fee: no receiver or trip fee, day hire or
 * replacement value (they are rented, not pooled), so they give no other invoice line.
 */
export const CONTAINER_DAY_RENT_ORE = 2_500;

/** Free days of day hire that come with each carrier received (the demo's figure). */
export const FREE_DAYS = 10;

/**
 * Carrier size per carrier type code: full (1200 x 800 and larger), half (800 x 600), small
 * (third pallets, crates). Containers are rented, not pooled (issue 11): only a day rent.
 */
const sizeByCarrierCode: Record<string, keyof typeof nlp2024.dayHire | null> = {
  EUR: 'full',
  PLF: 'full',
  HALF: 'half',
  PLH: 'half',
  PLT: 'small',
  CRATE: 'small',
  CONT: null,
};

/**
 * Norges Bank's 2024 annual average rates as NOK per 10,000 units of the currency (EUR 11.629,
 * SEK 1.0171, DKK 1.5591 NOK), so the conversion stays in integers.
 */
const nokPer10k: Record<Country, number> = { NO: 10_000, SE: 10_171, DK: 15_591, FI: 116_290 };
const currencyOf: Record<Country, string> = { NO: 'NOK', SE: 'SEK', DK: 'DKK', FI: 'EUR' };

/** A NOK amount in minor units converted into `country`'s currency, rounded to its minor unit. */
function fromNok(country: Country, ore: number): number {
  return divideRounded(ore * 10_000, nokPer10k[country]);
}

/** Writes the four price lists with their commission prices and pool fees. */
export async function seedPriceLists(tx: Tx): Promise<void> {
  const carrierTypes = await rows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM carrier_types ORDER BY id`);
  for (const country of ['NO', 'SE', 'DK', 'FI'] as const) {
    const name = country === 'NO' ? 'NLP 2024' : `NLP 2024 (${currencyOf[country]})`;
    const source =
      country === 'NO'
        ? 'Norsk Lastbærer Pool, price list 2024 (receiver fee, trip fee, day hire, replacement value)'
        : `NLP 2024 converted at Norges Bank's 2024 annual average rate (${(nokPer10k[country] / 10_000).toFixed(4)} NOK per ${currencyOf[country]})`;
    const [list] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO price_lists (country_id, currency, valid_from, valid_to, name, source)
          VALUES (${country}, ${currencyOf[country]}, ${PRICE_LIST_FROM}, NULL, ${name}, ${source}) RETURNING id`,
    );
    const listId = Number(list?.id);
    for (const p of products) {
      const sell = fromNok(country, p.unitPrice);
      const buy = divideRounded(sell * 80, 100);
      await tx.execute(sql`INSERT INTO price_list_products (price_list_id, product_id, sell_price, buy_price)
        VALUES (${listId}, ${p.id}, ${sell}, ${buy})`);
    }
    for (const carrier of carrierTypes) {
      const size = sizeByCarrierCode[carrier.code];
      if (carrier.code === 'CONT') {
        await tx.execute(sql`INSERT INTO price_list_fees (price_list_id, carrier_type_id, receiver_fee, trip_fee, day_hire, free_days, replacement_value, day_rent)
          VALUES (${listId}, ${Number(carrier.id)}, 0, 0, 0, 0, 0, ${fromNok(country, CONTAINER_DAY_RENT_ORE)})`);
        continue;
      }
      if (!size) continue;
      await tx.execute(sql`INSERT INTO price_list_fees (price_list_id, carrier_type_id, receiver_fee, trip_fee, day_hire, free_days, replacement_value)
        VALUES (${listId}, ${Number(carrier.id)}, ${fromNok(country, nlp2024.receiverFee)}, ${fromNok(country, nlp2024.tripFee)},
          ${fromNok(country, nlp2024.dayHire[size])}, ${FREE_DAYS}, ${fromNok(country, nlp2024.replacementValue[size])})`);
    }
  }
}
