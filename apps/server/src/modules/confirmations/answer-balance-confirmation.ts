/**
 * The customer's side of a balance confirmation (issue 22), through the link its mail carries, no
 * account needed: GET BalanceConfirmation shows the customer's closing balances on the round's
 * day and any answer given; POST BalanceConfirmation confirms them, or disputes them with a
 * comment saying what does not match (the provider's support takes it from there). A link opens
 * its own customer's confirmation and nothing else; it answers once (409 after), and an unknown
 * token answers 404. Rate-limited per client like the pallet receipts' links (routes.ts).
 */
import { type AnswerBalanceConfirmationRequest, AppErrorCode, type BalanceConfirmation, type Locale } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { providerName } from '../documents/issuer.js';
import { hashQrToken } from '../pallet-receipts/qr-token.js';
import { closingBalancesOf } from './confirmation-balances.js';

interface ConfirmationRow {
  id: number;
  customerId: number;
  customerName: string;
  roundName: string;
  asOf: string;
  status: BalanceConfirmation['status'];
  answeredAt: string | Date | null;
  answeredBy: string | null;
  comment: string | null;
}

/** The confirmation the token opens, or NOT_FOUND. */
async function byToken(db: Tx, token: string): Promise<ConfirmationRow> {
  const [row] = await rows<ConfirmationRow>(
    db,
    sql`SELECT c.id, c.customer_id AS "customerId", cu.name AS "customerName", r.name AS "roundName", r.as_of::text AS "asOf",
          c.status, c.answered_at AS "answeredAt", c.answered_by AS "answeredBy", c.comment
        FROM balance_confirmations c JOIN confirmation_rounds r ON r.id = c.round_id JOIN customers cu ON cu.id = c.customer_id
        WHERE c.token_hash = ${hashQrToken(token)}`,
  );
  if (!row) throw notFound();
  return row;
}

/** What the link shows: the customer's closing balances on the round's day, and the answer once given. */
export async function getBalanceConfirmation(db: Tx, token: string, locale: Locale): Promise<BalanceConfirmation> {
  const row = await byToken(db, token);
  return {
    issuerName: await providerName(db),
    customerName: row.customerName,
    roundName: row.roundName,
    asOf: row.asOf,
    status: row.status,
    answeredAt: row.answeredAt === null ? null : new Date(row.answeredAt).toISOString(),
    answeredBy: row.answeredBy,
    comment: row.comment,
    balances: await closingBalancesOf(db, locale, Number(row.customerId), row.asOf),
  };
}

/**
 * Records the answer once: one UPDATE of a confirmation still pending, so two answers at once
 * end with one recorded and the other refused.
 * @throws NOT_FOUND for an unknown token; CONFLICT when it was answered already
 */
export async function answerBalanceConfirmation(db: Db, request: AnswerBalanceConfirmationRequest): Promise<void> {
  const row = await byToken(db, request.token);
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE balance_confirmations SET status = ${request.answer}, answered_at = now(), answered_by = ${request.name.trim()},
          comment = ${request.comment?.trim() || null}
        WHERE id = ${row.id} AND status = 'pending' RETURNING id`,
  );
  if (updated.length === 0) throw new AppError(AppErrorCode.CONFLICT, {}, {}, 409);
}
