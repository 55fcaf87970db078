/**
 * Importing orders from Excel (issue 3; spec section 2, dialog "import from Excel (header row
 * count, start row)"): the options of POST OrdersImport, the fixed column layout of the sheet,
 * and the preview's rows, each with every problem named in the caller's language. The same
 * schemas validate the call on the server, document it in OpenAPI and type the web dialog.
 */
import { z } from 'zod';
import { queryId, queryInteger, ZText } from './schemas/common.js';

/** The largest file POST OrdersImport takes: 5 MiB. */
export const ORDERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows (from the start row to the last row with a value) one file may hold. */
export const ORDERS_IMPORT_MAX_ROWS = 5000;
/** The most products one order takes (ZSaveOrderRequest.lines). */
export const ORDERS_IMPORT_MAX_LINES = 50;

/**
 * The columns of the first worksheet, A to G, in this order (README, "Import orders from
 * Excel"; the template of GET OrdersImportTemplate has them with translated headers):
 * - `counterpart`: the other party: a portal location's number or its 13-digit GLN; for a
 *   delivery also one of the customer's external locations (number or GLN); empty for a
 *   purchase or sale means the default depot of the location's country;
 * - `dateSend`: the send date (a sale's pickup date), an Excel date or text yyyy-mm-dd;
 * - `product`: the product's id, its code (EUR-A, EUR-NEW-HT: carrier, quality, and the
 *   treatment unless it is the default) or its name as the portal shows it;
 * - `quantity`: carriers, a whole number of full stacks (spec section 5);
 * - `referenceOwn`, `referenceReceiver`: the order's references;
 * - `infoText`: information / transport text of the order.
 * Rows with the same counterpart, date and own reference become one order with one line each.
 */
export const orderImportColumns = [
  'counterpart',
  'dateSend',
  'product',
  'quantity',
  'referenceOwn',
  'referenceReceiver',
  'infoText',
] as const;
export type OrderImportColumn = (typeof orderImportColumns)[number];

const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * The options of POST OrdersImport (multipart form fields, or query parameters):
 * - `headerRows` (>= 0, default 1): rows at the top that are headers, never data;
 * - `startRow` (>= 1 and after the header rows, default 2): the first data row, 1-based as
 *   Excel numbers rows;
 * - `transactionTypeId`: the list imported into: 1 purchase, 2 sale, 3 delivery (the caller needs
 *   its task: ORDER, DISPATCH, SHIPMENT);
 * - `locationId`: the customer side of the orders (default: the acting location; in scope);
 * - `draft` (default true): the orders are saved as drafts, to check and send with "send
 *   drafts"; false sends them at once (purchase, sale to 1 Ordered, delivery to 4 Sent);
 * - `preview` (default false): true validates only and writes nothing;
 * - `importKey` (8-90 characters, optional): makes the import idempotent: the same key again
 *   from the same user writes nothing more and answers the ids of the orders the first made.
 */
export const ZOrdersImportOptions = z
  .object({
    headerRows: queryInteger(0, 100).default(1),
    startRow: queryInteger(1, 1_048_576).default(2),
    transactionTypeId: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    locationId: queryId.optional(),
    draft: formBool.default(true),
    preview: formBool.default(false),
    importKey: ZText.min(8, { message: 'validation.invalid' }).max(90, { message: 'validation.tooLong' }).optional(),
  })
  .refine((o) => o.startRow > o.headerRows, { path: ['startRow'], message: 'validation.startRowAfterHeader' });
export type OrdersImportOptions = z.infer<typeof ZOrdersImportOptions>;

/** The same options as query parameters, all optional (OpenAPI; form fields win over them). */
export const ZOrdersImportQuery = z.object({
  headerRows: ZText.max(100).optional(),
  startRow: ZText.max(100).optional(),
  transactionTypeId: ZText.max(100).optional(),
  locationId: ZText.max(100).optional(),
  draft: ZText.max(100).optional(),
  preview: ZText.max(100).optional(),
  importKey: ZText.max(100).optional(),
});

/**
 * The multipart/form-data body of POST OrdersImport as the OpenAPI document describes it: the
 * `.xlsx` as the binary part `file` and the options of ZOrdersImportOptions as text fields.
 * Documentation only: the route reads the parts itself and checks the fields with
 * ZOrdersImportOptions, so an option may come as a query parameter instead (transactionTypeId
 * is needed in one of the two).
 */
export const ZOrdersImportForm = z.object({
  file: z.file().describe('The workbook (.xlsx, at most 5 MiB), told by its content, not its name'),
  ...z.object(ZOrdersImportOptions.shape).partial().shape,
});

/**
 * One data row of the sheet as read, what it resolved to, and its problems. Texts are as
 * written (an Excel date as yyyy-MM-dd, a number in its plain form); resolved values are null
 * when they could not be read.
 */
export const ZOrdersImportRow = z.object({
  /** The row's number in the sheet, 1-based as Excel shows it. */
  rowNumber: z.number().int(),
  counterpart: z.string(),
  /** The other party found: a location's or external location's name. */
  counterpartName: z.string().nullable(),
  date: z.string(),
  /** The send date read, yyyy-MM-dd. */
  dateSend: z.string().nullable(),
  product: z.string(),
  productId: z.number().int().nullable(),
  /** The product's name in the caller's language. */
  productName: z.string().nullable(),
  quantity: z.string(),
  /** Carriers, when the quantity is a whole number an order line can hold (1-100,000); else null. */
  quantityOrdered: z.number().int().nullable(),
  referenceOwn: z.string(),
  referenceReceiver: z.string(),
  infoText: z.string(),
  /** The order (1, 2, ... in the file's order) the row belongs to: same counterpart, date and own reference. */
  orderGroup: z.number().int().nullable(),
  /** Every problem of the row, in the caller's language; empty: the row is imported. */
  problems: z.array(z.string()),
});
export type OrdersImportRow = z.infer<typeof ZOrdersImportRow>;

/**
 * The answer of POST OrdersImport: every data row (empty rows left out), how many are valid
 * and invalid, the orders the valid rows make (preview) or made (import), and the ids of the
 * orders created (empty in a preview).
 */
export const ZOrdersImportResult = z.object({
  rows: z.array(ZOrdersImportRow),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  orders: z.number().int(),
  ids: z.array(z.number().int()),
});
export type OrdersImportResult = z.infer<typeof ZOrdersImportResult>;

/** GET OrdersImportTemplate: the template of a list (transactionTypeId) for a location (default: the acting one). */
export const ZOrdersImportTemplateQuery = z.object({
  transactionTypeId: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  locationId: queryId.optional(),
});
