/**
 * Reconciliation (issue 22, "Reconciliation against the customer's own records";
 * docs/reconciliation.md): a customer uploads its own movements (its ERP's export, .xlsx or
 * .csv), maps the file's columns once (kept per customer), and the portal matches each file row
 * to the ledger of the chosen locations and period: first by reference (the order number, the
 * order's own reference, the pallet receipt's number), then by counterparty, product, quantity
 * and booking date within a tolerance. Quantities in carriers, signed from the customer's side
 * (+ in to its location, - out of it); dates yyyy-MM-dd, both ends of the period inclusive.
 */
import { z } from 'zod';
import { addPlainDays } from '../plain-date.js';
import { integer, queryInteger, requiredText, ZId, ZIdempotencyKey, ZPlainDate } from './common.js';

/** The largest file a reconciliation reads, in bytes (10 MiB: an ERP's year of a chain's movements). */
export const RECONCILIATION_MAX_BYTES = 10 * 1024 * 1024;
/** The most data rows one file may hold; more is refused with a message on `file`. */
export const RECONCILIATION_MAX_ROWS = 20_000;
/** The longest period one reconciliation covers, in days (a year, a leap day included). */
export const RECONCILIATION_MAX_DAYS = 366;
/** The date tolerance when none is chosen, in days either side (issue 22: "default +/- 3 days"). */
export const RECONCILIATION_DEFAULT_TOLERANCE_DAYS = 3;
/** The widest date tolerance, in days either side. */
export const RECONCILIATION_MAX_TOLERANCE_DAYS = 31;
/** The most columns of a file the mapping may name (0-based indexes below this). */
export const RECONCILIATION_MAX_COLUMNS = 100;
/** The most product values of a file that may be mapped to the portal's products. */
export const RECONCILIATION_MAX_PRODUCT_VALUES = 200;
/** The most distinct values the preview returns per column (for mapping a file's products). */
export const RECONCILIATION_PREVIEW_DISTINCT = 50;

/** A column of the file: its 0-based index (A = 0). */
const ZColumn = integer(0, RECONCILIATION_MAX_COLUMNS - 1);

/**
 * How a customer's file reads (kept per customer, POSTed with each run): the row of its headers
 * (1-based; data rows follow it), the columns of the booking date, the own reference (order
 * number), the counterparty (a GLN, or a name), the product, and the quantity: either one signed
 * column (`quantityColumn`, + in / - out) or two (`quantityInColumn`, `quantityOutColumn`, both
 * non-negative). `products` maps the file's product values (as written, compared without case
 * and surrounding spaces) to the portal's product ids; a value not named is matched to a
 * product's number or name. Dates are read as Excel dates, yyyy-MM-dd, dd.MM.yyyy, d.M.yyyy,
 * dd/MM/yyyy or dd-MM-yyyy.
 */
export const ZReconciliationMapping = z
  .object({
    headerRow: integer(1, 50),
    dateColumn: ZColumn,
    referenceColumn: ZColumn.nullable(),
    counterpartyColumn: ZColumn.nullable(),
    productColumn: ZColumn,
    quantityColumn: ZColumn.nullable(),
    quantityInColumn: ZColumn.nullable(),
    quantityOutColumn: ZColumn.nullable(),
    products: z
      .array(z.object({ value: requiredText(100), productId: ZId }))
      .max(RECONCILIATION_MAX_PRODUCT_VALUES, { message: 'validation.tooLong' }),
  })
  .refine((m) => m.quantityColumn !== null || (m.quantityInColumn !== null && m.quantityOutColumn !== null), {
    message: 'validation.reconciliationQuantityColumns',
    path: ['quantityColumn'],
  });
export type ReconciliationMapping = z.infer<typeof ZReconciliationMapping>;

/** One column of an uploaded file as the preview shows it. */
export const ZReconciliationColumn = z.object({
  index: z.number().int(),
  /** The text of the header row's cell ("" when empty). */
  header: z.string(),
  /** Up to RECONCILIATION_PREVIEW_DISTINCT distinct values of its data rows (to map products). */
  distinctValues: z.array(z.string()),
});

/**
 * POST ReconciliationFile (multipart: `file`, and `headerRow` as a form field, default the saved
 * mapping's or 1): the file's columns and first data rows, so the user can map them, with the
 * customer's saved mapping (null before its first reconciliation).
 */
export const ZReconciliationPreview = z.object({
  fileName: z.string(),
  rowCount: z.number().int(),
  columns: z.array(ZReconciliationColumn),
  /** The first 10 data rows, each cell as text. */
  sample: z.array(z.array(z.string())),
  mapping: ZReconciliationMapping.nullable(),
});
export type ReconciliationPreview = z.infer<typeof ZReconciliationPreview>;

/** The multipart form of POST ReconciliationFile (documentation and the fuzz test). */
export const ZReconciliationFileForm = z.object({
  file: z.file().describe('The file: an Excel workbook (.xlsx) or CSV text, told by its content, at most 10 MiB'),
  headerRow: queryInteger(1, 50).optional().describe('The 1-based row of the headers; default the saved mapping’s, else 1'),
});

