/**
 * The rule that decides an order's parties (issue 7; spec section 5, "Location picker";
 * docs/domain.md, "Order parties"), in one place for POST Orders, POST ScheduledOrders, the
 * Excel import and the order dialog's location picker (GET locations):
 *
 * | kind         | customer side (in the caller's scope) | other party                                                          |
 * | ------------ | ------------------------------------- | -------------------------------------------------------------------- |
 * | 1 purchase   | the receiver (to)                     | from: a provider depot (NLP); default the country's depot           |
 * | 2 sale       | the sender (from)                     | to: a provider depot (NLP); default the country's depot             |
 * | 3 delivery   | the sender (from)                     | to: a customer location that is not a depot, and for a returns-scheme |
 * |              |                                       | sender also a sorting depot; or one of its customer's external ones  |
 *
 * The other party is also active (statusId 1), of an active customer and a switchable type,
 * and never the customer side itself. The customer side is active and its menu offers the kind
 * (`requireArea`: a returns-scheme location places no purchases or sales).
 */
import { AppErrorCode, areaByTransactionType, locationTypes } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope } from '../session/scope.js';

/** A location as an order's party: what placing the order copies onto it. */
export interface PartyRow {
  id: number;
  customerId: number;
  statusId: number;
  typeId: string;
  customerGroup: string;
  countryId: string;
  currency: string;
  isPooling: boolean;
  isReturnScheme: boolean;
  autoCommit: boolean;
  receptionDays: number;
  returnDays: number;
  isSortingDepot: boolean;
}

const partyColumns = sql`l.id, l.customer_id AS "customerId", l.status_id AS "statusId", l.type_id AS "typeId",
  l.customer_group AS "customerGroup", l.country_id AS "countryId", co.currency, l.is_pooling AS "isPooling",
  l.is_return_scheme AS "isReturnScheme", l.auto_commit AS "autoCommit", l.reception_days AS "receptionDays",
  l.return_days AS "returnDays", l.is_sorting_depot AS "isSortingDepot"`;

/** One location as a party, or null. */
export async function party(tx: Tx, id: number): Promise<PartyRow | null> {
  const [row] = await rows<PartyRow>(
    tx,
    sql`SELECT ${partyColumns} FROM locations l JOIN countries co ON co.id = l.country_id WHERE l.id = ${id}`,
  );
  return row ? { ...row, id: Number(row.id), customerId: Number(row.customerId) } : null;
}

