/** The application log, downtime windows, links to sister portals, and the portal's own metadata. */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './users.js';

/**
 * The application log (Global > Log, issue 10): sign-ins, failed sign-ins, switches of
 * customer or user, admin changes with `before` and `after`, errors with their request id,
 * jobs. `kind` names the event (docs/global.md lists them); `userId` is the acting user,
 * `loginUserId` the signed-in person. Kept LOG_RETENTION_DAYS days by a job.
 */
export const appLog = pgTable(
  'app_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    level: text('level').notNull(), // info warn error
    kind: text('kind').notNull().default('job'),
    message: text('message').notNull(),
    userId: integer('user_id'),
    loginUserId: integer('login_user_id'),
    customerId: integer('customer_id'),
    requestId: text('request_id'),
    ip: text('ip'),
    data: jsonb('data'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('app_log_created_idx').on(t.createdAt), index('app_log_kind_idx').on(t.kind, t.createdAt)],
);

/**
 * A downtime window scheduled by a global admin (issue 10, "Maintenance"): from `startsAt` to
 * `endsAt` the public area shows the downtime text of spec section 8 with `endsAt` as the
 * reopening time, and the API answers 503 to everyone but global admins.
 */
export const downtimes = pgTable('downtimes', {
  id: serial('id').primaryKey(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  cancelledAt: ts('cancelled_at'),
});

/** Inter-company links to sister portals shown in the top bar. */
export const interCompanyLinks = pgTable('inter_company_links', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  companyCountry: text('company_country').notNull(),
});

/**
 * The sister portals a user has an account on (issue 11): the top bar passes the sign-in to
 * those with a one-time hand-over token (`?auth=`), and links plainly to the others.
 */
export const interCompanyAccounts = pgTable(
  'inter_company_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    linkId: integer('link_id')
      .notNull()
      .references(() => interCompanyLinks.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.linkId] })],
);

/** Marks that the demo data was loaded, so it loads on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
