/**
 * The checked rows of an order import into orders (validate-import.ts): rows with the same other
 * party, send date and own reference make one order, in the file's order, one line per row.
 */
import { ORDERS_IMPORT_MAX_LINES, type OrdersImportRow, type SaveOrderRequest, ZSaveOrderRequest } from '@portal/domain';
import type { ImportProduct } from './import-lookups.js';

/** The other party a row names: a portal location or one of the customer's external locations. */
export interface Party {
  kind: 'location' | 'external';
  id: number;
  name: string;
  countryId: string;
}

/** A problem of a row: its message key and parameters, translated when the answer is made. */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
}

/** A row checked on its own, with its party, product and the key of the order it belongs to. */
export interface Checked {
  row: OrdersImportRow;
  problems: Problem[];
  party: Party | null;
  product: ImportProduct | null;
  groupKey: string;
}

/**
 * Groups the rows into orders of `type` for the customer side `ownId` (drafts or sent: `draft`)
 * and adds to each row its order's number and the problems it has against the order's other
 * rows (a product twice, order-wide texts that differ, more than ORDERS_IMPORT_MAX_LINES lines).
 * @returns the POST Orders body of each order with at least one valid row
 */
export function groupIntoOrders(checked: Checked[], type: 1 | 2 | 3, ownId: number, draft: boolean): SaveOrderRequest[] {
  // Rows into orders, in the file's order. Within an order the first valid row leads: a later
  // row may not repeat its product or name other order-wide texts, and an order has at most 50 lines.
  const groups = new Map<string, Checked[]>();
  for (const entry of checked) {
    const group = groups.get(entry.groupKey) ?? [];
    if (group.length === 0) groups.set(entry.groupKey, group);
    group.push(entry);
  }
  const orders: SaveOrderRequest[] = [];
  let groupNumber = 0;
  for (const group of groups.values()) {
    groupNumber++;
    const valid: Checked[] = [];
    const productRow = new Map<number, number>();
    /** The problems a row has against the order's valid rows so far (lead: the first of them). */
    const groupProblems = (entry: Checked): Problem[] => {
      const problems: Problem[] = [];
      const lead = valid[0];
      const earlier = entry.product ? productRow.get(entry.product.id) : undefined;
      if (entry.product && earlier !== undefined)
        problems.push({ key: 'import.problems.productTwice', params: { product: entry.product.localName, row: earlier } });
      if (lead && lead.row.referenceReceiver !== entry.row.referenceReceiver)
        problems.push({ key: 'import.problems.referenceReceiverDiffers', params: { row: lead.row.rowNumber } });
      if (lead && lead.row.infoText !== entry.row.infoText)
        problems.push({ key: 'import.problems.infoTextDiffers', params: { row: lead.row.rowNumber } });
      return problems;
    };
    const invalid: Checked[] = [];
    for (const entry of group) {
      entry.row.orderGroup = groupNumber;
      if (entry.problems.length) {
        invalid.push(entry);
        continue;
      }
      entry.problems.push(...groupProblems(entry));
      if (valid.length >= ORDERS_IMPORT_MAX_LINES)
        entry.problems.push({ key: 'import.problems.tooManyLines', params: { max: ORDERS_IMPORT_MAX_LINES } });
      if (entry.problems.length) continue;
      valid.push(entry);
      productRow.set(entry.row.productId as number, entry.row.rowNumber);
    }
    // Rows invalid on their own also name what they would clash with, so one correction is enough.
    for (const entry of invalid) entry.problems.push(...groupProblems(entry));
    const first = valid[0];
    if (!first?.party || !first.row.dateSend) continue;
    const party = first.party;
    const parties: Pick<SaveOrderRequest, 'locationIdFrom' | 'locationIdTo' | 'externalLocationIdTo'> =
      type === 1
        ? { locationIdTo: ownId, locationIdFrom: party.id }
        : party.kind === 'external'
          ? { locationIdFrom: ownId, externalLocationIdTo: party.id }
          : { locationIdFrom: ownId, locationIdTo: party.id };
    orders.push(
      ZSaveOrderRequest.parse({
        transactionTypeId: type,
        ...parties,
        dateSend: first.row.dateSend,
        ...(type === 2 ? { datePickup: first.row.dateSend } : {}),
        ...(first.row.referenceOwn ? { referenceOwn: first.row.referenceOwn } : {}),
        ...(first.row.referenceReceiver ? { referenceReceiver: first.row.referenceReceiver } : {}),
        ...(first.row.infoText ? { infoText: first.row.infoText } : {}),
        lines: valid.map((entry) => ({ productId: entry.row.productId, quantityOrdered: entry.row.quantityOrdered })),
        draft: draft,
      }),
    );
  }
  return orders;
}
