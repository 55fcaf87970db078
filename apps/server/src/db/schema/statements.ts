/**
 * Statements mailed on a schedule (issue 22; docs/statements.md): each customer's choice of
 * schedule and recipients, and one row per location and period mailed, whose unique key makes
 * each statement go out exactly once however many server processes run the job.
 */
import { bigint, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { emailArchive } from './mail.js';

/** A customer's statement mailing: `schedule` off | monthly | twiceMonthly; `recipients` addresses, comma-separated. */
export const statementSettings = pgTable('statement_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  schedule: text('schedule').notNull().default('off'),
  recipients: text('recipients').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A location's statement for a period, mailed (or found empty and skipped: `email_id` null) by the
 * statement job. Inserted first in the job's transaction: a second process's insert of the same
 * location and period waits for the first and then conflicts, so it sends nothing.
 */
export const statementMailings = pgTable(
  'statement_mailings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    emailId: bigint('email_id', { mode: 'number' }).references(() => emailArchive.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_mailings_location_period_uq').on(t.locationId, t.periodFrom, t.periodTo),
    index('statement_mailings_customer_idx').on(t.customerId, t.periodTo),
  ],
);