/** The parties with these location ids, by id (an unknown id is left out). One statement. */
export async function partiesById(tx: Tx, ids: readonly number[]): Promise<Map<number, PartyRow>> {
  const found = await rows<PartyRow>(
    tx,
    sql`SELECT ${partyColumns} FROM locations l JOIN countries co ON co.id = l.country_id
        WHERE l.id = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  );
  return new Map(found.map((row) => [Number(row.id), { ...row, id: Number(row.id), customerId: Number(row.customerId) }]));
}

/** The provider depot that serves a location: its country's default depot (else another active one). */
export async function depotFor(tx: Tx, countryId: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`SELECT l.id FROM locations l WHERE l.type_id = 'NLP' AND l.status_id = 1
    ORDER BY (l.country_id = ${countryId}) DESC, l.is_default DESC, l.id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/** The other-party rule as SQL on a location `l` joined to its customer `c`, in two parts. */
export interface OtherPartyCondition {
  /** Active, of an active customer and a switchable type, not the customer side itself. */
  base: SQL;
  /** Of the kind the order type takes (TRUE when no type is given or `all` lifts the rule). */
  kind: SQL;
}

/**
 * The other-party rule of the file comment for orders of `transactionTypeId` placed by the
 * customer side `ownLocationId` (the acting location in the location picker). `all` lifts the
 * kind rule (GET locations?all=true lists any active location).
 */
export async function otherPartyCondition(
  db: Tx,
  q: { transactionTypeId?: number; all?: boolean; ownLocationId: number | null },
): Promise<OtherPartyCondition> {
  let kind = sql`TRUE`;
  if (!q.all && (q.transactionTypeId === 1 || q.transactionTypeId === 2)) kind = sql`l.type_id = 'NLP'`;
  if (!q.all && q.transactionTypeId === 3) {
    const [own] = await rows<{ returns: boolean }>(
      db,
      sql`SELECT is_return_scheme AS returns FROM locations WHERE id = ${q.ownLocationId ?? 0}`,
    );
    kind = own?.returns ? sql`(l.type_id <> 'NLP' OR l.is_sorting_depot)` : sql`l.type_id <> 'NLP'`;
  }
  const base = sql`l.status_id = 1 AND c.status_id = 1 AND l.id <> ${q.ownLocationId ?? 0}
    AND l.type_id IN (${sql.join(
      locationTypes.map((t) => sql`${t}`),
      sql`, `,
    )})`;
  return { base, kind };
}

/** The field message of an other party of the wrong kind. */
function kindMessage(type: 1 | 2 | 3, own: PartyRow): string {
  if (type !== 3) return 'validation.partyDepot';
  return own.isReturnScheme ? 'validation.partyDeliveryReturns' : 'validation.partyDelivery';
}

/** An order's parties as decided by `orderParties`. */
export interface OrderParties {
  /** The customer side: the receiver of a purchase, the sender of a sale or delivery. */
  own: PartyRow;
  from: PartyRow;
  /** Null for a delivery to an external location. */
  to: PartyRow | null;
  externalLocationIdTo: number | null;
}

/**
 * Decides and checks the parties of an order (see the file comment) from what a request
 * names; what it leaves out defaults to the acting location (customer side) and the country's
 * depot (other side of a purchase or sale). Reads only.
 * @param scope the caller's location scope (`scopeLocationIds`)
 * @throws NOT_FOUND when the customer side is missing or outside the scope; FORBIDDEN when the
 *   acting location's or the customer side's menu does not offer the kind; VALIDATION (400)
 *   with the field (`locationIdFrom`, `locationIdTo`, `externalLocationIdTo`) and a translated
 *   message for an other party the rule refuses
 */
export async function orderParties(
  tx: Tx,
  auth: AuthContext,
  scope: number[] | null,
  input: { transactionTypeId: 1 | 2 | 3; locationIdFrom?: number; locationIdTo?: number; externalLocationIdTo?: number },
): Promise<OrderParties> {
  const type = input.transactionTypeId;
  const ownField = type === 1 ? 'locationIdTo' : 'locationIdFrom';
  const otherField = type === 1 ? 'locationIdFrom' : 'locationIdTo';
  const ownId = (type === 1 ? input.locationIdTo : input.locationIdFrom) ?? auth.locationId;
  if (!ownId || !inScope(scope, ownId)) throw notFound();
  const own = await party(tx, ownId);
  if (!own) throw notFound();
  await requireArea(tx, auth, areaByTransactionType[type], own.id);
  const invalid = (field: string, key = 'validation.invalid') => new AppError(AppErrorCode.VALIDATION, {}, { [field]: key });
  if (own.statusId !== 1) throw invalid(ownField);

  if (input.externalLocationIdTo) {
    if (type !== 3) throw invalid('externalLocationIdTo', 'validation.externalDeliveryOnly');
    if (input.locationIdTo) throw invalid('locationIdTo');
    const [external] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM external_locations WHERE id = ${input.externalLocationIdTo} AND active AND customer_id = ${own.customerId}`,
    );
    if (!external) throw invalid('externalLocationIdTo');
    return { own, from: own, to: null, externalLocationIdTo: input.externalLocationIdTo };
  }

  const named = type === 1 ? input.locationIdFrom : input.locationIdTo;
  const otherId = named ?? (type === 3 ? null : await depotFor(tx, own.countryId));
  if (!otherId) throw invalid(otherField, 'validation.required');
  const condition = await otherPartyCondition(tx, { transactionTypeId: type, ownLocationId: own.id });
  const [checked] = await rows<{ base: boolean; kind: boolean }>(
    tx,
    sql`SELECT (${condition.base}) AS base, (${condition.kind}) AS kind
        FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${otherId}`,
  );
  if (!checked?.base) throw invalid(otherField);
  if (!checked.kind) throw invalid(otherField, kindMessage(type, own));
  const other = (await party(tx, otherId)) as PartyRow;
  return type === 1 ? { own, from: other, to: own, externalLocationIdTo: null } : { own, from: own, to: other, externalLocationIdTo: null };
}

/** The location to alert: the side of the order that is not the caller's acting location. */
export function otherSide(auth: AuthContext, fromId: number, toId: number | null): number | null {
  return auth.locationId === fromId ? toId : fromId;
}
