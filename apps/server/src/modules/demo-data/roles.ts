/**
 * Roles (table roles; spec section 3, "User": roles): a few job roles a customer's admin gives
 * users in the user dialog and filters the Users page by. Role names are data, stored in
 * English as the provider names them; the catalogue's `roleNames` shows them in the reader's
 * language (modules/company/role-names.ts). The demo sign-ins get none, so their screens stay as documented; every
 * other customer user gets one role or none, by turns (no random draw: the rest of the seed's
 * data does not move).
 */
import { sql, type Tx } from '../../db/client.js';
import { demoUsers } from './demo-users.js';

/** The seeded roles, in id order. */
export const seedRoleNames = ['Warehouse', 'Purchasing', 'Transport planning', 'Accounting'] as const;

/** Seeds the roles and gives them to the customers' users (not the provider's staff, not the demo users). */
export async function seedRoles(tx: Tx, providerCustomerId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO roles (name) SELECT unnest(${sql.param([...seedRoleNames])}::text[])`);
  // Users by id: the first gets Warehouse, the next Purchasing, ..., every fifth none.
  await tx.execute(sql`INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.id FROM (
      SELECT id, (row_number() OVER (ORDER BY id) - 1) % 5 AS turn FROM users
      WHERE customer_id <> ${providerCustomerId} AND login_name <> ALL(${sql.param(demoUsers.map((d) => d.loginName))}::text[])
    ) u JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1) AS turn FROM roles) r ON r.turn = u.turn`);
}
