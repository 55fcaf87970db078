/** Pallet receipts. */
import { boolean, integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { locations } from './company.js';
import { users } from './users.js';

export const palletReceipts = pgTable('pallet_receipts', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  inventory: boolean('inventory').notNull().default(false),
  data: jsonb('data').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});
