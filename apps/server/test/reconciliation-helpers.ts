/**
 * What the reconciliation tests share (reconciliation*.test.ts): a location's movements as its
 * statement lists them (one per order, pallet receipt or single entry, product and booking day,
 * as the reconciliation's ledger side groups them), a CSV of rows, and the two uploads.
 */
import { addPlainDays, type CreateReconciliationRequest, todayIn } from '@portal/domain';
import { multipart, type TestContext } from './helpers.js';

/** One movement of the ledger's side as a test writes it to a file. */
export interface TestMovement {
  reference: string;
  orderId: number | null;
  receiptNumber: string | null;
  productId: number;
  date: string;
  quantity: number;
  counterparty: string | null;
}

/** The movements of `locationId` from `from` to `to` by GET Statements, by day, then first entry. */
export async function movementsOf(ctx: TestContext, token: string, locationId: number, from: string, to: string): Promise<TestMovement[]> {
  const answer = await ctx.call('GET', `/api/Statements?locationId=${locationId}&from=${from}&to=${to}`, { token });
  if (answer.status !== 200) throw new Error(`statement ${answer.status}`);
  const byKey = new Map<string, TestMovement>();
  for (const e of answer.body.data.entries as {
    id: number;
    orderId: number | null;
    palletReceiptNumber: string | null;
    productId: number;
    bookingDate: string;
    quantity: number;
    counterparty: string | null;
  }[]) {
    const source = e.orderId !== null ? `o${e.orderId}` : e.palletReceiptNumber !== null ? `r${e.palletReceiptNumber}` : `e${e.id}`;
    const key = `${source}|${e.productId}|${e.bookingDate}`;
    const m = byKey.get(key);
    if (m) m.quantity += e.quantity;
    else
      byKey.set(key, {
        reference: e.orderId !== null ? String(e.orderId) : (e.palletReceiptNumber ?? ''),
        orderId: e.orderId,
        receiptNumber: e.palletReceiptNumber,
        productId: e.productId,
        date: e.bookingDate,
        quantity: e.quantity,
        counterparty: e.counterparty,
      });
  }
  return [...byKey.values()].filter((m) => m.quantity !== 0);
}

/** dd.MM.yyyy of yyyy-MM-dd. */
export const nordicDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** A `;`-separated CSV with a BOM: Dato;Ordrenr;Motpart;Vare;Antall and the rows. */
export function csvOf(rows: (string | number | null)[][], header = ['Dato', 'Ordrenr', 'Motpart', 'Vare', 'Antall']): Buffer {
  const quote = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from(`\uFEFF${[header, ...rows].map((r) => r.map(quote).join(';')).join('\r\n')}\r\n`);
}

/** The mapping of `csvOf`'s columns. */
export const csvMapping: CreateReconciliationRequest['mapping'] = {
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

let keys = 0;
/** A fresh idempotency key. */
export const freshKey = () => `test-key-${Date.now()}-${++keys}`;

/** POST ReconciliationFile. */
export async function preview(ctx: TestContext, token: string, data: Buffer | null, fields: Record<string, string> = {}, name = 'erp.csv') {
  const body = multipart(fields, data ? { name, data } : null);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/ReconciliationFile',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/** POST Reconciliations with `request` as its JSON field (a string is sent as it is). */
export async function reconcile(
  ctx: TestContext,
  token: string,
  data: Buffer | null,
  request: Partial<CreateReconciliationRequest> | string,
  name = 'erp.csv',
) {
  const body = multipart({ request: typeof request === 'string' ? request : JSON.stringify(request) }, data ? { name, data } : null);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Reconciliations',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Kari's acting location and a period of the last `days` days up to today there. */
export async function kariPeriod(ctx: TestContext, token: string, days = 60) {
  const location = (await ctx.call('GET', '/api/location', { token })).body.data as { id: number; customerId: number; countryId: string };
  const to = todayIn(location.countryId);
  return { location, from: addPlainDays(to, -days), to };
}
