/**
 * GET DisputeMovement (issue 22; docs/disputes.md, "API"): what a dispute of a movement would
 * start from, for the dialog that opens one from wherever the movement is shown (an order, a
 * receipt, a rental, the balance history): its parties, booking day, last day to dispute it and
 * per product the carriers in force now. The same checks as opening it, so a refusal shows
 * before anything is typed.
 */
import { type DisputeMovement, type DisputeMovementQuery, disputeSourceOf, type Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { requireDisputes } from './access.js';
import { quantitiesInForce } from './movement.js';
import { movementForCaller } from './open-dispute.js';

/**
 * The movement `query` names as the caller may dispute it, product names in `locale`.
 * Errors: FORBIDDEN without the menu's right or when the caller speaks for neither party;
 * NOT_FOUND when missing or neither party is in scope; DISPUTE (409) when it cannot be disputed
 * (`notBooked`, `noCounterparty`, `sameParty`).
 */
export async function getDisputeMovement(db: Db, auth: AuthContext, query: DisputeMovementQuery, locale: Locale): Promise<DisputeMovement> {
  await requireDisputes(db, auth);
  const source = disputeSourceOf(query);
  const { movement, lastDay } = await movementForCaller(db, auth, source);
  const inForce = await quantitiesInForce(db, movement);
  const ids = [movement.from.locationId, movement.to.locationId];
  const parties = await rows<{ locationId: number; name: string; customerName: string }>(
    db,
    sql`SELECT l.id AS "locationId", l.name, c.name AS "customerName" FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE l.id IN (${ids[0]}, ${ids[1]})`,
  );
  const party = (id: number) => {
    const found = parties.find((p) => Number(p.locationId) === id);
    return { locationId: id, name: found?.name ?? '', customerName: found?.customerName ?? '' };
  };
  const names = await productNamesById(db, locale, [...inForce.keys()]);
  return {
    sourceKind: source.kind,
    id: source.id,
    bookingDate: movement.bookingDate,
    from: party(movement.from.locationId),
    to: party(movement.to.locationId),
    oneSided: movement.oneSided,
    windowEnd: lastDay,
    lines: [...inForce.entries()]
      .map(([productId, quantity]) => ({ productId, productName: names.get(productId) ?? String(productId), quantity }))
      .sort((a, b) => a.productName.localeCompare(b.productName, locale)),
  };
}
