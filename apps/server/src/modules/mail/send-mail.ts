/**
 * The one way the portal sends email (architecture.md "mail"): every mail is stored in the
 * email archive in the caller's transaction (so it exists exactly when what caused it
 * committed), and when SMTP is configured it is queued and sent after commit by the outbox.
 */
import { rows, sql, type Tx } from '../../db/client.js';
import { deliverSoon, mailDeliveryEnabled } from './outbox.js';

export interface MailInput {
  /** One address, a list, or several separated by commas or semicolons (as typed on a location). */
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** Archive topic (emailTopics: orderConfirmation, purchase, return...). */
  topic: string;
  orderId?: number | null;
  /** The location the mail is about or on whose behalf it goes (the archive's "from location"). */
  locationId?: number | null;
  /** The receiving customer; defaults to the customer of `userId`, else of `locationId`. */
  customerId?: number | null;
  /** The receiving user, when the mail goes to a portal user. */
  userId?: number | null;
  /** Files sent with the mail (a pallet receipt's PDF), stored with it (`email_attachments`). */
  attachments?: readonly MailAttachment[];
}

/** A file sent with a mail: its name as the reader sees it, its media type and its bytes. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** The addresses of a recipient field: split on commas, semicolons and spaces, deduplicated. */
export function mailAddresses(to: string | readonly string[]): string[] {
  const list = (typeof to === 'string' ? [to] : to).flatMap((t) => t.split(/[\s,;]+/));
  return [...new Set(list.map((a) => a.trim()).filter((a) => /^[^@\s]+@[^@\s]+$/.test(a)))];
}

/**
 * Stores a mail in the email archive inside `tx` and, when this process delivers mail,
 * queues it for sending after commit.
 * @returns the archive id, or null when `to` holds no address (nothing is stored)
 */
export async function sendMail(tx: Tx, mail: MailInput): Promise<number | null> {
  return (await sendMails(tx, [mail]))[0] ?? null;
}

/**
 * Stores many mails in the email archive with one statement inside `tx` (the Excel import's
 * orders, modules/order-import), as `sendMail` stores one; a mail whose `to` holds no address
 * is left out.
 * @returns the archive ids of the mails stored, in the order given
 */
export async function sendMails(tx: Tx, mails: readonly MailInput[]): Promise<number[]> {
  const queued = mailDeliveryEnabled();
  const kept = mails.filter((mail) => mailAddresses(mail.to).length > 0);
  const records = kept.flatMap((mail) => {
    const to = mailAddresses(mail.to);
    return [
      {
        topic: mail.topic,
        to_address: to.join(', '),
        to_customer_id: mail.customerId ?? null,
        to_user_id: mail.userId ?? null,
        from_location_id: mail.locationId ?? null,
        subject: mail.subject,
        body: mail.text,
        html: mail.html ?? null,
        order_id: mail.orderId ?? null,
        status: queued ? 'queued' : 'stored',
      },
    ];
  });
  if (records.length === 0) return [];
  // The receiving customer: given, else the user's, else the location's.
  const stored = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO email_archive (topic, to_address, to_customer_id, to_user_id, from_location_id, subject, body, html, order_id, status)
        SELECT m.topic, m.to_address,
          COALESCE(m.to_customer_id, (SELECT customer_id FROM users WHERE id = m.to_user_id),
            (SELECT customer_id FROM locations WHERE id = m.from_location_id)),
          m.to_user_id, m.from_location_id, m.subject, m.body, m.html, m.order_id, m.status
        FROM jsonb_populate_recordset(NULL::email_archive, ${JSON.stringify(records)}::jsonb) m
        RETURNING id`,
  );
  const ids = stored.map((row) => Number(row.id)).sort((a, b) => a - b);
  // The ids follow the mails' order (one INSERT over the array, serial ids in its order).
  for (const [index, mail] of kept.entries()) {
    for (const file of mail.attachments ?? []) {
      await tx.execute(sql`INSERT INTO email_attachments (email_id, file_name, content_type, data)
        VALUES (${ids[index]}, ${file.fileName}, ${file.contentType}, ${file.data})`);
    }
  }
  if (queued) deliverSoon();
  return ids;
}
