/**
 * The mail of a balance confirmation (issue 22): to the customer's statement recipients, else its
 * invoice email, else its contact email, in the language of its country, with the link that
 * opens the customer's closing balances to confirm or dispute them. The link's token is a secret
 * of the mail: the email archive shows it as "…" (send-mail.ts).
 */
import { rows, sql, type Tx } from '../../db/client.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { mailLocale } from '../mail/order-mail.js';
import { mailAddresses, sendMail } from '../mail/send-mail.js';
import { textMailHtml } from '../mail/text-html.js';

/** Where a customer's confirmation goes: statement recipients, else invoice email, else contact email (may be empty). */
export async function confirmationRecipients(db: Tx, customerId: number): Promise<string[]> {
  const [row] = await rows<{ statement: string | null; invoice: string | null; contact: string | null }>(
    db,
    sql`SELECT s.recipients AS statement, c.invoice_email AS invoice, c.contact_email AS contact
        FROM customers c LEFT JOIN statement_settings s ON s.customer_id = c.id WHERE c.id = ${customerId}`,
  );
  for (const candidate of [row?.statement, row?.invoice, row?.contact]) {
    const list = mailAddresses(candidate ?? '');
    if (list.length) return list;
  }
  return [];
}

/** The link a customer answers through: `<publicUrl>/confirm/<token>`. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/confirm/${token}`;
}

/**
 * Mails the confirmation link (a reminder says so) inside `tx`.
 * @returns the archive id, or null without an address
 */
export async function mailConfirmation(
  tx: Tx,
  input: {
    customerId: number;
    recipients: string[];
    asOf: string;
    issuerName: string;
    token: string;
    publicUrl: string;
    reminder: boolean;
  },
): Promise<number | null> {
  if (input.recipients.length === 0) return null;
  const [customer] = await rows<{ name: string; countryId: string }>(
    tx,
    sql`SELECT name, country_id AS "countryId" FROM customers WHERE id = ${input.customerId}`,
  );
  const locale = mailLocale(customer?.countryId ?? 'NO');
  const t = translator(locale);
  const values = {
    customer: customer?.name ?? '',
    asOf: formatPlainDate(input.asOf, locale),
    issuer: input.issuerName,
    link: confirmationLink(input.publicUrl, input.token),
  };
  const text = t('confirmation.mail.text', values);
  return sendMail(tx, {
    to: input.recipients,
    subject: t(input.reminder ? 'confirmation.mail.reminderSubject' : 'confirmation.mail.subject', values),
    text,
    html: textMailHtml(locale, text),
    topic: 'balanceConfirmation',
    customerId: input.customerId,
    secrets: [input.token],
  });
}
