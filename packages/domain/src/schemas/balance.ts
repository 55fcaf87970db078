/**
 * Balance (spec section 3, "Inventory"; docs/domain.md, "Balance screen"): stock details of a
 * location, its balance per product (GET Inventory), the ledger history of one product (GET
 * BalanceHistory), and the start page's volume. Stock levels: schemas/stock-levels.ts.
 */
import { z } from 'zod';
import { balanceKinds } from '../enums.js';
import { addPlainDays } from '../plain-date.js';
import { stockLevelStates } from '../stock-level.js';
import { queryBool, queryId, ZPlainDate } from './common.js';

/** GET stockDetails: a location's balances; the acting location when `locationId` is left out. */
export const ZStockDetailsQuery = z.object({ locationId: queryId.optional() });

/**
 * A location's stock (GET stockDetails): the running balances per product and balance kind
 * (read from `balances`, never summed from the ledger), and apart the carriers in transit
 * (orders in statuses 3, 4 and 9-14, not yet posted): `incoming` to this location, `outgoing`
 * from it, by the quantities the order would post now. Quantities in carriers.
 */
export const ZStockDetails = z.object({
  locationId: z.number().int(),
  balances: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      balanceKind: z.enum(balanceKinds),
      quantity: z.number().int(),
    }),
  ),
  inTransit: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      incoming: z.number().int(),
      outgoing: z.number().int(),
    }),
  ),
});
export type StockDetails = z.infer<typeof ZStockDetails>;

/** The volume widget of the start page (spec section 9): this year's orders, carriers, tonnes. */
export const ZVolumeWidget = z.object({
  year: z.number().int(),
  orders: z.number().int(),
  pallets: z.number().int(),
  /** Tare weight in kilograms (shown as tonnes). */
  weightKg: z.number(),
});

/** An amount of money: integer minor units (øre, öre, cent) of `currency` (NOK, SEK, DKK, EUR). */
export const ZMoneyAmount = z.object({
  currency: z.string().describe('ISO 4217 code: NOK, SEK, DKK or EUR'),
  amount: z.number().int().describe('Minor units (øre, öre, cent)'),
});
export type MoneyAmount = z.infer<typeof ZMoneyAmount>;

/**
 * GET Inventory: the balance of one location (`locationId`, default the acting location) or,
 * with `all=true`, of every location of the caller's scope summed; not both.
 */
export const ZInventoryQuery = z
  .object({ locationId: queryId.optional(), all: queryBool.optional() })
  .refine((q) => !(q.all && q.locationId !== undefined), { message: 'validation.allOrLocation', path: ['all'] });
export type InventoryQuery = z.infer<typeof ZInventoryQuery>;

/**
 * The money of a commission balance in one currency (docs/domain.md, "Balance screen"):
 * commission balance x the product's commission unit price (`sell`, excl. VAT) of the price
 * list in force today for the location's country; positive is the location's credit, negative
 * what it owes. Minor units.
 */
export const ZCommissionValue = ZMoneyAmount.extend({ unitPrice: z.number().int().describe('Minor units per carrier, excl. VAT') });
export type CommissionValue = z.infer<typeof ZCommissionValue>;

/** One product of GET Inventory (spec section 3, "Inventory"). Quantities in carriers. */
export const ZInventoryLine = z.object({
  productId: z.number().int(),
  productName: z.string(),
  poolingBalance: z.number().int(),
  commissionBalance: z.number().int(),
  /**
   * Credit (positive) or owes (negative) per currency; one entry for one location, one per
   * currency for all locations; empty when no price list prices the product; null for users
   * without the finance-report permission.
   */
  creditOwes: z.array(ZCommissionValue).nullable(),
  /** The counted quantity of the last confirmed count audit (all locations: the sum of each one's last). */
  physicalBalance: z.number().int().nullable(),
  /** The day of that count (all locations: the oldest of the counts summed). */
  physicalDate: z.string().nullable(),
  /** The count audit (one location only). */
  countAuditId: z.number().int().nullable(),
  /** In transit: orders in statuses 3, 4 and 9-14 to the location (as GET stockDetails). */
  incoming: z.number().int(),
  /** In transit: such orders from the location. */
  outgoing: z.number().int(),
  /** The balance to expect when the transit lands: pooling + commission + incoming - outgoing. */
  expected: z.number().int(),
  /** The stock levels (one location only; null: not set). */
  lowerLevel: z.number().int().nullable(),
  upperLevel: z.number().int().nullable(),
  /**
   * Where pooling + commission stands against the levels; all locations: `below` when any
   * location is below, else `above` when any is above, else `within`; null without levels.
   */
  levelState: z.enum(stockLevelStates).nullable(),
});
export type InventoryLine = z.infer<typeof ZInventoryLine>;

