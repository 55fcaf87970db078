/** Registration requests of prospective customers (issue 9, "Registration and first sign-in"). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers } from './company.js';
import { countries } from './reference.js';
import { users } from './users.js';

/**
 * A new customer request (spec section 3): `data` holds every field as sent (the schema
 * ZNewCustomerRequest of @portal/domain); the columns beside it are what the provider's list
 * filters and sorts on, and what became of the request.
 */
export const newCustomerRequests = pgTable(
  'new_customer_requests',
  {
    id: serial('id').primaryKey(),
    data: jsonb('data').notNull(),
    companyName: text('company_name').notNull().default(''),
    email: text('email').notNull().default(''),
    countryId: text('country_id').references(() => countries.id),
    /** new, converted (became a customer), rejected. */
    status: text('status').notNull().default('new'),
    /** The client address that sent it, for the per-address limit. */
    sentFrom: text('sent_from'),
    convertedCustomerId: integer('converted_customer_id').references(() => customers.id),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('new_customer_requests_status_idx').on(t.status, t.createdAt),
    // The limits per client address and per recipient (modules/registration/request-limits.ts).
    index('new_customer_requests_sent_from_idx').on(t.sentFrom, t.createdAt),
    index('new_customer_requests_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);
