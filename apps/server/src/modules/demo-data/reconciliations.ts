/**
 * The demo's reconciliations (issue 22, "Demo data that shows it: a reconciliation with a match
 * rate below 100 %"): kari's ERP exports of her location's movements (Fjordland Dagligvare
 * Alnabru), reconciled by the real use case (reconciliation/create-reconciliation.ts) as kari:
 * last month's with more misses (saved a month ago) and this month's with fewer, so the list shows
 * the match rate rising. Each file is the ledger's own movements written as the ERP would
 * (;-separated, dd.MM.yyyy, order or receipt number, counterparty, product id, signed quantity),
 * with what real files hold: a quantity two carriers off, a row booked two days later without a
 * reference, a movement the ERP missed, a row the ledger has not, a date it cannot read. Fixed
 * choices after the generators (the random sequence does not change).
 */
import { addPlainDays, type CreateReconciliationRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { type AuthContext, type UserRow, userColumns } from '../../plugins/auth.js';
import { prepareReconciliation, saveReconciliation } from '../reconciliation/create-reconciliation.js';
import { ledgerMovements } from '../reconciliation/ledger-movements.js';
import type { SeedContext, SeedWorld } from './context.js';

const mapping: CreateReconciliationRequest['mapping'] = {
  headerRow: 1,
  dateColumn: 0,
  referenceColumn: 1,
  counterpartyColumn: 2,
  productColumn: 3,
  quantityColumn: 4,
  quantityInColumn: null,
  quantityOutColumn: null,
  products: [],
};

/** The two months: how many days back they end, and every how many rows the ERP errs. */
const months = [
  { endsDaysAgo: 30, every: 6, file: 'erp-eksport-forrige-maaned.csv' },
  { endsDaysAgo: 0, every: 15, file: 'erp-eksport-denne-maaned.csv' },
] as const;

const nordic = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function seedReconciliations(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const kari = world.demo.kari;
  if (!kari) return;
  const [user] = await rows<UserRow>(tx, sql`SELECT ${userColumns} FROM users u WHERE u.id = ${kari.userId}`);
  if (!user) return;
  const auth: AuthContext = {
    sessionId: 0,
    language: 'nb-NO',
    loginUser: user,
    user,
    customerId: Number(user.customerId),
    locationId: kari.locationId,
    isProvider: false,
  };
  for (const month of months) {
    const to = addPlainDays(ctx.today, -month.endsDaysAgo);
    const from = addPlainDays(to, -29);
    const movements = await ledgerMovements(tx, [kari.locationId], from, to);
    const lines = ['Dato;Ordrenr;Motpart;Vare;Antall'];
    movements.forEach((m, i) => {
      const reference = m.orderId !== null ? String(m.orderId) : (m.palletReceiptNumber ?? '');
      const row = [nordic(m.date), reference, quote(m.counterparty ?? ''), String(m.productId), String(m.quantity)];
      const slot = i % month.every;
      if (slot === 1) row[4] = String(m.quantity - 2);
      else if (slot === 3) {
        row[0] = nordic(addPlainDays(m.date, 2));
        row[1] = '';
      } else if (slot === 4) return; // the ERP missed it
      lines.push(row.join(';'));
      if (i % (month.every * 4) === 5) lines.push(`${nordic(m.date)};FAKT-${8000 + i};Transport Nord AS;${m.productId};4`);
    });
    lines.push(`31.02.${to.slice(0, 4)};;;1;1`);
    const request: CreateReconciliationRequest = {
      locationIds: [kari.locationId],
      from,
      to,
      toleranceDays: 3,
      mapping,
      idempotencyKey: `demo-${month.file}`,
    };
    const prepared = await prepareReconciliation(tx, auth, 'nb-NO', request, Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`));
    const id = await saveReconciliation(tx, auth, request, month.file, prepared);
    await tx.execute(sql`UPDATE reconciliations SET created_at = ${to}::date + time '08:15' WHERE id = ${id} AND ${month.endsDaysAgo} > 0`);
  }
}
