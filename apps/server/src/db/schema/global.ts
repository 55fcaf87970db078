/** The application log, links to sister portals, and the portal's own metadata. */
import { bigserial, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** The global log (Global > Log). */
export const appLog = pgTable('app_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  level: text('level').notNull(),
  message: text('message').notNull(),
  userId: integer('user_id'),
  data: jsonb('data'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Inter-company links to sister portals shown in the top bar. */
export const interCompanyLinks = pgTable('inter_company_links', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  companyCountry: text('company_country').notNull(),
});

/** Marks that the demo data was loaded, so it loads on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
