/**
 * POST ConfirmationRounds/{id}/Reminders (issue 22): mails the customers of a round that have not
 * answered again, each with a new link (the old one stops opening: only the mail's holder has the
 * new token, and the database keeps one hash per confirmation). One transaction of a fixed number
 * of statements.
 */
import { type Db, rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { providerName } from '../documents/issuer.js';
import { requireGlobalAdmin } from '../global/access.js';
import { sendMails } from '../mail/send-mail.js';
import { newQrToken } from '../pallet-receipts/qr-token.js';
import { confirmationMail, confirmationTargets } from './confirmation-mail.js';

/**
 * @returns how many silent customers were mailed again (those without an address are not)
 * @throws FORBIDDEN unless a global admin; NOT_FOUND for an unknown round
 */
export async function remindConfirmations(db: Db, auth: AuthContext, roundId: number, publicUrl: string): Promise<number> {
  requireGlobalAdmin(auth);
  return db.transaction(async (tx) => {
    const [round] = await rows<{ asOf: string }>(tx, sql`SELECT as_of::text AS "asOf" FROM confirmation_rounds WHERE id = ${roundId}`);
    if (!round) throw notFound();
    const silent = await rows<{ id: number; customerId: number }>(
      tx,
      sql`SELECT id, customer_id AS "customerId" FROM balance_confirmations WHERE round_id = ${roundId} AND status = 'pending' ORDER BY id FOR UPDATE`,
    );
    const targets = await confirmationTargets(
      tx,
      silent.map((c) => Number(c.customerId)),
    );
    const issuerName = await providerName(tx);
    const reminding = silent.flatMap((c) => {
      const target = targets.get(Number(c.customerId));
      return target && target.recipients.length > 0 ? [{ id: Number(c.id), target, ...newQrToken() }] : [];
    });
    // One statement for the new links, one for their mails.
    await tx.execute(
      sql`UPDATE balance_confirmations b SET token_hash = n.token_hash, recipients = n.recipients, reminders = b.reminders + 1, reminded_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(
            reminding.map((r) => ({ id: r.id, token_hash: r.hash, recipients: r.target.recipients.join(',') })),
          )}::jsonb) AS n(id int, token_hash text, recipients text)
          WHERE b.id = n.id`,
    );
    await sendMails(
      tx,
      reminding.flatMap(
        ({ target, token }) => confirmationMail(target, { asOf: round.asOf, issuerName, token, publicUrl, reminder: true }) ?? [],
      ),
    );
    const reminded = reminding.length;
    return reminded;
  });
}
