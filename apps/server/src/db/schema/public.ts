/** Registration requests of prospective customers. */
import { jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

export const newCustomerRequests = pgTable('new_customer_requests', {
  id: serial('id').primaryKey(),
  data: jsonb('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
