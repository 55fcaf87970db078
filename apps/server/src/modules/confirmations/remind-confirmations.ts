/**
 * POST ConfirmationRounds/{id}/Reminders (issue 22): mails the customers of a round that have not
 * answered again, each with a new link (the old one stops opening: only the mail's holder has the
 * new token, and the database keeps one hash per confirmation). One transaction.
 */
import { type Db, rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireGlobalAdmin } from '../global/access.js';
import { newQrToken } from '../pallet-receipts/qr-token.js';
import { confirmationRecipients, mailConfirmation } from './confirmation-mail.js';

/**
 * @returns how many silent customers were mailed again (those without an address are not)
 * @throws FORBIDDEN unless a global admin; NOT_FOUND for an unknown round
 */
export async function remindConfirmations(db: Db, auth: AuthContext, roundId: number, publicUrl: string): Promise<number> {
  requireGlobalAdmin(auth);
  return db.transaction(async (tx) => {
    const [round] = await rows<{ asOf: string }>(tx, sql`SELECT as_of::text AS "asOf" FROM confirmation_rounds WHERE id = ${roundId}`);
    if (!round) throw notFound();
    const [issuer] = await rows<{ name: string }>(tx, sql`SELECT name FROM customers WHERE is_provider ORDER BY id LIMIT 1`);
    const silent = await rows<{ id: number; customerId: number }>(
      tx,
      sql`SELECT id, customer_id AS "customerId" FROM balance_confirmations WHERE round_id = ${roundId} AND status = 'pending' ORDER BY id FOR UPDATE`,
    );
    let reminded = 0;
    for (const c of silent) {
      const recipients = await confirmationRecipients(tx, Number(c.customerId));
      if (recipients.length === 0) continue;
      const { token, hash } = newQrToken();
      await tx.execute(
        sql`UPDATE balance_confirmations SET token_hash = ${hash}, recipients = ${recipients.join(',')},
              reminders = reminders + 1, reminded_at = now() WHERE id = ${c.id}`,
      );
      await mailConfirmation(tx, {
        customerId: Number(c.customerId),
        recipients,
        asOf: round.asOf,
        issuerName: issuer?.name ?? '',
        token,
        publicUrl,
        reminder: true,
      });
      reminded++;
    }
    return reminded;
  });
}
