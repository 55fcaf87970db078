/**
 * Delivery of archived mail over SMTP (architecture.md: mail "always stored in the email
 * archive", sent with nodemailer when SMTP_URL is set; scheduled work runs once across
 * processes). `sendMail` writes the mail in the caller's transaction as `queued` when this
 * process delivers mail; the outbox sends it after that transaction has committed: a
 * nudge shortly after `sendMail`, and a poll every 30 s for anything the nudge came too early
 * for. Claiming a mail is `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)`, so
 * with several processes each mail goes out once; a claim older than 10 minutes (a process
 * that died mid-send) is taken again. After 3 failed attempts a mail is `failed`.
 */
import { type Db, rows, sql } from '../../db/client.js';

/** What the outbox needs of a nodemailer transporter (tests pass a fake). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
}

export const MAX_ATTEMPTS = 3;
const POLL_MS = 30_000;
const NUDGE_MS = 250;

interface Outbox {
  db: Db;
  transport: MailTransport;
  from: string;
  timer: NodeJS.Timeout;
  nudge: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
}

let outbox: Outbox | null = null;

/** Whether this process delivers mail (SMTP configured and the outbox started). */
export function mailDeliveryEnabled(): boolean {
  return outbox !== null;
}

/**
 * Starts delivering queued mail from this process. `from` is the sender address (MAIL_FROM).
 * Answers a stop function that waits for a delivery in progress.
 */
export function startMailOutbox(db: Db, options: { transport: MailTransport; from: string; pollMs?: number }): () => Promise<void> {
  const timer = setInterval(() => deliverSoon(0), options.pollMs ?? POLL_MS);
  timer.unref();
  const current: Outbox = { db, transport: options.transport, from: options.from, timer, nudge: null, running: null };
  outbox = current;
  deliverSoon(0);
  return async () => {
    clearInterval(current.timer);
    if (current.nudge) clearTimeout(current.nudge);
    if (outbox === current) outbox = null;
    await current.running;
  };
}

/** Asks the outbox to deliver soon (after the writing transaction has likely committed). */
export function deliverSoon(delayMs = NUDGE_MS): void {
  const current = outbox;
  if (!current || current.nudge) return;
  current.nudge = setTimeout(() => {
    current.nudge = null;
    if (current.running) return;
    current.running = deliverQueuedMail(current.db, current.transport, current.from)
      .catch((error) => console.error('Mail delivery failed', error))
      .finally(() => {
        current.running = null;
      });
  }, delayMs);
  current.nudge.unref();
}

/** Archive topics whose mails carry a one-time token (password links: modules/accounts/password-link.ts). */
export const SECRET_TOPICS = ['passwordReset', 'welcome'] as const;
const secretTopicsSql = sql`(${sql.join(
  SECRET_TOPICS.map((t) => sql`${t}`),
  sql`, `,
)})`;
/** A link's token in a mail's text or HTML (base64url, possibly percent-encoded). */
const TOKEN_PATTERN = 'token=[A-Za-z0-9_%-]+';

/**
 * Sends up to `batch` queued mails and records each outcome (sent with `sent_at`, or queued
 * again with `last_error`, or failed after MAX_ATTEMPTS).
 * @returns how many were sent and how many failed this time
 */
export async function deliverQueuedMail(
  db: Db,
  transport: MailTransport,
  from: string,
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const claimed = await rows<{ id: number; toAddress: string; subject: string; body: string; html: string | null; attempts: number }>(
    db,
    sql`UPDATE email_archive SET status = 'sending', attempts = attempts + 1, attempted_at = now()
        WHERE id IN (SELECT id FROM email_archive
          WHERE status = 'queued' OR (status = 'sending' AND attempted_at < now() - interval '10 minutes')
          ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address AS "toAddress", subject, body, html, attempts`,
  );
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    try {
      const files = await rows<{ filename: string; contentType: string; content: Uint8Array }>(
        db,
        sql`SELECT file_name AS filename, content_type AS "contentType", data AS content FROM email_attachments
            WHERE email_id = ${mail.id} ORDER BY id`,
      );
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        ...(files.length > 0 ? { attachments: files.map((f) => ({ ...f, content: Buffer.from(f.content) })) } : {}),
      });
      // A password link's token is only kept until the mail has left (docs/accounts.md): the
      // archive then shows the mail with the token blanked, so a reader of the archive or of
      // a database copy cannot use a link that is still valid.
      await db.execute(sql`UPDATE email_archive SET status = 'sent', sent_at = now(), last_error = NULL,
          body = CASE WHEN topic IN ${secretTopicsSql} THEN regexp_replace(body, ${TOKEN_PATTERN}, 'token=…', 'g') ELSE body END,
          html = CASE WHEN topic IN ${secretTopicsSql} THEN regexp_replace(html, ${TOKEN_PATTERN}, 'token=…', 'g') ELSE html END
        WHERE id = ${mail.id}`);
      sent++;
    } catch (error) {
      failed++;
      const status = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      await db.execute(sql`UPDATE email_archive SET status = ${status}, last_error = ${String((error as Error)?.message ?? error).slice(0, 1000)}
        WHERE id = ${mail.id}`);
    }
  }
  return { sent, failed };
}
