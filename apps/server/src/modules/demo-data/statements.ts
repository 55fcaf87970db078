/**
 * The demo's statement mailings (issue 22): kari's customer (Fjordland Dagligvare AS) mails its
 * locations' statements twice a month to its accounts department, mikko's (Pohjolan Tukku Oy)
 * monthly. The scheduler's statement job (statements/mail-statements.ts) mails the last closed
 * period's statements at its first run after the start, so the email archive shows them.
 * Fixed values after the generators (the random sequence does not change).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { SeedWorld } from './context.js';

const mailings = [
  { customer: 'Fjordland Dagligvare AS', schedule: 'twiceMonthly', mailbox: 'regnskap' },
  { customer: 'Pohjolan Tukku Oy', schedule: 'monthly', mailbox: 'kirjanpito' },
];

export async function seedStatementSettings(tx: Tx, world: SeedWorld): Promise<void> {
  for (const m of mailings) {
    const customer = world.customers.find((c) => c.name === m.customer);
    if (!customer) continue;
    await tx.execute(
      sql`INSERT INTO statement_settings (customer_id, schedule, recipients) VALUES (${customer.id}, ${m.schedule}, ${`${m.mailbox}@${customer.domain}`})`,
    );
  }
}
