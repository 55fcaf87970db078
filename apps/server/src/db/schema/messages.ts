/** Messages (news, guides, system) and alerts of the bell. */
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { users } from './users.js';

/** A message's title and text in one language (Markdown, rendered sanitised). */
export interface MessageText {
  title: string;
  text: string;
}

/**
 * Published messages: news, guides, articles, login welcome texts, system notices, reports
 * (spec section 3). `title`/`text` are the text for a language not in `texts` (per locale:
 * nb-NO, sv-SE, ...). Audience: `language` (null: every language), `locationType`, `taskId`,
 * `visibility` ('all', or 'customer' with `customerId`), within `showFrom`..`showTo` (plain
 * dates, inclusive) and not withdrawn. Must-read ones block the portal until read (message_reads).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(), // articles guides login messages reports system
    area: text('area'),
    path: text('path'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    texts: jsonb('texts').$type<Partial<Record<string, MessageText>>>(),
    taskId: text('task_id'),
    mustRead: boolean('must_read').notNull().default(false),
    showFrom: date('show_from', { mode: 'string' }),
    showTo: date('show_to', { mode: 'string' }),
    language: text('language'),
    locationType: text('location_type'),
    visibility: text('visibility').notNull().default('all'),
    customerId: integer('customer_id').references(() => customers.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Set when a global admin withdraws the message: no longer shown to anyone but global admins. */
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('messages_type_idx').on(t.type, t.createdAt)],
);

/** That a user read a message (POST MessageRead), which lifts a must-read message's block. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** An alert's title and text in one language. */
export interface AlertText {
  title: string;
  text: string;
}

/**
 * Alerts of the bell (spec section 3). Addressed to one user, or to every user of a location
 * (userId null); read state per user lives in alert_reads. Order alerts carry keys the web app
 * translates (`order.status.<id>`); a written alert (a System notice) carries its title and text
 * per locale in `texts` (nb-NO, sv-SE, ...), shown in the reader's language, with `title` and
 * `text` for a language it was not written in.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    source: text('source').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    texts: jsonb('texts').$type<Partial<Record<string, AlertText>>>(),
    mustRead: boolean('must_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.userId), index('alerts_location_idx').on(t.locationId)],
);

export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);
