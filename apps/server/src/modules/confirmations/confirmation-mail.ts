/**
 * The mail of a balance confirmation (issue 22): to the customer's statement recipients, else its
 * invoice email, else its contact email, in the language of its country, with the link that
 * opens the customer's closing balances to confirm or dispute them. The link's token is a secret
 * of the mail: the email archive shows it as "…" (send-mail.ts).
 */
import { rows, sql, type Tx } from '../../db/client.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { mailLocale } from '../mail/order-mail.js';
import { type MailInput, mailAddresses } from '../mail/send-mail.js';
import { textMailHtml } from '../mail/text-html.js';

/** A customer asked to confirm: its name, country and the addresses its link goes to (may be empty). */
export interface ConfirmationTarget {
  customerId: number;
  name: string;
  countryId: string;
  recipients: string[];
}

/**
 * The customers `customerIds` as confirmation targets, read in one statement; where each link
 * goes: statement recipients, else invoice email, else contact email. Unknown ids are left out.
 */
export async function confirmationTargets(db: Tx, customerIds: readonly number[]): Promise<Map<number, ConfirmationTarget>> {
  if (customerIds.length === 0) return new Map();
  const list = await rows<{
    id: number;
    name: string;
    countryId: string;
    statement: string | null;
    invoice: string | null;
    contact: string | null;
  }>(
    db,
    sql`SELECT c.id, c.name, c.country_id AS "countryId", s.recipients AS statement, c.invoice_email AS invoice, c.contact_email AS contact
        FROM customers c LEFT JOIN statement_settings s ON s.customer_id = c.id
        WHERE c.id = ANY(${`{${customerIds.join(',')}}`}::int[])`,
  );
  return new Map(
    list.map((c) => {
      const recipients = [c.statement, c.invoice, c.contact].map((a) => mailAddresses(a ?? '')).find((a) => a.length > 0) ?? [];
      return [Number(c.id), { customerId: Number(c.id), name: c.name, countryId: c.countryId, recipients }];
    }),
  );
}

/** The link a customer answers through: `<publicUrl>/confirm/<token>`. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/confirm/${token}`;
}

/**
 * The mail of `target`'s confirmation link (a reminder says so), for `sendMails`; null without
 * an address.
 */
export function confirmationMail(
  target: ConfirmationTarget,
  input: { asOf: string; issuerName: string; token: string; publicUrl: string; reminder: boolean },
): MailInput | null {
  if (target.recipients.length === 0) return null;
  const locale = mailLocale(target.countryId);
  const t = translator(locale);
  const values = {
    customer: target.name,
    asOf: formatPlainDate(input.asOf, locale),
    issuer: input.issuerName,
    link: confirmationLink(input.publicUrl, input.token),
  };
  const text = t('confirmation.mail.text', values);
  return {
    to: target.recipients,
    subject: t(input.reminder ? 'confirmation.mail.reminderSubject' : 'confirmation.mail.subject', values),
    text,
    html: textMailHtml(locale, text),
    topic: 'balanceConfirmation',
    customerId: target.customerId,
    secrets: [input.token],
  };
}
