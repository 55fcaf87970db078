/**
 * POST ConfirmationRounds (issue 22, "Balance confirmation"): a global admin starts a round for
 * chosen customers on a day (today or earlier, Oslo's date: the provider's). Each customer gets
 * a confirmation with a link of its own (32 random bytes; the database keeps the SHA-256) mailed
 * to it (confirmation-mail.ts) after the commit. One transaction of a fixed number of statements; the idempotency key makes a
 * retried call answer the round it created.
 */
import { AppErrorCode, type CreateConfirmationRoundRequest, todayIn } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { providerName } from '../documents/issuer.js';
import { requireGlobalAdmin } from '../global/access.js';
import { createOnceByKey } from '../idempotency/create-once.js';
import { sendMails } from '../mail/send-mail.js';
import { newQrToken } from '../pallet-receipts/qr-token.js';
import { confirmationMail, confirmationTargets } from './confirmation-mail.js';

/**
 * Creates the round, its confirmations and their mails.
 * @returns the round's id
 * @throws FORBIDDEN unless a global admin
 * @throws VALIDATION (`asOf`: validation.confirmationAsOfFuture) for a day after today
 * @throws NOT_FOUND when a customer does not exist
 */
export async function createConfirmationRound(
  db: Db,
  auth: AuthContext,
  request: CreateConfirmationRoundRequest,
  publicUrl: string,
): Promise<number> {
  requireGlobalAdmin(auth);
  if (request.asOf > todayIn('NO')) throw new AppError(AppErrorCode.VALIDATION, {}, { asOf: 'validation.confirmationAsOfFuture' });
  const customerIds = [...new Set(request.customerIds)];
  return createOnceByKey(db, { kind: 'confirmationRound', userId: auth.user.id, key: request.idempotencyKey }, (tx) =>
    startConfirmationRound(tx, { ...request, customerIds, userId: auth.user.id, publicUrl }),
  );
}

/**
 * Writes the round, its confirmations and their mails in the caller's transaction, a fixed number
 * of statements however many customers (the demo data starts its round through it too).
 * @returns the round's id
 * @throws NOT_FOUND when a customer does not exist
 */
export async function startConfirmationRound(
  tx: Tx,
  round: { name: string; asOf: string; customerIds: readonly number[]; userId: number; publicUrl: string },
): Promise<number> {
  const targets = await confirmationTargets(tx, round.customerIds);
  if (targets.size !== round.customerIds.length) throw notFound();
  const [created] = (await rows<{ id: number }>(
    tx,
    sql`INSERT INTO confirmation_rounds (name, as_of, created_by_user_id) VALUES (${round.name}, ${round.asOf}::date, ${round.userId}) RETURNING id`,
  )) as [{ id: number }];
  const issuerName = await providerName(tx);
  const asked = [...targets.values()].map((target) => ({ target, ...newQrToken() }));
  // One statement for the confirmations, one for their mails, however many customers.
  await tx.execute(
    sql`INSERT INTO balance_confirmations (round_id, customer_id, token_hash, recipients)
        SELECT ${created.id}, customer_id, token_hash, recipients
        FROM jsonb_to_recordset(${JSON.stringify(
          asked.map((a) => ({ customer_id: a.target.customerId, token_hash: a.hash, recipients: a.target.recipients.join(',') })),
        )}::jsonb) AS c(customer_id int, token_hash text, recipients text)`,
  );
  await sendMails(
    tx,
    asked.flatMap(
      ({ target, token }) =>
        confirmationMail(target, { asOf: round.asOf, issuerName, token, publicUrl: round.publicUrl, reminder: false }) ?? [],
    ),
  );
  return Number(created.id);
}
