/**
 * GET Disputes (issue 22; docs/disputes.md, "Lists"): the disputes of the caller's scope, in
 * one of four lists: `open` (open or waiting for the provider), `waitingForMe` (open and waiting
 * for a side the caller speaks for; for provider deciders also the rejected ones), `waitingForThem`
 * (not ended and waiting for another side or the provider), `decided` (ended: accepted, decided,
 * withdrawn). Newest first, at most 500.
 */
import { type DisputeSummary, type DisputesQuery, plainDayNumber, todayIn } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { scopeLocationIds } from '../session/scope.js';
import { type DisputeHead, isDecider, requireDisputes, speaksFor, visibleCondition } from './access.js';

/** The most rows a list answers. */
export const DISPUTES_LIST_MAX = 500;

/** The summary columns from `d` and the joins of `headSql`. */
export const summarySql = sql`, d.source_kind AS "sourceKind", d.order_id AS "orderId", d.pallet_receipt_id AS "palletReceiptId",
    d.rental_id AS "rentalId", d.ledger_entry_id AS "ledgerEntryId",
    d.booking_date::text AS "bookingDate", d.problem, d.from_location_id AS "fromLocationId", d.to_location_id AS "toLocationId",
    d.opened_at AS "openedAt", ol.name AS "openerName", oc.name AS "openerCustomer", cl.name AS "counterpartyName",
    cc.name AS "counterpartyCustomer", d.comment, d.decision_comment AS "decisionComment", d.posted_at AS "postedAt"`;

/** A row of `headSql` with `summarySql`. */
export type SummaryRow = Omit<DisputeHead, 'opener' | 'counterparty'> & {
  opener: unknown;
  counterparty: unknown;
  sourceKind: DisputeSummary['sourceKind'];
  orderId: number | null;
  palletReceiptId: number | null;
  rentalId: number | null;
  ledgerEntryId: number | null;
  bookingDate: string;
  problem: DisputeSummary['problem'];
  fromLocationId: number;
  toLocationId: number;
  openedAt: string;
  openerName: string;
  openerCustomer: string;
  counterpartyName: string;
  counterpartyCustomer: string;
  comment: string;
  decisionComment: string | null;
  postedAt: string | null;
};

/** Whether the caller's move is due on the dispute: its waited-for side is one it speaks for, or a rejected one for a decider. */
export function isWaitingForMe(auth: AuthContext, scope: number[] | null, head: DisputeHead): boolean {
  if (head.status === 'rejected') return isDecider(auth);
  if (head.status !== 'open' || !head.waitingOn || head.waitingOn === 'provider') return false;
  return speaksFor(auth, scope, head.waitingOn === 'opener' ? head.opener : head.counterparty);
}

/** The answer's row of `row` for the caller. */
export function toSummary(auth: AuthContext, scope: number[] | null, head: DisputeHead, row: SummaryRow, now: Date): DisputeSummary {
  const daysLeft =
    head.answerDue && head.status === 'open' ? plainDayNumber(head.answerDue) - plainDayNumber(todayIn(head.opener.countryId, now)) : null;
  return {
    id: head.id,
    version: head.version,
    sourceKind: row.sourceKind,
    orderId: row.orderId === null ? null : Number(row.orderId),
    palletReceiptId: row.palletReceiptId === null ? null : Number(row.palletReceiptId),
    rentalId: row.rentalId === null ? null : Number(row.rentalId),
    ledgerEntryId: row.ledgerEntryId === null ? null : Number(row.ledgerEntryId),
    bookingDate: row.bookingDate,
    problem: row.problem,
    status: head.status,
    waitingOn: head.waitingOn,
    answerDue: head.status === 'open' ? head.answerDue : null,
    daysLeft,
    opener: { locationId: head.opener.locationId, name: row.openerName, customerName: row.openerCustomer },
    counterparty: { locationId: head.counterparty.locationId, name: row.counterpartyName, customerName: row.counterpartyCustomer },
    fromLocationId: Number(row.fromLocationId),
    toLocationId: Number(row.toLocationId),
    openedAt: isoInstant(row.openedAt) ?? '',
    waitingForMe: isWaitingForMe(auth, scope, head),
  };
}

/** Reads the rows of `headSql` + `summarySql` under `where`, newest first. */
export async function summaryRows(db: Tx, where: SQL): Promise<{ head: DisputeHead; row: SummaryRow }[]> {
  const list = await rows<SummaryRow>(db, sql`${headSelectWithSummary()} WHERE ${where} ORDER BY d.id DESC LIMIT ${DISPUTES_LIST_MAX}`);
  const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return list.map((row) => {
    const party = (value: unknown) => {
      const p = json<DisputeHead['opener']>(value);
      return { ...p, locationId: Number(p.locationId), customerId: Number(p.customerId), isProvider: !!p.isProvider };
    };
    return {
      head: { ...row, id: Number(row.id), version: Number(row.version), opener: party(row.opener), counterparty: party(row.counterparty) },
      row,
    };
  });
}

/** `headSql` with the summary columns inserted before its FROM. */
function headSelectWithSummary(): SQL {
  return sql`SELECT d.id, d.status, d.waiting_on AS "waitingOn", d.answer_due::text AS "answerDue", d.version,
    json_build_object('locationId', ol.id, 'customerId', ol.customer_id, 'isProvider', oc.is_provider, 'countryId', ol.country_id) AS opener,
    json_build_object('locationId', cl.id, 'customerId', cl.customer_id, 'isProvider', cc.is_provider, 'countryId', cl.country_id) AS counterparty
    ${summarySql}
  FROM disputes d JOIN locations ol ON ol.id = d.opener_location_id JOIN customers oc ON oc.id = ol.customer_id
  JOIN locations cl ON cl.id = d.counterparty_location_id JOIN customers cc ON cc.id = cl.customer_id`;
}

/**
 * Lists the disputes of the caller's scope (see the file comment).
 * Errors: FORBIDDEN without the menu's right.
 */
export async function findDisputes(db: Db, auth: AuthContext, query: DisputesQuery, now = new Date()): Promise<DisputeSummary[]> {
  await requireDisputes(db, auth);
  const scope = await scopeLocationIds(db, auth);
  const status =
    query.list === 'decided'
      ? sql`d.status IN ('accepted', 'decidedFor', 'decidedAgainst', 'withdrawn')`
      : sql`d.status IN ('open', 'rejected')`;
  const order = query.orderId === undefined ? sql`TRUE` : sql`d.order_id = ${query.orderId}`;
  const found = await summaryRows(db, sql`${visibleCondition(scope)} AND ${status} AND ${order}`);
  const summaries = found.map(({ head, row }) => toSummary(auth, scope, head, row, now));
  if (query.list === 'waitingForMe') return summaries.filter((s) => s.waitingForMe);
  if (query.list === 'waitingForThem') return summaries.filter((s) => !s.waitingForMe);
  return summaries;
}
