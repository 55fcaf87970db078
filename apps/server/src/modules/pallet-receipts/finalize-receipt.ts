/**
 * Posting a pallet receipt (issue 11; docs/pallet-receipts.md, "Posting"; docs/domain.md,
 * "Balances"): a receipt posts to the ledger exactly once, when it becomes final, in the
 * transaction that makes it final.
 */
import { balanceKindFor, type Country, type PalletReceiptFinalReason, todayIn } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { postEntries } from '../balance/post-entries.js';

/** How the receipt became final, and who confirmed it (the QR link's answer, or a user of the counterparty in the portal). */
export interface FinalizeOptions {
  /** The name given with a confirmation by QR link, or the confirming user's name. */
  confirmedByName?: string;
  /** The user of the counterparty who confirmed in the portal (issue 20). */
  confirmedByUserId?: number;
  /** The moment it became final (default: now; the demo seed dates its own). */
  at?: Date;
}

interface Posting {
  id: number;
  locationId: number;
  counterpartyLocationId: number | null;
  countryId: Country;
  isPooling: boolean;
  typeId: string;
  cpPooling: boolean | null;
  cpType: string | null;
}

/** Where a receipt posts: its location (+), its counterparty location (-, none for an external one), the one balance kind, and the location's country (the booking day's). */
export interface PostingSides {
  locationId: number;
  counterpartyId: number | null;
  kind: string;
  countryId: Country;
}

/** The columns of `Posting` from `r` (the receipt) and `l` (its location). */
const postingColumns = sql`r.id, r.location_id AS "locationId", r.counterparty_location_id AS "counterpartyLocationId",
  l.country_id AS "countryId", l.is_pooling AS "isPooling", l.type_id AS "typeId",
  (SELECT is_pooling FROM locations WHERE id = r.counterparty_location_id) AS "cpPooling",
  (SELECT type_id FROM locations WHERE id = r.counterparty_location_id) AS "cpType"`;

/**
 * The sides of a receipt (see `finalizeReceipt`): one balance kind for both, `balanceKindFor`
 * with the counterparty as the sender (pooling when both take part in the pool); commission
 * with an external counterparty, which has no ledger.
 */
function sidesOf(receipt: Posting): PostingSides {
  const counterpartyId = receipt.counterpartyLocationId === null ? null : Number(receipt.counterpartyLocationId);
  return {
    locationId: Number(receipt.locationId),
    counterpartyId,
    countryId: receipt.countryId,
    kind:
      counterpartyId === null
        ? 'commission'
        : balanceKindFor(
            { isPooling: !!receipt.cpPooling, typeId: receipt.cpType ?? '' },
            { isPooling: receipt.isPooling, typeId: receipt.typeId },
          ),
  };
}

/** The posting sides of receipt `id` (a correction posts to the same sides and kind as the receipt did). */
export async function postingSides(tx: Tx, id: number): Promise<PostingSides | null> {
  const [row] = await rows<Posting>(
    tx,
    sql`SELECT ${postingColumns} FROM pallet_receipts r JOIN locations l ON l.id = r.location_id WHERE r.id = ${id}`,
  );
  return row ? sidesOf(row) : null;
}

/** SQL: the sides as `VALUES (location_id, sign)`, for `CROSS JOIN ... AS s(location_id, sign)`. */
export function sideValues(sides: PostingSides): SQL {
  return sides.counterpartyId === null
    ? sql`(VALUES (${sides.locationId}::int, 1))`
    : sql`(VALUES (${sides.locationId}::int, 1), (${sides.counterpartyId}::int, -1))`;
}

/**
 * Makes receipt `id` final for `reason` and posts it, inside `tx`, exactly once: the status
 * moves by a conditional update (`WHERE status IN ('open', 'disputed') AND posted_at IS NULL
 * AND NOT inventory RETURNING`), so of two callers racing only one gets the row back and posts;
 * the other gets false and posts nothing. Per product the net = delivered - returned (carriers):
 * plus at the receipt's location, minus at the counterparty location, one balance kind for both
 * (`balanceKindFor`, the counterparty as the sender: pooling when both take part in the pool);
 * an external counterparty has no ledger, so only the location posts, as commission (like an
 * order with an external party; docs/domain.md "Balances"). Source `receipt`,
 * `pallet_receipt_id` set, booking date the day it becomes final in the location's country (as an
 * order books on the day it is received: a later booking never moves a balance before a confirmed
 * count, docs/domain.md "Count audits"). Lines that
 * net 0 post nothing. The running `balances` and stock levels move with the entries (`postEntries`).
 * @returns true when this call made it final and posted; false when it was not open or disputed
 */
export async function finalizeReceipt(
  tx: Tx,
  id: number,
  reason: PalletReceiptFinalReason,
  options: FinalizeOptions = {},
): Promise<boolean> {
  const confirmed = reason === 'confirmed';
  const byUser = options.confirmedByUserId ?? null;
  const at = options.at ?? null;
  const [receipt] = await rows<Posting>(
    tx,
    sql`UPDATE pallet_receipts r SET status = 'final', final_reason = ${reason},
          posted_at = COALESCE(${at?.toISOString() ?? null}::timestamptz, clock_timestamp()),
          confirmed_at = CASE WHEN ${confirmed} THEN clock_timestamp() ELSE r.confirmed_at END,
          confirmed_by_name = CASE WHEN ${confirmed} THEN ${options.confirmedByName ?? null} ELSE r.confirmed_by_name END,
          confirmed_by_user_id = CASE WHEN ${confirmed} THEN ${byUser}::int ELSE r.confirmed_by_user_id END
        FROM locations l
        WHERE r.id = ${id} AND l.id = r.location_id AND r.status IN ('open', 'disputed') AND r.posted_at IS NULL AND NOT r.inventory
        RETURNING ${postingColumns}`,
  );
  if (!receipt) return false;
  const sides = sidesOf(receipt);
  const day = todayIn(receipt.countryId, at ?? new Date());
  await postEntries(
    tx,
    sql`INSERT INTO ledger_entries (pallet_receipt_id, product_id, location_id, balance_kind, quantity, source, booking_date)
    SELECT ${receipt.id}, rl.product_id, s.location_id, ${sides.kind}, s.sign * (rl.delivered - rl.returned), 'receipt', ${day}::date
    FROM pallet_receipt_lines rl CROSS JOIN ${sideValues(sides)} AS s(location_id, sign)
    WHERE rl.receipt_id = ${receipt.id} AND rl.delivered <> rl.returned`,
  );
  return true;
}
