/**
 * The demo data: a Nordic pallet pool with its depots, about 40 customers with 150
 * locations in Norway, Sweden, Denmark and Finland, users (demo-users.ts lists the
 * sign-ins), two years of orders with their history, the ledger and balances, stock levels,
 * messages and alerts. Generated deterministically: the same seed and `today` give the same data (only
 * the password hashes differ, for each has its own random salt). Everything is written in one
 * transaction with bulk inserts (db/bulk.ts).
 */
import type { Country } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { writePostalRegisters } from '../../db/postal-registers.js';
import { rebuildOrderCounts } from '../orders/order-counts.js';
import { seedApiKeys } from './api-keys.js';
import { seedCompanyExternals } from './company-externals.js';
import { seedConfirmations } from './confirmations.js';
import { seedContainerOrders } from './container-orders.js';
import { seedContent } from './content.js';
import { createContext } from './context.js';
import { seedCountAudits } from './count-audits.js';
import { seedCustomers } from './customers.js';
import { DEMO_MARKER } from './demo-data-marker.js';
import { seedDisputes } from './disputes.js';
import { seedEmailArchive } from './email-archive.js';
import { seedInterCompanyAccounts } from './inter-company.js';
import { seedInvoices } from './invoices.js';
import { seedLedger } from './ledger.js';
import { seedNewCustomerRequests } from './new-customer-requests.js';
import { newLedgerBulk } from './order-bulks.js';
import { seedOrders } from './orders.js';
import { seedPalletReceipts } from './pallet-receipts.js';
import { seedPriceLists } from './price-lists.js';
import { seedReconciliations } from './reconciliations.js';
import { seedReference } from './reference.js';
import { seedRoles } from './roles.js';
import { seedStatementSettings } from './statements.js';
import { seedStockLevels } from './stock-levels.js';
import { seedSupport } from './support.js';
import { seedUsers } from './users.js';

export interface SeedOptions {
  /** Orders to generate (default 20,000). */
  orders?: number;
  /** Seed of the random generators (default 1). */
  seed?: number;
  /** The day the data ends (yyyy-MM-dd); default today (UTC). */
  today?: string;
}

/**
 * Loads the demo data (idempotent: does nothing when app_meta holds DEMO_MARKER), then
 * gathers the planner's statistics and sets the visibility map (VACUUM ANALYZE).
 * @returns true when it loaded the data, false when it was there already
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`seedDemoData: today must be yyyy-MM-dd, not ${today}`);
  const orderCount = options.orders ?? 20_000;
  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then sees the marker.
    await tx.execute(sql`LOCK TABLE app_meta IN EXCLUSIVE MODE`);
    const [done] = await rows<{ key: string }>(tx, sql`SELECT key FROM app_meta WHERE key = ${DEMO_MARKER}`);
    if (done) return false;

    const ctx = createContext(options.seed ?? 1, today);
    await seedReference(tx, today);
    // The real postal registers (their countries' places), in this transaction.
    await writePostalRegisters(tx);
    await seedPriceLists(tx);
    const world = await seedCustomers(tx, ctx);
    const users = await seedUsers(tx, ctx, world);
    await seedRoles(tx, world.provider.id);
    // admin's and kari's accounts on the sister portals (the top bar's hand-over links).
    await seedInterCompanyAccounts(tx, world);
    const closures = new Map<Country, Set<string>>();
    for (const c of await rows<{ countryId: Country; day: string }>(
      tx,
      sql`SELECT country_id AS "countryId", day::text AS day FROM provider_closures`,
    )) {
      closures.set(c.countryId, (closures.get(c.countryId) ?? new Set()).add(c.day));
    }
    const ledger = newLedgerBulk();
    // Bulk orders without the counter triggers; the counts are rebuilt in one pass.
    await tx.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_count_trg`);
    await tx.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_count_insert_trg`);
    await seedOrders(tx, ctx, world, orderCount, ledger, closures);
    await tx.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_count_insert_trg`);
    await tx.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_count_trg`);
    await rebuildOrderCounts(tx);
    await seedLedger(tx, ctx, world, ledger);
    await seedStockLevels(tx, ctx, world);
    await seedContent(tx, ctx, world);
    // After the content: its alerts take explicit ids, the counts' alerts the sequence.
    await seedCountAudits(tx, ctx, world);
    // Company > External locations of kari's customer, after the orders (which never name them).
    await seedCompanyExternals(tx, world);
    // Statements mailed on a schedule by kari's and mikko's customers (the job mails them after the start).
    await seedStatementSettings(tx, world);
    // The mails the demo's orders and stock levels would have sent (Company > Email archive).
    await seedEmailArchive(tx, ctx, world);
    // Two years of invoices by the invoicing job's own function, once the ledger (and any count
    // audits) are in place.
    await seedInvoices(tx, today);
    await seedNewCustomerRequests(tx, ctx, world);
    // Support cases and answer templates (after the orders: ole's case names one of his).
    await seedSupport(tx, ctx, world);
    // Pallet receipts at ole's location, posted through the real posting (after the invoices: recent days).
    await seedPalletReceipts(tx, ctx, world);
    // Container orders in every status; the delivered one registered its rental (Container > Orders).
    await seedContainerOrders(tx, ctx, world);
    // Disputes of kari's customer in every state; the accepted one posts its correction today.
    await seedDisputes(tx, ctx, world);
    // kari's reconciliations of her ERP's exports, by the real use case (after the disputes' correction).
    await seedReconciliations(tx, ctx, world);
    // A balance confirmation round (confirmed, disputed, unanswered) and kari's location's mailed statement.
    await seedConfirmations(tx, ctx, world);
    // kari's API keys (the API page's list).
    await seedApiKeys(tx, today);
    // The users' password hashes were made meanwhile (demo-data/users.ts).
    await users.writePasswords(tx);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${DEMO_MARKER}, '1')`);
    return true;
  });
  // The planner's statistics and the visibility map of the new data at once (PGlite has no
  // autovacuum; PostgreSQL's comes minutes later): without them a report's joins ran for seconds,
  // and its index-only scans read the tables too (issue 20).
  if (seeded) await db.execute(sql`VACUUM ANALYZE`);
  return seeded;
}
