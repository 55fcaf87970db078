/**
 * The stock levels of some locations with the balance each is measured against: pooling plus
 * commission of the product at the location (the carriers it holds), read from the running
 * totals in `balances`. Shared by GET Inventory, GET/POST StockLevels and the posting check.
 */
import { type StockLevel, type StockLevelState, stockLevelState } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { atLocations } from './location-filter.js';

/** A stock level row with its balance and the state it is in now (`live`) and as stored (`state`). */
export interface LevelBalance {
  locationId: number;
  productId: number;
  lowerLevel: number | null;
  upperLevel: number | null;
  /** The state stored at the last check (the mail rule's memory). */
  state: StockLevelState;
  balance: number;
  /** Where the balance stands now. */
  live: StockLevelState;
  updatedAt: string | null;
  updatedByUserName: string | null;
}

/** SQL: pooling + commission of a location and product (columns or values) from the running totals. */
export const heldSql = (location: SQL, product: SQL) =>
  sql`COALESCE((SELECT sum(b.quantity) FROM balances b
      WHERE b.location_id = ${location} AND b.product_id = ${product} AND b.balance_kind IN ('pooling', 'commission')), 0)::int`;

/** Turns a row of the queries below into a LevelBalance. */
export function toLevelBalance(row: LevelBalance): LevelBalance {
  const lowerLevel = row.lowerLevel === null ? null : Number(row.lowerLevel);
  const upperLevel = row.upperLevel === null ? null : Number(row.upperLevel);
  const balance = Number(row.balance);
  return {
    ...row,
    locationId: Number(row.locationId),
    productId: Number(row.productId),
    lowerLevel,
    upperLevel,
    balance,
    live: stockLevelState(balance, lowerLevel, upperLevel),
    updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
  };
}

/** The columns the queries answer, for `toLevelBalance`. */
export const levelColumns = sql`s.location_id AS "locationId", s.product_id AS "productId", s.lower_level AS "lowerLevel",
  s.upper_level AS "upperLevel", s.state, ${heldSql(sql`s.location_id`, sql`s.product_id`)} AS balance,
  s.updated_at AS "updatedAt", u.name AS "updatedByUserName"`;

/** The stock levels of `locationIds` (null: every location), by location and product. */
export async function levelBalances(db: Tx, locationIds: readonly number[] | null): Promise<LevelBalance[]> {
  const list = await rows<LevelBalance>(
    db,
    sql`SELECT ${levelColumns} FROM stock_levels s LEFT JOIN users u ON u.id = s.updated_by_user_id
        WHERE ${atLocations(sql`s.location_id`, locationIds)} ORDER BY s.location_id, s.product_id`,
  );
  return list.map(toLevelBalance);
}

/** A LevelBalance as the API answers it, with the product's name. */
export function toStockLevel(level: LevelBalance, productName: string): StockLevel {
  return {
    locationId: level.locationId,
    productId: level.productId,
    productName,
    lowerLevel: level.lowerLevel,
    upperLevel: level.upperLevel,
    balance: level.balance,
    state: level.live,
    updatedAt: level.updatedAt,
    updatedByUserName: level.updatedByUserName,
  };
}
