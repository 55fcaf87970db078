/**
 * The one way the portal sends email (docs/domain.md, "Mail"): every mail is stored in the
 * email archive in the caller's transaction (so it exists exactly when what caused it
 * committed), and when SMTP is configured it is queued and sent after commit by the outbox.
 *
 * Issue 20: the archive never shows a password link's token. A mail's `secrets` (the token)
 * are written as "…" in the archive's copy (`body`, `html`); the text SMTP gets is kept beside
 * it (`send_body`, `send_html`) only while the mail waits for the outbox, which empties it once
 * the mail is sent or has failed. Without SMTP nothing would send it, so it is not kept at all.
 * Password, welcome and security mails (URGENT_TOPICS) are sent before the rest (`priority`).
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
  /**
   * Texts in `text` and `html` only the recipient may read (a password link's token): the
   * archive's copy shows each as "…", SMTP gets them (see the file comment). Never in `subject`.
   */
  secrets?: readonly string[];
}

/**
 * Archive topics the outbox sends first (issue 20: "send password, welcome and security mails
 * first"): password links (reset, welcome: modules/accounts/password-link.ts) and the notice of a
 * changed email address (modules/accounts/email-change.ts). A link that waits behind a bulk
 * import (order mails of thousands of orders) may expire before it arrives.
 */
export const URGENT_TOPICS: readonly string[] = ['passwordReset', 'welcome', 'emailChanged'];

/** The archive's `priority` of a topic: 1 for URGENT_TOPICS, else 0 (the outbox sends the higher first). */
export const mailPriority = (topic: string): number => (URGENT_TOPICS.includes(topic) ? 1 : 0);

/** `text` with each of `secrets` written as "…" (the archive's copy). */
export function redact(text: string, secrets: readonly string[] = []): string {
  return secrets.filter((secret) => secret.length > 0).reduce((out, secret) => out.split(secret).join('…'), text);
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
  const records = kept.map((mail) => {
    const secrets = [...(mail.secrets ?? []), ...(mail.secrets ?? []).map(encodeURIComponent)];
    const keepForSmtp = queued && secrets.length > 0;
    return {
      topic: mail.topic,
      to_address: mailAddresses(mail.to).join(', '),
      to_customer_id: mail.customerId ?? null,
      to_user_id: mail.userId ?? null,
      from_location_id: mail.locationId ?? null,
      subject: mail.subject,
      body: redact(mail.text, secrets),
      html: mail.html === undefined ? null : redact(mail.html, secrets),
      send_body: keepForSmtp ? mail.text : null,
      send_html: keepForSmtp ? (mail.html ?? null) : null,
      order_id: mail.orderId ?? null,
      status: queued ? 'queued' : 'stored',
      priority: mailPriority(mail.topic),
    };
  });
  if (records.length === 0) return [];
  // The receiving customer: given, else the user's, else the location's.
  const stored = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO email_archive (topic, to_address, to_customer_id, to_user_id, from_location_id, subject, body, html, send_body,
          send_html, order_id, status, priority)
        SELECT m.topic, m.to_address,
          COALESCE(m.to_customer_id, (SELECT customer_id FROM users WHERE id = m.to_user_id),
            (SELECT customer_id FROM locations WHERE id = m.from_location_id)),
          m.to_user_id, m.from_location_id, m.subject, m.body, m.html, m.send_body, m.send_html, m.order_id, m.status, m.priority
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