/** GET Inventory's answer: per product, and the totals (money per currency). */
export const ZInventory = z.object({
  /** The location read; null for all locations. */
  locationId: z.number().int().nullable(),
  all: z.boolean(),
  /** The day whose price lists price the commission balances (today, yyyy-MM-dd). */
  priceDate: z.string(),
  lines: z.array(ZInventoryLine),
  totals: z.object({
    poolingBalance: z.number().int(),
    commissionBalance: z.number().int(),
    incoming: z.number().int(),
    outgoing: z.number().int(),
    expected: z.number().int(),
    creditOwes: z.array(ZMoneyAmount).nullable(),
  }),
});
export type Inventory = z.infer<typeof ZInventory>;

/** A location whose balance the caller may read (GET BalanceLocations: the caller's scope). */
export const ZBalanceLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  countryId: z.string(),
});
export type BalanceLocation = z.infer<typeof ZBalanceLocation>;

/**
 * Ledger entry sources (domain.md, "Balances"): an order at 5, an opening balance, the provider's
 * issue or scrap, a count audit's correction, a final pallet receipt (docs/pallet-receipts.md),
 * a rental's containers (issue 11), a dispute's correction (issue 22, docs/disputes.md).
 */
export const ledgerSources = [
  'order',
  'opening',
  'issue',
  'scrap',
  'correction',
  'receipt',
  'receiptCorrection',
  'rental',
  'dispute',
] as const;
export type LedgerSource = (typeof ledgerSources)[number];

/** The longest period GET BalanceHistory answers, in days (two years, a leap day included): a bounded answer. */
export const BALANCE_HISTORY_MAX_DAYS = 731;

/**
 * GET BalanceHistory: the ledger of one location and product between two days (yyyy-MM-dd,
 * both inclusive; from <= to, at most `BALANCE_HISTORY_MAX_DAYS` apart).
 */
export const ZBalanceHistoryQuery = z
  .object({ locationId: queryId, productId: queryId, from: ZPlainDate, to: ZPlainDate })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['from'] })
  // Object refinements run even when a field failed (Zod 4): only real dates are added to.
  .refine((q) => !ZPlainDate.safeParse(q.from).success || q.to <= addPlainDays(q.from, BALANCE_HISTORY_MAX_DAYS), {
    message: 'validation.dateRangeTooLong',
    path: ['from'],
  });
export type BalanceHistoryQuery = z.infer<typeof ZBalanceHistoryQuery>;

/** A balance per kind and in all (pooling + commission), in carriers. */
export const ZBalanceFigures = z.object({ pooling: z.number().int(), commission: z.number().int(), total: z.number().int() });
export type BalanceFigures = z.infer<typeof ZBalanceFigures>;

/** One ledger entry of the history, with the balance after it. */
export const ZBalanceHistoryEntry = z.object({
  id: z.number().int(),
  bookingDate: z.string(),
  balanceKind: z.enum(balanceKinds),
  /** Signed: + in, - out. */
  quantity: z.number().int(),
  source: z.enum(ledgerSources),
  /** The order it came from (its id is the order number); null for other sources. */
  order: z
    .object({
      id: z.number().int(),
      transactionTypeId: z.number().int(),
      transactionStatusId: z.number().int(),
      locationIdFrom: z.number().int(),
      locationNameFrom: z.string(),
      /** Null for an external receiver (its name is in `locationNameTo`). */
      locationIdTo: z.number().int().nullable(),
      locationNameTo: z.string().nullable(),
    })
    .nullable(),
  /** The count audit a correction comes from. */
  countAuditId: z.number().int().nullable(),
  /** The pallet receipt a `receipt` or `receiptCorrection` entry comes from (GET PalletReceipts/{id}); null for other sources. */
  palletReceiptId: z.number().int().nullable(),
  /** The receipt's number (PK-2026-000123) of a `receipt` or `receiptCorrection` entry; null for other sources. */
  palletReceiptNumber: z.string().nullable(),
  /**
   * The other side of a receipt's entry, as seen from this location (issue 20): the receipt's
   * counterparty (a portal or an external location) at its location, the receipt's location at
   * its counterparty; null for other sources.
   */
  palletReceiptCounterparty: z.string().nullable(),
  /** The container rental a `rental` entry comes from (GET Rentals/{id}); null for other sources. */
  rentalId: z.number().int().nullable(),
  /** The running balance after this entry (entries in booking date, then id order). */
  balanceAfter: ZBalanceFigures,
});
export type BalanceHistoryEntry = z.infer<typeof ZBalanceHistoryEntry>;

/** GET BalanceHistory's answer: the balance at the start of `from`, the entries, and the balance at the end of `to`. */
export const ZBalanceHistory = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  from: z.string(),
  to: z.string(),
  balanceAtFrom: ZBalanceFigures,
  balanceAtTo: ZBalanceFigures,
  entries: z.array(ZBalanceHistoryEntry),
});
export type BalanceHistory = z.infer<typeof ZBalanceHistory>;
