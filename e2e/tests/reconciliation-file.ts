/**
 * The file a reconciliation journey uploads (issue 22: "kari reconciles a file with a difference,
 * disputes the row"; docs/reconciliation.md). The demo data is dated relative to today, so the
 * file cannot be a fixture: `reconciliationFile` builds it from the API as kari's ERP would export
 * it: a `;`-separated CSV with a byte order mark and Norwegian headers (Dato;Ordrenr;Motpart;Vare;
 * Antall), one row per movement of kari's location in the last `days` days (her statement,
 * GET /api/Statements), the product by its name, signed quantities. Exactly one row differs from
 * the ledger: a received order of kari's location from another customer's location (not a
 * provider depot, not one of `avoidLocationIds`, e.g. ole's, whose newest order the disputes
 * journey takes; or exactly `partnerLocationId`), booked within the last 25 days (inside the
 * 30-day dispute window) and without an open dispute, `shortBy` carriers fewer in the file.
 * Reconciled with the mapping `reconciliationMapping` over `from`-`to`, every other row matches
 * and that one is `different` by quantity, so the match rate is below 100 %.
 */
import type { APIRequestContext } from '@playwright/test';

/** The columns of the file as the reconciliation maps them (ZReconciliationMapping). */
export const reconciliationMapping = {
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

/** What `reconciliationFile` built. */
export interface ReconciliationFile {
  /** The CSV's bytes and a name to upload it by. */
  csv: Buffer;
  fileName: string;
  /** kari's location and the period the file covers (yyyy-MM-dd, both inclusive). */
  locationId: number;
  from: string;
  to: string;
  /** The one row that differs: its 1-based row in the file, the order, and both quantities. */
  different: { row: number; orderId: number; productId: number; productName: string; ledgerQuantity: number; fileQuantity: number };
}

interface Entry {
  id: number;
  bookingDate: string;
  productId: number;
  quantity: number;
  orderId: number | null;
  palletReceiptNumber: string | null;
  counterparty: string | null;
}

const get = async <T>(request: APIRequestContext, url: string, token: string): Promise<T> => {
  const answer = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok()) throw new Error(`GET ${url}: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
};

/** yyyy-MM-dd `days` after `date`. */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** dd.MM.yyyy, as a Norwegian ERP writes dates. */
const nordic = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * Builds kari's ERP export (see the file comment) with `token`, kari's.
 * @throws when her location received no order that fits in the period
 */
export async function reconciliationFile(
  request: APIRequestContext,
  token: string,
  options: { days?: number; shortBy?: number; avoidLocationIds?: number[]; partnerLocationId?: number } = {},
): Promise<ReconciliationFile> {
  const { days = 30, shortBy = 2, avoidLocationIds = [], partnerLocationId } = options;
  const location = await get<{ id: number; countryId: string }>(request, '/api/location', token);
  const zone = { NO: 'Europe/Oslo', SE: 'Europe/Stockholm', DK: 'Europe/Copenhagen', FI: 'Europe/Helsinki' }[location.countryId];
  const to = new Intl.DateTimeFormat('sv-SE', { timeZone: zone ?? 'Europe/Oslo' }).format(new Date());
  const from = addDays(to, -(days - 1));
  const statement = await get<{ entries: Entry[]; accounts: { productId: number; productName: string }[] }>(
    request,
    `/api/Statements?locationId=${location.id}&from=${from}&to=${to}`,
    token,
  );
  const own = new Set((await get<{ id: number }[]>(request, '/api/BalanceLocations', token)).map((l) => l.id));
  const received = await get<{ items: { id: number; locationIdFrom: number; customerGroupFrom: string }[] }>(
    request,
    `/api/Orders?transactionStatus=5&locationIdTo=${location.id}&count=500`,
    token,
  );
  const names = new Map(statement.accounts.map((a) => [a.productId, a.productName]));

  // One row per order, pallet receipt or single entry, product and booking day, as the reconciliation's ledger side.
  const movements = new Map<string, Entry>();
  for (const e of statement.entries) {
    const source = e.orderId !== null ? `o${e.orderId}` : e.palletReceiptNumber !== null ? `r${e.palletReceiptNumber}` : `e${e.id}`;
    const key = `${source}|${e.productId}|${e.bookingDate}`;
    const m = movements.get(key);
    if (m) m.quantity += e.quantity;
    else movements.set(key, { ...e });
  }
  const list = [...movements.values()].filter((m) => m.quantity !== 0);

  const orders = new Map(received.items.map((o) => [o.id, o]));
  let different: Entry | undefined;
  for (const m of [...list].reverse()) {
    const order = m.orderId === null ? undefined : orders.get(m.orderId);
    if (!order || m.quantity <= shortBy || m.bookingDate < addDays(to, -25)) continue;
    if (partnerLocationId !== undefined ? order.locationIdFrom !== partnerLocationId : order.customerGroupFrom === 'TO') continue;
    if (own.has(order.locationIdFrom) || avoidLocationIds.includes(order.locationIdFrom)) continue;
    // Once per movement: only one row of the order (one product).
    if (list.filter((x) => x.orderId === m.orderId).length !== 1) continue;
    // Never disputed before (an earlier correction would change what is in force).
    const open = await get<unknown[]>(request, `/api/Disputes?list=open&orderId=${m.orderId}`, token);
    const decided = await get<unknown[]>(request, `/api/Disputes?list=decided&orderId=${m.orderId}`, token);
    if (open.length > 0 || decided.length > 0) continue;
    different = m;
    break;
  }
  if (!different) throw new Error(`no received order of location ${location.id} from ${from} to ${to} fits the journey`);

  const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['Dato;Ordrenr;Motpart;Vare;Antall'];
  let row = 0;
  for (const m of list) {
    const quantity = m === different ? m.quantity - shortBy : m.quantity;
    if (m === different) row = lines.length + 1;
    lines.push(
      [
        nordic(m.bookingDate),
        m.orderId !== null ? String(m.orderId) : (m.palletReceiptNumber ?? ''),
        quote(m.counterparty ?? ''),
        quote(names.get(m.productId) ?? String(m.productId)),
        String(quantity),
      ].join(';'),
    );
  }
  return {
    csv: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    fileName: `erp-eksport-${from}-${to}.csv`,
    locationId: location.id,
    from,
    to,
    different: {
      row,
      orderId: Number(different.orderId),
      productId: different.productId,
      productName: names.get(different.productId) ?? String(different.productId),
      ledgerQuantity: different.quantity,
      fileQuantity: different.quantity - shortBy,
    },
  };
}
