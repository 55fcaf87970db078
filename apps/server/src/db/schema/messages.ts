/** Messages (news, guides, system) and alerts of the bell. */
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { users } from './users.js';

/** Published messages: news, guides, articles, login welcome texts, system notices. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(), // articles guides login messages reports system
  area: text('area'),
  path: text('path'),
  title: text('title').notNull(),
  text: text('text').notNull(),
  taskId: text('task_id'),
  mustRead: boolean('must_read').notNull().default(false),
  showFrom: date('show_from', { mode: 'string' }),
  showTo: date('show_to', { mode: 'string' }),
  language: text('language'),
  locationType: text('location_type'),
  visibility: text('visibility').notNull().default('all'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

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
