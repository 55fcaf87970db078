/**
 * The customer's side of a balance confirmation (issue 22), through the link its mail carries, no
 * account needed: GET BalanceConfirmation shows the customer's closing balances on the round's
 * day and any answer given; POST BalanceConfirmation confirms them, or disputes them with a
 * comment saying what does not match and, if it likes, the lines that differ with its own figures
 * (the provider's support takes it from there; confirmation-lines.ts). A link opens
 * its own customer's confirmation and nothing else; it answers once (409 after), and an unknown
 * token answers 404. Rate-limited per client like the pallet receipts' links (routes.ts).
 */
import { type AnswerBalanceConfirmationRequest, AppErrorCode, type BalanceConfirmation, type Locale } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { providerName } from '../documents/issuer.js';
import { hashQrToken } from '../pallet-receipts/qr-token.js';
import { closingBalancesOf } from './confirmation-balances.js';
import { disputedLinesOf } from './confirmation-lines.js';

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
    lines: (await disputedLinesOf(db, locale, [Number(row.id)])).get(Number(row.id)) ?? [],
  };
}

/**
 * Records the answer once through the link; see recordConfirmationAnswer.
 * @throws NOT_FOUND for an unknown token; CONFLICT when it was answered already; VALIDATION for a line not among the balances
 */
export async function answerBalanceConfirmation(db: Db, request: AnswerBalanceConfirmationRequest): Promise<void> {
  const row = await byToken(db, request.token);
  await recordConfirmationAnswer(db, { id: Number(row.id), customerId: Number(row.customerId), asOf: row.asOf }, request);
}

/**
 * Records the answer to the confirmation `confirmation` once, with its disputed lines, in one
 * transaction: one UPDATE of a confirmation still pending, so two answers at once end with one
 * recorded and the other refused. Each disputed line must be one of the closing balances the link
 * shows (`lines.<n>`: validation.confirmationLineUnknown) and give another figure
 * (validation.confirmationLineUnchanged). The demo data answers through it too.
 * @throws CONFLICT when it was answered already; VALIDATION as above
 */
export async function recordConfirmationAnswer(
  db: Tx,
  confirmation: { id: number; customerId: number; asOf: string },
  request: Omit<AnswerBalanceConfirmationRequest, 'token'>,
): Promise<void> {
  const lines = request.answer === 'disputed' ? (request.lines ?? []) : [];
  await db.transaction(async (tx) => {
    const shown = new Map<string, number>();
    if (lines.length > 0) {
      for (const b of await closingBalancesOf(tx, 'en-US', confirmation.customerId, confirmation.asOf)) {
        shown.set(`${b.locationId}:${b.productId}:${b.balanceKind}`, b.quantity);
      }
    }
    const fields: Record<string, string> = {};
    const rowsToWrite = lines.map((line, index) => {
      const was = shown.get(`${line.locationId}:${line.productId}:${line.balanceKind}`);
      if (was === undefined) fields[`lines.${index}`] = 'validation.confirmationLineUnknown';
      else if (was === line.quantity) fields[`lines.${index}.quantity`] = 'validation.confirmationLineUnchanged';
      return {
        confirmation_id: confirmation.id,
        location_id: line.locationId,
        product_id: line.productId,
        balance_kind: line.balanceKind,
        shown_quantity: was ?? 0,
        quantity: line.quantity,
      };
    });
    if (Object.keys(fields).length > 0) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
    const updated = await rows<{ id: number }>(
      tx,
      sql`UPDATE balance_confirmations SET status = ${request.answer}, answered_at = now(), answered_by = ${request.name.trim()},
            comment = ${request.comment?.trim() || null}
          WHERE id = ${confirmation.id} AND status = 'pending' RETURNING id`,
    );
    if (updated.length === 0) throw new AppError(AppErrorCode.CONFLICT, {}, {}, 409);
    if (rowsToWrite.length > 0) {
      await tx.execute(
        sql`INSERT INTO balance_confirmation_lines (confirmation_id, location_id, product_id, balance_kind, shown_quantity, quantity)
            SELECT confirmation_id, location_id, product_id, balance_kind, shown_quantity, quantity
            FROM jsonb_to_recordset(${JSON.stringify(rowsToWrite)}::jsonb)
              AS x(confirmation_id int, location_id int, product_id int, balance_kind text, shown_quantity int, quantity int)`,
      );
    }
  });
}
