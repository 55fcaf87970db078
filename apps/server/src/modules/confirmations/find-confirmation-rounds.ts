/**
 * GET ConfirmationRounds and GET ConfirmationRounds/{id} (issue 22): the rounds, newest first,
 * with how many customers confirmed, disputed or did not answer; one round with each customer's
 * answer, the addresses its link went to and the reminders sent, the lines a customer disputed and
 * the movement disputes its locations opened since the round started. Global admins only.
 */
import type { ConfirmationCustomer, ConfirmationRound, ConfirmationRoundDetail, Locale } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireGlobalAdmin } from '../global/access.js';
import { disputedLinesOf, movementDisputesSince } from './confirmation-lines.js';

const roundColumns = sql`r.id, r.name, r.as_of::text AS "asOf", r.created_at AS "createdAt", u.name AS "createdBy",
  (SELECT json_build_object('pending', count(*) FILTER (WHERE status = 'pending'), 'confirmed', count(*) FILTER (WHERE status = 'confirmed'),
     'disputed', count(*) FILTER (WHERE status = 'disputed'))::text FROM balance_confirmations c WHERE c.round_id = r.id) AS counts`;

type RoundRow = Omit<ConfirmationRound, 'counts' | 'createdAt'> & { counts: string; createdAt: string | Date };

const toRound = (r: RoundRow): ConfirmationRound => {
  const counts = JSON.parse(r.counts) as ConfirmationRound['counts'];
  return {
    id: Number(r.id),
    name: r.name,
    asOf: r.asOf,
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdBy,
    counts: { pending: Number(counts.pending), confirmed: Number(counts.confirmed), disputed: Number(counts.disputed) },
  };
};

/** The rounds, newest first (at most 200). */
export async function findConfirmationRounds(db: Tx, auth: AuthContext): Promise<ConfirmationRound[]> {
  requireGlobalAdmin(auth);
  const list = await rows<RoundRow>(
    db,
    sql`SELECT ${roundColumns} FROM confirmation_rounds r LEFT JOIN users u ON u.id = r.created_by_user_id ORDER BY r.id DESC LIMIT 200`,
  );
  return list.map(toRound);
}

/**
 * One round with its customers by name; product names in `locale`.
 * @throws NOT_FOUND for an unknown round
 */
export async function getConfirmationRound(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<ConfirmationRoundDetail> {
  requireGlobalAdmin(auth);
  const [round] = await rows<RoundRow>(
    db,
    sql`SELECT ${roundColumns} FROM confirmation_rounds r LEFT JOIN users u ON u.id = r.created_by_user_id WHERE r.id = ${id}`,
  );
  if (!round) throw notFound();
  const customers = await rows<
    Omit<ConfirmationCustomer, 'recipients' | 'answeredAt' | 'remindedAt' | 'lines' | 'disputes'> & {
      recipients: string;
      answeredAt: string | Date | null;
      remindedAt: string | Date | null;
    }
  >(
    db,
    sql`SELECT c.id, c.customer_id AS "customerId", cu.name AS "customerName", c.status, c.recipients, c.answered_at AS "answeredAt",
          c.answered_by AS "answeredBy", c.comment, c.reminders, c.reminded_at AS "remindedAt"
        FROM balance_confirmations c JOIN customers cu ON cu.id = c.customer_id WHERE c.round_id = ${id} ORDER BY cu.name, c.id`,
  );
  const lines = await disputedLinesOf(
    db,
    locale,
    customers.map((c) => Number(c.id)),
  );
  const disputes = await movementDisputesSince(
    db,
    customers.map((c) => Number(c.customerId)),
    round.createdAt,
  );
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    ...toRound(round),
    customers: customers.map((c) => ({
      ...c,
      id: Number(c.id),
      customerId: Number(c.customerId),
      reminders: Number(c.reminders),
      recipients: c.recipients.split(',').filter(Boolean),
      answeredAt: iso(c.answeredAt),
      remindedAt: iso(c.remindedAt),
      lines: lines.get(Number(c.id)) ?? [],
      disputes: disputes.get(Number(c.customerId)) ?? [],
    })),
  };
}
