/** Idempotency keys of creates (modules/idempotency/create-once.ts; docs/domain.md, "Idempotency keys"). */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './users.js';

/**
 * The key a user sent with a create (POST Rentals, ContainerOrders, SupportTickets,
 * CountAudits; issue 20), and what it created. The row is written in the create's transaction,
 * before the create itself: a second call with the key waits for the first and then answers its
 * `resultId`; a create that fails leaves no row. POST Orders keeps its keys on `orders` itself.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The acting user who sent the key. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The create: `rental`, `containerOrder`, `supportTicket` or `countAudit`. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** The id of the row created. */
    resultId: bigint('result_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);
