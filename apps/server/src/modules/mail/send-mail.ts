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
  const to = mailAddresses(mail.to);
  if (to.length === 0) return null;
  const queued = mailDeliveryEnabled();
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO email_archive (topic, to_address, to_customer_id, to_user_id, from_location_id, subject, body, html, order_id, status)
        VALUES (${mail.topic}, ${to.join(', ')},
          COALESCE(${mail.customerId ?? null}::int, (SELECT customer_id FROM users WHERE id = ${mail.userId ?? null}::int),
            (SELECT customer_id FROM locations WHERE id = ${mail.locationId ?? null}::int)),
          ${mail.userId ?? null}, ${mail.locationId ?? null}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
          ${mail.orderId ?? null}, ${queued ? 'queued' : 'stored'})
        RETURNING id`,
  );
  if (queued) deliverSoon();
  return row ? Number(row.id) : null;
}
