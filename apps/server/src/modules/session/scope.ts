/**
 * Who sees what (domain.md, "Who sees what"): the locations whose data a caller may see,
 * by the acting user's report level. Anything outside answers 404.
 */
import { ReportLevel } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** What a scope is computed from: a user's report level, seen from a customer and a location. */
export interface ScopeFacts {
  userId: number;
  isGlobalAdmin: boolean;
  /** Provider staff (plugins/auth.ts `isProvider`): at the Global report level they see everything. */
  isProvider: boolean;
  reportLevel: number;
  /** The customer the scope is seen from (the acting one for a caller). */
  customerId: number;
  /** A location added at the Location level (the acting one for a caller), or null. */
  locationId: number | null;
}

/**
 * The ids of the locations in the caller's scope, or `null` for everything (global admins
 * and the Global report level). Location level: the user's primary and secondary locations
 * and the acting location; Customer: every location of the acting customer; Chain: every
 * location of the customer's corporate group; CustomerType: every customer of the same type.
 */
export async function scopeLocationIds(db: Tx, auth: AuthContext): Promise<number[] | null> {
  return scopeOf(db, {
    userId: auth.user.id,
    isGlobalAdmin: auth.user.isGlobalAdmin,
    isProvider: auth.isProvider,
    reportLevel: auth.user.reportLevel,
    customerId: auth.customerId,
    locationId: auth.locationId,
  });
}

/** The scope of `scopeLocationIds` from explicit facts (a user's own scope: modules/session/rights-within.ts). */
export async function scopeOf(db: Tx, facts: ScopeFacts): Promise<number[] | null> {
  if (facts.isGlobalAdmin || (facts.isProvider && facts.reportLevel >= ReportLevel.Global)) return null;
  let result: { id: number }[];
  switch (facts.reportLevel) {
    case ReportLevel.Global:
    case ReportLevel.CustomerType:
      result = await rows(
        db,
        sql`SELECT l.id FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE c.customer_type = (SELECT customer_type FROM customers WHERE id = ${facts.customerId})`,
      );
      break;
    case ReportLevel.Chain:
      result = await rows(
        db,
        sql`SELECT l.id FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE COALESCE(c.customer_id_corporate, c.id) =
          (SELECT COALESCE(customer_id_corporate, id) FROM customers WHERE id = ${facts.customerId})`,
      );
      break;
    case ReportLevel.Customer:
      result = await rows(db, sql`SELECT id FROM locations WHERE customer_id = ${facts.customerId}`);
      break;
    default:
      result = await rows(
        db,
        sql`SELECT location_id AS id FROM user_locations WHERE user_id = ${facts.userId}
        UNION SELECT ${facts.locationId ?? 0}::int AS id`,
      );
  }
  return result.map((r) => Number(r.id)).filter((id) => id > 0);
}

/** Whether a location is in the caller's scope. */
export function inScope(scope: number[] | null, locationId: number | null | undefined): boolean {
  return scope === null || (locationId != null && scope.includes(locationId));
}

/** Throws NOT_FOUND unless the location is in scope (never reveal another customer's data). */
export async function assertLocationInScope(db: Tx, auth: AuthContext, locationId: number): Promise<void> {
  if (!inScope(await scopeLocationIds(db, auth), locationId)) throw notFound();
}