/** The form fields of POST ReconciliationFile as read (`headerRow` as text). */
export const ZReconciliationFileFields = z.object({ headerRow: queryInteger(1, 50).optional() });

/**
 * POST Reconciliations (multipart: `file`, and `request` as a form field holding this as JSON):
 * reconcile the file against the ledger of `locationIds` (in the caller's scope, of the acting
 * customer; empty: all of them) from `from` to `to`, with the date tolerance in days either side.
 * The mapping is saved as the customer's. The same `idempotencyKey` twice answers the first run.
 */
export const ZCreateReconciliationRequest = z
  .object({
    locationIds: z.array(ZId).max(1000, { message: 'validation.tooLong' }),
    from: ZPlainDate,
    to: ZPlainDate,
    toleranceDays: integer(0, RECONCILIATION_MAX_TOLERANCE_DAYS).default(RECONCILIATION_DEFAULT_TOLERANCE_DAYS),
    mapping: ZReconciliationMapping,
    idempotencyKey: ZIdempotencyKey,
  })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['from'] })
  .refine((q) => !ZPlainDate.safeParse(q.from).success || q.to <= addPlainDays(q.from, RECONCILIATION_MAX_DAYS - 1), {
    message: 'validation.reconciliationPeriodTooLong',
    path: ['from'],
  });
export type CreateReconciliationRequest = z.infer<typeof ZCreateReconciliationRequest>;

/** The multipart form of POST Reconciliations (documentation and the fuzz test). */
export const ZCreateReconciliationForm = z.object({
  file: z.file().describe('The file: an Excel workbook (.xlsx) or CSV text, told by its content, at most 10 MiB'),
  request: z.string().describe('ZCreateReconciliationRequest as JSON: locationIds, from, to, toleranceDays, mapping, idempotencyKey'),
});

/**
 * What became of a row: `matched` (file and ledger agree: same quantity, dates within the
 * tolerance), `different` (matched, but the quantity differs, or, matched by reference, the date
 * lies outside the tolerance), `fileOnly` (a file row the ledger has not; also a row that could
 * not be read, with its `problem`), `portalOnly` (a ledger movement the file has not).
 */
export const reconciliationOutcomes = ['matched', 'different', 'fileOnly', 'portalOnly'] as const;
export type ReconciliationOutcome = (typeof reconciliationOutcomes)[number];

/** One row of a reconciliation: a file row, a ledger movement, or both matched. */
export const ZReconciliationRow = z.object({
  id: z.number().int(),
  outcome: z.enum(reconciliationOutcomes),
  /** How it was matched; null when not. */
  matchedBy: z.enum(['reference', 'counterparty']).nullable(),
  /** What differs of a `different` row. */
  differences: z.array(z.enum(['quantity', 'date'])),
  /** Why a file row could not be read (a `validation.*` key: date, quantity, product); null when it was. */
  problem: z.string().nullable(),
  /** The file's side (null for a `portalOnly` row): its 1-based row number and cells as read. */
  fileRow: z.number().int().nullable(),
  fileDate: z.string().nullable(),
  fileReference: z.string().nullable(),
  fileCounterparty: z.string().nullable(),
  fileProduct: z.string().nullable(),
  /** Signed carriers: + in, - out. */
  fileQuantity: z.number().int().nullable(),
  /** The product (the file's, as mapped; else the ledger's). */
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** The ledger's side (null for a `fileOnly` row): the location, booking day, signed carriers. */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  ledgerDate: z.string().nullable(),
  ledgerQuantity: z.number().int().nullable(),
  /** The movement: the order (its id is its number), the pallet receipt, or the ledger entry. */
  orderId: z.number().int().nullable(),
  palletReceiptId: z.number().int().nullable(),
  palletReceiptNumber: z.string().nullable(),
  ledgerEntryId: z.number().int().nullable(),
  /** The movement's other party as the ledger names it. */
  counterparty: z.string().nullable(),
});
export type ReconciliationRow = z.infer<typeof ZReconciliationRow>;

/** Per product over the period: the balance change by the file against that by the ledger. */
export const ZReconciliationProduct = z.object({
  productId: z.number().int().nullable(),
  productName: z.string(),
  fileBalance: z.number().int(),
  ledgerBalance: z.number().int(),
  difference: z.number().int(),
});

/** A saved reconciliation as listed (GET Reconciliations): newest first. */
export const ZReconciliationSummary = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  fileName: z.string(),
  from: z.string(),
  to: z.string(),
  toleranceDays: z.number().int(),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  matched: z.number().int(),
  different: z.number().int(),
  fileOnly: z.number().int(),
  portalOnly: z.number().int(),
  /**
   * Matched rows per 10,000 rows (basis points: 9,650 is 96.5 %): matched / (matched + different
   * + fileOnly + portalOnly); 10,000 when there are no rows at all.
   */
  matchRate: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof ZReconciliationSummary>;

/** GET Reconciliations/{id}: the summary, per product, every row (file order, then ledger rows by date). */
export const ZReconciliation = ZReconciliationSummary.extend({
  products: z.array(ZReconciliationProduct),
  rows: z.array(ZReconciliationRow),
});
export type Reconciliation = z.infer<typeof ZReconciliation>;
