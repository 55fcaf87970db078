/**
 * The counterparties a location trades with (issue 20; docs/pallet-receipts.md, "Trading
 * partners"): from what the portal knows of the two, within the last
 * PALLET_RECEIPT_TRADING_MONTHS months (counted as 365 days, the location's country's date):
 * - every location of the location's own customer;
 * - a location with an order to or from this one (any status but draft, cancelled and replaced)
 *   whose send date lies in that time;
 * - a location with a final receipt with this one (either side) posted in that time.
 * Naming another counterparty is allowed, but the receipt then waits for provider staff's
 * approval. The external locations of the location's customer are always its own.
 */
import { addPlainDays, type Country, PALLET_RECEIPT_TRADING_MONTHS, todayIn } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** The first day of the trading window of a location in `country` (today - 365 days per 12 months). */
export function tradingSince(country: Country, now = new Date()): string {
  return addPlainDays(todayIn(country, now), -Math.round((PALLET_RECEIPT_TRADING_MONTHS * 365) / 12));
}

/**
 * SQL: the ids of the locations `locationId` trades with since `since` (yyyy-MM-dd), itself
 * included (see the file comment). Each part is an index range read (orders by side and send
 * date, receipts by side).
 */
export function tradingPartnerIds(locationId: number, since: string): SQL {
  return sql`(SELECT id FROM locations WHERE customer_id = (SELECT customer_id FROM locations WHERE id = ${locationId})
    UNION SELECT location_id_to FROM orders WHERE location_id_from = ${locationId} AND date_send >= ${since}::date
      AND location_id_to IS NOT NULL AND transaction_status_id NOT IN (0, 7, 8)
    UNION SELECT location_id_from FROM orders WHERE location_id_to = ${locationId} AND date_send >= ${since}::date
      AND transaction_status_id NOT IN (0, 7, 8)
    UNION SELECT counterparty_location_id FROM pallet_receipts WHERE location_id = ${locationId} AND status = 'final'
      AND counterparty_location_id IS NOT NULL AND posted_at >= ${since}::date
    UNION SELECT location_id FROM pallet_receipts WHERE counterparty_location_id = ${locationId} AND status = 'final'
      AND posted_at >= ${since}::date)`;
}

/** Whether `locationId` (in `country`) trades with the portal location `counterpartyId`. */
export async function isTradingPartner(tx: Tx, locationId: number, country: Country, counterpartyId: number): Promise<boolean> {
  const [row] = await rows<{ trading: boolean }>(
    tx,
    sql`SELECT ${counterpartyId}::int IN ${tradingPartnerIds(locationId, tradingSince(country))} AS trading`,
  );
  return !!row?.trading;
}
