/**
 * "Each new comment or status change alerts the other side in the bell and mails the users who
 * want it" (issue 10, "Support"; docs/support.md, "Alerts and mail"). The other side of a change:
 * - made by provider staff: the customer side of the case: its opener, the customer's users with
 *   "support (customer)" and, for a case of a location, that location's users with "support
 *   (location)";
 * - made by the customer: the provider side: the staff member who took the case, else the
 *   provider's support desk (provider users with is_support).
 * Never the one who made the change, only active users. Alerts (source `Support`, source id the
 * case) carry their title and text in every locale; mails go through the archive and the outbox
 * to those with users.notify_support and an email, in their own language.
 */
import { isLocale, type Locale, locales } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { sendMails } from '../mail/send-mail.js';
import type { VisibleTicket } from './access.js';
import { wellFormed } from './well-formed.js';

/** What happened to a case: a comment (its text) or a new status. */
export type SupportEvent = { kind: 'created' } | { kind: 'comment'; text: string } | { kind: 'status'; status: string };

interface Recipient {
  id: number;
  email: string | null;
  language: string;
  notifySupport: boolean;
}

/** The users on the other side of a change by `actorId` (provider staff when `byProvider`). */
async function otherSide(tx: Tx, ticket: VisibleTicket, actorId: number, byProvider: boolean): Promise<Recipient[]> {
  const columns = sql`u.id, u.email, u.language, u.notify_support AS "notifySupport"`;
  if (byProvider) {
    return rows<Recipient>(
      tx,
      sql`SELECT ${columns} FROM users u
          WHERE u.is_active AND u.id <> ${actorId} AND u.customer_id = ${ticket.customerId}
            AND (u.id = ${ticket.userId} OR u.support_customer
              OR (u.support_location AND ${ticket.locationId ?? 0}::int IN (
                SELECT location_id FROM user_locations WHERE user_id = u.id UNION SELECT u.location_id)))
          ORDER BY u.id`,
    );
  }
  if (ticket.assignedUserId !== null && ticket.assignedUserId !== actorId) {
    return rows<Recipient>(tx, sql`SELECT ${columns} FROM users u WHERE u.id = ${ticket.assignedUserId} AND u.is_active`);
  }
  return rows<Recipient>(
    tx,
    sql`SELECT ${columns} FROM users u JOIN customers c ON c.id = u.customer_id
        WHERE c.is_provider AND u.is_support AND u.is_active AND u.id <> ${actorId} ORDER BY u.id`,
  );
}

/** Title and text of the alert and mail in `locale`. */
function texts(locale: Locale, ticket: VisibleTicket, event: SupportEvent): { title: string; text: string } {
  const t = translator(locale);
  const values = { id: ticket.id, topic: wellFormed(ticket.topic) };
  if (event.kind === 'created') return { title: t('support.alert.createdTitle', values), text: t('support.alert.createdText', values) };
  if (event.kind === 'comment') {
    const excerpt = event.text.length > 200 ? `${event.text.slice(0, 199)}…` : event.text;
    return { title: t('support.alert.commentTitle', values), text: wellFormed(excerpt) };
  }
  // The title names the new status too ("Case 8 is now Waiting for reply"), as the text does.
  const withStatus = { ...values, status: t(`support.status.${event.status}`) };
  return { title: t('support.alert.statusTitle', withStatus), text: t('support.alert.statusText', withStatus) };
}

/**
 * Writes the alerts and mails of `event` on `ticket`, made by `actorId`, inside `tx`.
 * `publicUrl`: the portal's address, the base of the link in the mail.
 * @returns how many users were alerted
 */
export async function notifySupportEvent(
  tx: Tx,
  ticket: VisibleTicket,
  event: SupportEvent,
  actor: { id: number; byProvider: boolean },
  publicUrl: string,
): Promise<number> {
  const recipients = await otherSide(tx, ticket, actor.id, actor.byProvider);
  if (recipients.length === 0) return 0;
  const all = Object.fromEntries(locales.map((locale) => [locale, texts(locale, ticket, event)]));
  const english = all['en-US'] as { title: string; text: string };
  await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
    SELECT r.id, 'Support', ${ticket.id}, ${english.title}, ${english.text}, ${JSON.stringify(all)}::jsonb, clock_timestamp()
    FROM unnest(${`{${recipients.map((r) => r.id).join(',')}}`}::int[]) AS r(id)`);
  const link = `${publicUrl.replace(/\/$/, '')}/app/support/tickets/${ticket.id}`;
  await sendMails(
    tx,
    recipients
      .filter((r) => r.notifySupport && r.email)
      .map((r) => {
        const language: Locale = isLocale(r.language) ? r.language : 'en-US';
        const t = translator(language);
        const { title, text } = all[language] as { title: string; text: string };
        return {
          to: r.email as string,
          subject: title,
          text: `${text}\n\n${t('support.mail.open', { link })}\n\n${t('support.mail.footer')}`,
          topic: 'support',
          userId: r.id,
          locationId: ticket.locationId,
        };
      }),
  );
  return recipients.length;
}
