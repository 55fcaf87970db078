/** Support cases, their comments and answer templates. */
import { bigint, boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { users } from './users.js';

export const supportTickets = pgTable('support_tickets', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  locationId: integer('location_id').references(() => locations.id),
  orderId: bigint('order_id', { mode: 'number' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  topic: text('topic').notNull(),
  category: text('category'),
  description: text('description').notNull(),
  priority: text('priority').notNull().default('Normal'),
  status: text('status').notNull().default('New'),
  product: text('product'),
  internalNote: text('internal_note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supportTicketComments = pgTable('support_ticket_comments', {
  id: serial('id').primaryKey(),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => supportTickets.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const supportTemplates = pgTable('support_templates', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});
