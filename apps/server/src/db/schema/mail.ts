/** The email archive and outbox, and the files sent with a mail. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.js';
import { customers, locations } from './company.js';
import { users } from './users.js';

/** Every email the portal sends, kept whether or not SMTP is configured. */
export const emailArchive = pgTable(
  'email_archive',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    toAddress: text('to_address').notNull(),
    toCustomerId: integer('to_customer_id').references(() => customers.id),
    toUserId: integer('to_user_id').references(() => users.id),
    fromLocationId: integer('from_location_id').references(() => locations.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML alternative of `body`, when the template has one. */
    html: text('html'),
    /**
     * What SMTP is given instead of `body` and `html` where the archive's copy is redacted (a
     * password link's token: issue 20, "the archive never shows a link's token"); written
     * only for a mail that is queued, and emptied once it is sent or has failed. Never read
     * by the archive's calls.
     */
    sendBody: text('send_body'),
    sendHtml: text('send_html'),
    /**
     * The outbox sends the higher first, oldest first within one (issue 20): 1 for password,
     * welcome and security mails (modules/mail/send-mail.ts URGENT_TOPICS), 0 for the rest.
     */
    priority: smallint('priority').notNull().default(0),
    orderId: bigint('order_id', { mode: 'number' }),
    /** stored (archived only: no SMTP), queued, sending, sent, failed (after 3 attempts). */
    status: text('status').notNull().default('stored'),
    /** SMTP delivery attempts so far (the outbox gives up after 3). */
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a process last claimed it for delivery (a claim older than 10 minutes is retaken). */
    attemptedAt: ts('attempted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('email_archive_customer_idx').on(t.toCustomerId, t.createdAt.desc()),
    // The outbox reads the mails still to send, in its order; a partial index keeps that read small.
    index('email_archive_outbox_priority_idx').on(t.priority.desc(), t.id).where(sql`status IN ('queued', 'sending')`),
  ],
);

/**
 * A file sent with an archived mail (a pallet receipt's PDF, issue 11): its name, media type and
 * bytes, stored with the mail in the same transaction and handed to SMTP by the outbox.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => emailArchive.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);
