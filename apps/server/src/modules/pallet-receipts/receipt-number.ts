/**
 * Receipt numbers (issue 11; docs/pallet-receipts.md): `PK-<year>-<nnnnnn>`, counted per year
 * from 1 (PK: pallekvittering). The counter is an `app_meta` row per year
 * (`palletReceiptNumber:<year>`) raised by an upsert that locks the row until the transaction
 * ends, so two receipts written at once get two numbers and a rolled-back one frees its number.
 * POST PalletReceipts takes it last in its transaction (issue 20: the lock was held through two
 * mails with a PDF each, p99 5.2 s under 50 clients), so the row is locked only to the commit.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** The number `sequence` of `year`: PK-2026-000123. */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `PK-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Takes the next receipt number of `year` inside `tx` (see the file comment). */
export async function nextReceiptNumber(tx: Tx, year: number): Promise<string> {
  const key = `palletReceiptNumber:${year}`;
  const [row] = await rows<{ value: string }>(
    tx,
    sql`INSERT INTO app_meta (key, value) VALUES (${key}, '1')
        ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::int + 1)::text RETURNING value`,
  );
  return formatReceiptNumber(year, Number(row?.value ?? 1));
}

/**
 * Gives receipt `id` (stored with a provisional value within its transaction) the next number of
 * the year of `day` (its handover day, yyyy-MM-dd): the last writes of its transaction.
 */
export async function takeReceiptNumber(tx: Tx, id: number, day: string): Promise<string> {
  const number = await nextReceiptNumber(tx, Number(day.slice(0, 4)));
  await tx.execute(sql`UPDATE pallet_receipts SET receipt_number = ${number} WHERE id = ${id}`);
  return number;
}
