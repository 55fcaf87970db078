/**
 * Price lists and invoices (issue 8; domain.md, "Fees, price lists and invoices"). Money in
 * minor currency units (øre, öre, cent) as bigint, in the price list's or invoice's currency.
 */
import { boolean, date, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from './columns.js';
import { customers, locations } from './company.js';
import { carrierTypes, countries, products } from './reference.js';

/**
 * A price list of one country for a period (valid from, to inclusive; open-ended when `valid_to`
 * is null). Periods of one country do not overlap. `source` names where the figures come from.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    currency: text('currency').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    name: text('name').notNull(),
    source: text('source').notNull(),
  },
  (t) => [uniqueIndex('price_lists_country_from_uq').on(t.countryId, t.validFrom)],
);

/** Commission unit prices of a price list per product, excl. VAT: what the provider sells at (`sell`) and buys at (`buy`). */
export const priceListProducts = pgTable(
  'price_list_products',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sellPrice: money('sell_price').notNull(),
    buyPrice: money('buy_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productId] })],
);

/**
 * The pool's fees of a price list per carrier type, excl. VAT: receiver fee and trip fee per
 * carrier, day hire per carrier and day after `free_days`, replacement value per carrier.
 */
export const priceListFees = pgTable(
  'price_list_fees',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id),
    carrierTypeId: integer('carrier_type_id')
      .notNull()
      .references(() => carrierTypes.id),
    receiverFee: money('receiver_fee').notNull(),
    tripFee: money('trip_fee').notNull(),
    dayHire: money('day_hire').notNull(),
    freeDays: smallint('free_days').notNull().default(0),
    replacementValue: money('replacement_value').notNull(),
    /** Day rent per container and day held in a rental (issue 11), for container carrier types. */
    dayRent: money('day_rent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.carrierTypeId] })],
);

/** The gap-free invoice number series of a country: the next number, taken under a row lock in the invoice's transaction. */
export const invoiceSeries = pgTable('invoice_series', {
  countryId: text('country_id')
    .primaryKey()
    .references(() => countries.id),
  prefix: text('prefix').notNull(),
  nextNumber: integer('next_number').notNull().default(1),
});

/**
 * An invoice of one customer, type (`pooling`: fees and day hire; `commission`: carriers bought
 * and sold on the customer's account) and month (`period`, the month's first day): one at most
 * (`invoices_period_uq`). Amounts in minor units of `currency`; `vat_rate_bp` in basis points
 * (25 % = 2500).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    invoiceType: text('invoice_type').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    amountExclVat: money('amount_excl_vat').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatAmount: money('vat_amount').notNull(),
    amountInclVat: money('amount_incl_vat').notNull(),
    paid: boolean('paid').notNull().default(false),
    paidDate: date('paid_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_period_uq').on(t.customerId, t.invoiceType, t.period),
    uniqueIndex('invoices_number_uq').on(t.countryId, t.invoiceNumber),
    index('invoices_customer_date_idx').on(t.customerId, t.invoiceType, t.invoiceDate),
  ],
);

/**
 * One line of an invoice: `kind` (receiverFee, tripFee, dayHire, replacement, commissionSale,
 * commissionPurchase) for a product or carrier type, optionally a location; `quantity` in
 * carriers (carrier-days for day hire), `unit_price` and `amount` excl. VAT in minor units
 * (`amount` = quantity x unit price, negative for a credit).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    kind: text('kind').notNull(),
    productId: integer('product_id').references(() => products.id),
    carrierTypeId: integer('carrier_type_id').references(() => carrierTypes.id),
    locationId: integer('location_id').references(() => locations.id),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] })],
);

/**
 * The invoicing job's record of one customer's month (invoices/invoicing-job.ts): `done_at` once
 * the month's invoices were made (in the same transaction; a customer with nothing to charge is
 * done too), else the failed attempts so far, when the next may run (`retry_after`, a growing
 * back-off) and the last error. A failing customer neither blocks the other customers or the
 * later months nor is retried on every tick.
 */
export const invoicingRuns = pgTable(
  'invoicing_runs',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    period: date('period', { mode: 'string' }).notNull(),
    doneAt: ts('done_at'),
    attempts: smallint('attempts').notNull().default(0),
    retryAfter: ts('retry_after'),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.period] })],
);
