/**
 * Who may see and act on disputes (issue 22; docs/disputes.md, "Access"). Every call needs
 * `canUseDisputes` of @portal/domain (the REPORTS task at the acting location, or a global admin;
 * 403 otherwise). A dispute is seen by users whose scope (docs/domain.md, "Scope") holds its
 * opener's or its counterparty's location; anything else answers 404, as if it did not exist.
 * Who speaks for a side (as pallet receipts' `callerSides`): a user of the side location's own
 * customer whose scope holds it, or provider staff for a provider depot. Provider support users
 * and global admins decide rejected disputes.
 */
import { AppErrorCode, type Country, canUseDisputes, type DisputeStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { menuContext } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';

/** A refusal of a step the dispute's state does not allow (409, `disputes.reasons.<reason>`). */
export const refuse = (reason: string) => new AppError(AppErrorCode.DISPUTE, { reasonKey: `disputes.reasons.${reason}` });

/** Throws FORBIDDEN unless the acting user may use disputes at the acting location (see the file comment). */
export async function requireDisputes(db: Tx, auth: AuthContext): Promise<void> {
  if (!canUseDisputes(await menuContext(db, auth))) throw forbidden();
}

/** Whether the caller decides rejected disputes: provider support users and global admins. */
export const isDecider = (auth: AuthContext) => auth.user.isGlobalAdmin || (auth.isProvider && auth.user.isSupport);

/** A condition that dispute `d` is visible to a caller with `scope` (null: every dispute). */
export function visibleCondition(scope: number[] | null): SQL {
  if (scope === null) return sql`TRUE`;
  if (scope.length === 0) return sql`FALSE`;
  const ids = sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(d.opener_location_id IN (${ids}) OR d.counterparty_location_id IN (${ids}))`;
}

/** A party's location, its customer and whether that is the provider (a depot). */
export interface PartyFacts {
  locationId: number;
  customerId: number;
  isProvider: boolean;
  countryId: Country;
}

/** Whether the caller speaks for the party (see the file comment). */
export function speaksFor(auth: AuthContext, scope: number[] | null, party: PartyFacts): boolean {
  return party.isProvider ? auth.isProvider : auth.user.customerId === party.customerId && inScope(scope, party.locationId);
}

/** What the use cases need of a dispute to decide on it. */
export interface DisputeHead {
  id: number;
  status: DisputeStatus;
  waitingOn: 'counterparty' | 'opener' | 'provider' | null;
  answerDue: string | null;
  version: number;
  opener: PartyFacts;
  counterparty: PartyFacts;
}

/** The columns of `DisputeHead` from `d`, `ol`/`oc` (opener location, customer) and `cl`/`cc` (counterparty). */
export const headSql = sql`SELECT d.id, d.status, d.waiting_on AS "waitingOn", d.answer_due::text AS "answerDue", d.version,
    json_build_object('locationId', ol.id, 'customerId', ol.customer_id, 'isProvider', oc.is_provider, 'countryId', ol.country_id) AS opener,
    json_build_object('locationId', cl.id, 'customerId', cl.customer_id, 'isProvider', cc.is_provider, 'countryId', cl.country_id) AS counterparty
  FROM disputes d JOIN locations ol ON ol.id = d.opener_location_id JOIN customers oc ON oc.id = ol.customer_id
  JOIN locations cl ON cl.id = d.counterparty_location_id JOIN customers cc ON cc.id = cl.customer_id`;

function party(value: unknown): PartyFacts {
  const p = (typeof value === 'string' ? JSON.parse(value) : value) as PartyFacts;
  return { ...p, locationId: Number(p.locationId), customerId: Number(p.customerId), isProvider: !!p.isProvider };
}

/** The head of dispute `id` without an access check (the job), or null. */
export async function disputeHead(db: Tx, where: SQL): Promise<DisputeHead | null> {
  const [row] = await rows<DisputeHead>(db, sql`${headSql} WHERE ${where}`);
  if (!row) return null;
  return { ...row, id: Number(row.id), version: Number(row.version), opener: party(row.opener), counterparty: party(row.counterparty) };
}

/** Which side of `head` the caller speaks for: the opener's first, else the counterparty's, else null. */
export function callerSide(auth: AuthContext, scope: number[] | null, head: DisputeHead): 'opener' | 'counterparty' | null {
  if (speaksFor(auth, scope, head.opener)) return 'opener';
  if (speaksFor(auth, scope, head.counterparty)) return 'counterparty';
  return null;
}

/**
 * Dispute `id` if the caller may see it (menu rule, then scope), with the caller's scope.
 * @throws FORBIDDEN without the menu's right; NOT_FOUND when missing or outside the caller's scope
 */
export async function visibleDispute(db: Tx, auth: AuthContext, id: number): Promise<DisputeHead & { scope: number[] | null }> {
  await requireDisputes(db, auth);
  const scope = await scopeLocationIds(db, auth);
  const head = await disputeHead(db, sql`d.id = ${id} AND ${visibleCondition(scope)}`);
  if (!head) throw notFound();
  return { ...head, scope };
}
