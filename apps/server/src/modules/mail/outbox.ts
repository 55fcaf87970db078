/**
 * Delivery of archived mail over SMTP (docs/domain.md, "Mail": mail is always stored in the
 * email archive, sent with nodemailer when SMTP_URL is set; scheduled work runs once across
 * processes). `sendMail` writes the mail in the caller's transaction as `queued` when this
 * process delivers mail; the outbox sends it after that transaction has committed: a
 * nudge shortly after `sendMail`, and a poll every 30 s for anything the nudge came too early
 * for. Claiming a mail is `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)`, so
 * with several processes each mail goes out once; a claim older than 10 minutes (a process
 * that died mid-send) is taken again. After 3 failed attempts a mail is `failed`.
 *
 * Speed and order (issue 20, "Password links arrive late"): a run claims BATCH mails, the
 * higher `priority` first (password, welcome and security mails: send-mail.ts URGENT_TOPICS),
 * oldest first within one, hands them to the transport all at once (the pooled SMTP transport
 * of smtp.ts sends them over its few connections in parallel, within the SMTP server's limits),
 * and claims the next batch as soon as one is done, until the queue is empty. A password link
 * queued behind a bulk import therefore waits for at most the batch being sent.
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
/** Mails one run claims and hands to the transport at once. */
export const BATCH = 50;
const POLL_MS = 30_000;
const NUDGE_MS = 250;

interface Outbox {
  db: Db;
  transport: MailTransport;
  from: string;
  timer: NodeJS.Timeout;
  nudge: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
  /** A nudge came while a run was going: run once more after it. */
  again: boolean;
  stopped: boolean;
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
  const current: Outbox = {
    db,
    transport: options.transport,
    from: options.from,
    timer,
    nudge: null,
    running: null,
    again: false,
    stopped: false,
  };
  outbox = current;
  deliverSoon(0);
  return async () => {
    current.stopped = true;
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
    // A mail written while a run ends may come after its last claim: run again when it is done.
    if (current.running) {
      current.again = true;
      return;
    }
    current.running = deliverUntilEmpty(current)
      .catch((error) => console.error('Mail delivery failed', error))
      .finally(() => {
        current.running = null;
        if (current.again && !current.stopped) {
          current.again = false;
          deliverSoon(0);
        }
      });
  }, delayMs);
  current.nudge.unref();
}

/**
 * Batches in flight at once: while one waits for its slowest mails, the other keeps the
 * transport's connections busy.
 */
const WORKERS = 2;

/** Runs batches in WORKERS loops until each gets one short of BATCH (the queue is empty) or the outbox stops. */
async function deliverUntilEmpty(current: Outbox): Promise<void> {
  const worker = async () => {
    while (!current.stopped) {
      const { claimed } = await deliverQueuedMail(current.db, current.transport, current.from);
      if (claimed < BATCH) return;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

interface ClaimedMail {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

/**
 * Claims up to `batch` queued mails (see the file comment for the order), sends them at once
 * and records each outcome as it comes: sent (with `sent_at`), queued again with `last_error`,
 * or failed after MAX_ATTEMPTS. SMTP gets the outbox's copy of a redacted mail (`send_body`,
 * `send_html`: a password link's token), which is emptied once the mail is sent or has failed.
 * @returns how many were claimed, sent and failed this time
 */
export async function deliverQueuedMail(
  db: Db,
  transport: MailTransport,
  from: string,
  batch = BATCH,
): Promise<{ claimed: number; sent: number; failed: number }> {
  const claimed = await rows<ClaimedMail>(
    db,
    sql`UPDATE email_archive SET status = 'sending', attempts = attempts + 1, attempted_at = now()
        WHERE id IN (SELECT id FROM email_archive
          WHERE status = 'queued' OR (status = 'sending' AND attempted_at < now() - interval '10 minutes')
          ORDER BY priority DESC NULLS LAST, id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address AS "toAddress", subject, COALESCE(send_body, body) AS body, COALESCE(send_html, html) AS html, attempts`,
  );
  const outcomes = await Promise.all(claimed.map((mail) => deliverOne(db, transport, from, mail)));
  return { claimed: claimed.length, sent: outcomes.filter(Boolean).length, failed: outcomes.filter((ok) => !ok).length };
}

/** Sends one claimed mail and records the outcome; answers whether it was sent. */
async function deliverOne(db: Db, transport: MailTransport, from: string, mail: ClaimedMail): Promise<boolean> {
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
    await db.execute(sql`UPDATE email_archive SET status = 'sent', sent_at = now(), last_error = NULL, send_body = NULL, send_html = NULL
      WHERE id = ${mail.id}`);
    return true;
  } catch (error) {
    const failed = mail.attempts >= MAX_ATTEMPTS;
    // A mail that failed for good will not be sent: its outbox copy goes too.
    await db.execute(sql`UPDATE email_archive SET status = ${failed ? 'failed' : 'queued'},
        last_error = ${String((error as Error)?.message ?? error).slice(0, 1000)}
        ${failed ? sql`, send_body = NULL, send_html = NULL` : sql``}
      WHERE id = ${mail.id}`);
    return false;
  }
}
