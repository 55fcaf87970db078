/**
 * Support cases (issue 10; spec sections 3 and 4): the case, its comment thread (internal
 * comments for provider staff only), the history of its status, priority and assignee, and
 * the answer templates per category and language. Attachments live in `attachments`
 * (orders.ts) with `ticket_id` set.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { products } from './reference.js';
import { users } from './users.js';

/** A support case. Status: New, Open, Pending, Closed, Archived; priority: Low, Normal, High (spec section 4). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    orderId: bigint('order_id', { mode: 'number' }),
    /** Who opened the case (the acting user). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull(),
    category: text('category'),
    description: text('description').notNull(),
    priority: text('priority').notNull().default('Normal'),
    status: text('status').notNull().default('New'),
    /** Free text kept from the first version; `productId` names a product of the portal. */
    product: text('product'),
    productId: integer('product_id').references(() => products.id),
    /** A note on the case that only provider staff see. */
    internalNote: text('internal_note'),
    /** The provider staff member who took the case. */
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    /** When the case was last closed (the archive job archives it 30 days later). */
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('support_tickets_customer_idx').on(t.customerId, t.createdAt), index('support_tickets_status_idx').on(t.status)],
);

/** A comment in a case's thread; `internal` ones are shown to provider staff only. */
export const supportTicketComments = pgTable(
  'support_ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_ticket_comments_ticket_idx').on(t.ticketId)],
);

/** One change of a case's status, priority or assignee: `field` and the values before and after. */
export const supportTicketHistory = pgTable(
  'support_ticket_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    userId: integer('user_id').references(() => users.id),
    field: text('field').notNull(), // status | priority | assigned
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_ticket_history_ticket_idx').on(t.ticketId)],
);

/**
 * An answer template of provider support staff, per category (null: any) and language
 * (null: any). `isDefault` marks the default answer of its category and language: at most one.
 */
export const supportTemplates = pgTable(
  'support_templates',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    category: text('category'),
    language: text('language'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_templates_default_uq')
      .on(sql`COALESCE(${t.category}, '')`, sql`COALESCE(${t.language}, '')`)
      .where(sql`${t.isDefault} AND ${t.isActive}`),
  ],
);
