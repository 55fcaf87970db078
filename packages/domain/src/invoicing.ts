/**
 * The rules of the monthly invoices (issue 8; docs/invoicing.md, "Invoices"): which lines a
 * month's quantities give with the price list in force, their order, the totals, the invoice
 * and due dates. Pure functions: the server reads the quantities from the ledger
 * (apps/server/src/modules/invoices/invoice-quantities.ts) and the prices through
 * `priceListFor`; everything that turns them into money happens here, through money.ts.
 * Money in integer minor units of the price list's currency; quantities in carriers
 * (carrier-days for day hire); dates yyyy-MM-dd.
 */
import { chargeableCarrierDays, type DayHireBalance } from './day-hire.js';
import { type InvoiceTotals, invoiceTotals, lineAmount } from './money.js';
import { addPlainDays } from './plain-date.js';

/** The two invoices of a customer and month: the pool's fees (`pooling`) and carriers bought and sold (`commission`). */
export const invoiceTypes = ['pooling', 'commission'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/**
 * What a line charges, in the order lines appear on an invoice:
 * - `receiverFee`: carriers received on pooling orders (per carrier type);
 * - `tripFee`: carriers sent on pooling orders to another pool member's location, not a depot (per carrier type);
 * - `dayHire`: carrier-days of pooling balance beyond the free days (per carrier type);
 * - `replacement`: pooling carriers lost, a negative count-audit correction (per carrier type);
 * - `containerRent`: container-days held in rentals, at the price list's day rent (per carrier
 *   type; issue 11, docs/containers.md "Day rent");
 * - `commissionSale`: carriers the provider sold to the customer, at the list's sell price (per product);
 * - `commissionPurchase`: carriers the provider bought back, at its buy price, a credit (per product).
 */
export const invoiceLineKinds = [
  'receiverFee',
  'tripFee',
  'dayHire',
  'replacement',
  'containerRent',
  'commissionSale',
  'commissionPurchase',
] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

/** Days from the invoice date to the due date (the portal's payment terms: net 30 days). */
export const INVOICE_PAYMENT_DAYS = 30;

/**
 * Fees of one carrier type from the price list, minor units per carrier (day hire per carrier and
 * day after `freeDays`; day rent per container and day held in a rental, container types only).
 */
export interface FeeRates {
  receiverFee: number;
  tripFee: number;
  dayHire: number;
  freeDays: number;
  replacementValue: number;
  dayRent: number;
}

/** One invoice line before it is stored: quantity x unit price = amount (minor units, excl. VAT; negative for a credit). */
export interface DraftLine {
  kind: InvoiceLineKind;
  carrierTypeId: number | null;
  productId: number | null;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** A month's pooling quantities of one customer, read from the ledger (docs/invoicing.md, "Fee bases"). */
export interface PoolingQuantities {
  /** Carriers received on pooling orders, per carrier type id. */
  received: ReadonlyMap<number, number>;
  /** Carriers sent on pooling orders to a customer location (a trip through the pool), per carrier type id. */
  trips: ReadonlyMap<number, number>;
  /**
   * Per location and product (with the product's carrier type, which prices it; as the pooling
   * report's rows): the pooling balance at the month's start and its booking
   * days from the free-days window before the month (`freeDaysWindowStart`) to the month's end
   * (day-hire.ts), for day hire with free days per receipt.
   */
  balances: readonly ({ carrierTypeId: number } & DayHireBalance)[];
  /** Pooling carriers lost (negative count-audit corrections), per carrier type id. */
  lost: ReadonlyMap<number, number>;
  /**
   * Container-days held in the month in rentals of the customer's locations, per carrier type
   * id: each container from its assigned day to its returned day (or the month's end while out),
   * inclusive, within the month (docs/containers.md, "Day rent").
   */
  containerDays: ReadonlyMap<number, number>;
}

/** A month's commission quantities of one customer: carriers bought from and sold back to the provider, per product id. */
export interface CommissionQuantities {
  bought: ReadonlyMap<number, number>;
  soldBack: ReadonlyMap<number, number>;
}

const byKey = <T>(map: ReadonlyMap<number, T>) => [...map.entries()].sort(([a], [b]) => a - b);

function line(kind: InvoiceLineKind, ids: { carrierTypeId?: number; productId?: number }, quantity: number, unitPrice: number): DraftLine {
  return {
    kind,
    carrierTypeId: ids.carrierTypeId ?? null,
    productId: ids.productId ?? null,
    quantity,
    unitPrice,
    amount: lineAmount(quantity, unitPrice),
  };
}

/**
 * The day hire of the month `from` to `to` (yyyy-MM-dd) in carrier-days per carrier type: for
 * each location, the carrier-days of its balance beyond the free days of each receipt
 * (`chargeableCarrierDays`, day-hire.ts), then summed per carrier type. Computed per location
 * and product (each entry of `balances`), so one location's free days never pay for another's
 * stock, nor one product's receipts for another product's stock of the same carrier type.
 */
export function dayHireDays(
  balances: PoolingQuantities['balances'],
  fees: ReadonlyMap<number, FeeRates>,
  from: string,
  to: string,
): Map<number, number> {
  const days = new Map<number, number>();
  for (const b of balances) {
    const rates = fees.get(b.carrierTypeId);
    // No day hire in the list (containers: a day rent instead), no carrier-days to count.
    if (!rates || rates.dayHire === 0) continue;
    const chargeable = chargeableCarrierDays(b, from, to, rates.freeDays);
    if (chargeable > 0) days.set(b.carrierTypeId, (days.get(b.carrierTypeId) ?? 0) + chargeable);
  }
  return days;
}

/**
 * The lines of a pooling invoice: receiver fees, trip fees, day hire, replacement values and
 * container rent, in that order, each by carrier type id. A carrier type without fees in the list (containers)
 * and a quantity of 0 give no line; a fee of 0 gives none either (nothing to charge).
 * `period` is the month (yyyy-MM-01).
 */
export function poolingLines(quantities: PoolingQuantities, fees: ReadonlyMap<number, FeeRates>, period: string): DraftLine[] {
  const lines: DraftLine[] = [];
  const add = (kind: InvoiceLineKind, map: ReadonlyMap<number, number>, price: (rates: FeeRates) => number) => {
    for (const [carrierTypeId, quantity] of byKey(map)) {
      const rates = fees.get(carrierTypeId);
      if (!rates || quantity <= 0 || price(rates) === 0) continue;
      lines.push(line(kind, { carrierTypeId }, quantity, price(rates)));
    }
  };
  add('receiverFee', quantities.received, (r) => r.receiverFee);
  add('tripFee', quantities.trips, (r) => r.tripFee);
  add('dayHire', dayHireDays(quantities.balances, fees, period, periodEnd(period)), (r) => r.dayHire);
  add('replacement', quantities.lost, (r) => r.replacementValue);
  add('containerRent', quantities.containerDays, (r) => r.dayRent);
  return lines;
}

/**
 * The lines of a commission invoice: carriers the provider sold to the customer at the list's
 * sell price, then carriers it bought back at its buy price as credits (negative amounts), each
 * by product id. A product the list has no price for gives no line.
 */
export function commissionLines(quantities: CommissionQuantities, prices: ReadonlyMap<number, { sell: number; buy: number }>): DraftLine[] {
  const lines: DraftLine[] = [];
  for (const [productId, quantity] of byKey(quantities.bought)) {
    const price = prices.get(productId);
    if (price && quantity > 0 && price.sell > 0) lines.push(line('commissionSale', { productId }, quantity, price.sell));
  }
  for (const [productId, quantity] of byKey(quantities.soldBack)) {
    const price = prices.get(productId);
    if (price && quantity > 0 && price.buy > 0) lines.push(line('commissionPurchase', { productId }, quantity, -price.buy));
  }
  return lines;
}

/** An invoice's lines numbered from 1 and its totals (`invoiceTotals`: lines, VAT and total add up exactly). */
export function draftInvoice(
  lines: readonly DraftLine[],
  vatRateBp: number,
): { lines: (DraftLine & { lineNo: number })[] } & InvoiceTotals {
  return {
    lines: lines.map((l, i) => ({ ...l, lineNo: i + 1 })),
    ...invoiceTotals(
      lines.map((l) => l.amount),
      vatRateBp,
    ),
  };
}

/** The invoicing period (the month's first day, yyyy-MM-01) that holds `day`. */
export function periodOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of the period starting `period` (yyyy-MM-01). */
export function periodEnd(period: string): string {
  return addPlainDays(nextPeriod(period), -1);
}

/** The period after `period` (yyyy-MM-01). */
export function nextPeriod(period: string): string {
  const date = new Date(`${period}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 1);
  return date.toISOString().slice(0, 10);
}

/** The period before `period` (yyyy-MM-01). */
export function previousPeriod(period: string): string {
  const date = new Date(`${period}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1, 1);
  return date.toISOString().slice(0, 10);
}

/** The last complete month before `today`: its first day (today 2026-11-25 -> 2026-10-01). */
export function lastCompletePeriod(today: string): string {
  return previousPeriod(periodOf(today));
}

/** The due date of an invoice dated `invoiceDate`: INVOICE_PAYMENT_DAYS later. */
export function invoiceDueDate(invoiceDate: string): string {
  return addPlainDays(invoiceDate, INVOICE_PAYMENT_DAYS);
}

/** Whether an invoice is overdue on `today`: not paid and its due date passed (the due day itself is not late). */
export function isOverdue(invoice: { paid: boolean; dueDate: string }, today: string): boolean {
  return !invoice.paid && invoice.dueDate < today;
}

/** An invoice number: the country series' prefix and the number, six digits at least ("NO-000123"). */
export function formatInvoiceNumber(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(6, '0')}`;
}

/**
 * A company's VAT number from its organisation number, as an invoice prints it: Norway
 * "NO 912345678 MVA" (merverdiavgiftsregisteret), Sweden "SE556123456701" (the org number and
 * 01), Denmark "DK12345678" (the CVR number), Finland "FI12345678" (the business ID without its
 * dash). Null without an org number.
 */
export function vatNumber(country: string, orgNumber: string | null): string | null {
  const digits = (orgNumber ?? '').replace(/\D/g, '');
  if (!digits) return null;
  if (country === 'NO') return `NO ${digits} MVA`;
  if (country === 'SE') return `SE${digits}01`;
  return `${country}${digits}`;
}
