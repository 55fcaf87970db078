/**
 * The rows of an order import checked with the rules of the order dialog and POST Orders
 * (issue 3; spec section 5; docs/domain.md "Placing an order"), each problem of a row named
 * in the caller's language, and the rows grouped into orders (group-import-rows.ts): rows with
 * the same other party, send date and own reference make one order, one line per row.
 *
 * The rules are the shared ones: the order parties' rule (otherPartyCondition), open
 * days (isOpenDay with the provider's closures), the full-stack step (isQuantityOnStep), the
 * products allowed at the receiving location (location_products; provider staff and
 * superusers may order anything, spec section 6), the field limits of ZSaveOrderRequest, an
 * active receiver. These are all the checks an imported order gets: the import runs them in its
 * write's transaction and then writes the orders as they are (write-import.ts).
 */
import {
  AppErrorCode,
  type Country,
  isQuantityOnStep,
  type Locale,
  type OrderImportColumn,
  type OrdersImportResult,
  orderImportColumns,
  type SaveOrderRequest,
} from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { localizeParams, translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { mayOrderAnyProduct } from '../lookups/products.js';
import { depotFor, otherPartyCondition } from '../orders/order-parties.js';
import { type Checked, groupIntoOrders, type Party, type Problem } from './group-import-rows.js';
import { importProducts, ownLocation } from './import-lookups.js';
import { plainDateOf, type SheetRow, wholeNumberOf } from './xlsx-file.js';

/** Largest quantity of one line (ZOrderLineInput). */
const MAX_QUANTITY = 100_000;
/** Longest texts (ZSaveOrderRequest). */
const maxLength: Partial<Record<OrderImportColumn, number>> = { referenceOwn: 100, referenceReceiver: 100, infoText: 2000 };

/** What an import is for: the list (transaction type), the customer side, drafts or sent. */
export interface ImportTarget {
  transactionTypeId: 1 | 2 | 3;
  /** The customer side of every order: the receiver of a purchase, the sender of a sale or delivery. */
  locationId: number;
  draft: boolean;
}

/** The checked rows and counts, and the POST Orders body of each order the valid rows make. */
export interface ValidatedImport {
  result: OrdersImportResult;
  orders: SaveOrderRequest[];
}

interface LocationRow {
  id: number;
  name: string;
  number: string;
  gln: string | null;
  countryId: string;
  allowed: boolean;
}

/** The values as a JSON array parameter, for `IN (SELECT jsonb_array_elements_text(...))`. */
const jsonList = (values: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Checks the sheet's rows for an import into `target` and groups the valid ones into orders.
 * Reads only; the caller has checked the task and that the location is in scope.
 */
export async function validateImport(
  db: Tx,
  auth: AuthContext,
  locale: Locale,
  target: ImportTarget,
  sheetRows: readonly SheetRow[],
): Promise<ValidatedImport> {
  const type = target.transactionTypeId;
  const t = translator(locale);
  const own = await ownLocation(db, target.locationId);
  // A purchase's receiver is the location itself: an inactive one receives nothing (POST Orders: locationIdTo).
  if (type === 1 && own.statusId !== 1) throw new AppError(AppErrorCode.VALIDATION, {}, { locationId: 'validation.invalid' });
  const now = today();

  // The other parties named in the file: portal locations by number or GLN, and for a delivery
  // the customer's external locations; a purchase or sale without one goes to the default depot.
  const named = [...new Set(sheetRows.map((row) => row.cells.counterpart.text).filter((text) => text !== ''))];
  const locations = new Map<string, LocationRow>();
  if (named.length) {
    // The other-party rule of POST Orders (orders/order-parties.ts), for this import's customer side.
    const party = await otherPartyCondition(db, { transactionTypeId: type, ownLocationId: own.id });
    const found = await rows<LocationRow>(
      db,
      sql`SELECT l.id, l.name, l.number, l.gln, l.country_id AS "countryId", (${party.base} AND ${party.kind}) AS allowed
          FROM locations l JOIN customers c ON c.id = l.customer_id
          WHERE l.number IN ${jsonList(named)} OR l.gln IN ${jsonList(named)}`,
    );
    for (const location of found) if (location.gln) locations.set(location.gln, { ...location, id: Number(location.id) });
    // A location number wins over another location's GLN.
    for (const location of found) locations.set(location.number, { ...location, id: Number(location.id) });
  }
  const externals = new Map<string, { id: number; name: string }>();
  if (type === 3 && named.length) {
    const found = await rows<{ id: number; name: string; locationNumber: string; gln: string | null }>(
      db,
      sql`SELECT id, name, location_number AS "locationNumber", gln FROM external_locations
          WHERE customer_id = ${own.customerId} AND active AND (location_number IN ${jsonList(named)} OR gln IN ${jsonList(named)})`,
    );
    for (const external of found) if (external.gln) externals.set(external.gln, { id: Number(external.id), name: external.name });
    for (const external of found) externals.set(external.locationNumber, { id: Number(external.id), name: external.name });
  }
  let defaultDepot: Party | null = null;
  if (type !== 3) {
    const depotId = await depotFor(db, own.countryId);
    const [depot] = depotId
      ? await rows<{ id: number; name: string; countryId: string }>(
          db,
          sql`SELECT id, name, country_id AS "countryId" FROM locations WHERE id = ${depotId}`,
        )
      : [];
    if (depot) defaultDepot = { kind: 'location', id: Number(depot.id), name: depot.name, countryId: depot.countryId };
  }

  // Products by id, code and name (as the portal shows it in the caller's language, or as stored).
  const products = await importProducts(db, locale);
  const productByKey = new Map<string, (typeof products)[number]>();
  for (const p of products) {
    productByKey.set(p.name.toLocaleLowerCase(locale), p);
    productByKey.set(p.localName.toLocaleLowerCase(locale), p);
    productByKey.set(p.code.toLocaleLowerCase(locale), p);
    productByKey.set(String(p.id), p);
  }

  // Products each possible receiving location may take (purchase: the customer; sale: the depot;
  // delivery: the receiver; an external receiver takes anything).
  const receivers = new Set<number>(type === 1 ? [own.id] : []);
  if (type === 2 && defaultDepot) receivers.add(defaultDepot.id);
  if (type !== 1) for (const location of locations.values()) receivers.add(location.id);
  const allowedAt = new Map<number, Set<number>>([...receivers].map((id) => [id, new Set<number>()]));
  if (receivers.size) {
    const allowed = await rows<{ locationId: number; productId: number }>(
      db,
      sql`SELECT location_id AS "locationId", product_id AS "productId" FROM location_products
          WHERE location_id IN (${sql.join(
            [...receivers].map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const a of allowed) allowedAt.get(Number(a.locationId))?.add(Number(a.productId));
  }
  const mayOrderAnything = mayOrderAnyProduct(auth);

  const closures = new Map<string, Set<string>>();
  for (const c of await rows<{ countryId: string; day: string }>(
    db,
    sql`SELECT country_id AS "countryId", day::text AS day FROM provider_closures WHERE day >= ${now}`,
  )) {
    if (!closures.has(c.countryId)) closures.set(c.countryId, new Set());
    closures.get(c.countryId)?.add(c.day);
  }

  const checked: Checked[] = sheetRows.map(({ rowNumber, cells }) => {
    const problems: Problem[] = [];
    const text = (column: OrderImportColumn) => cells[column].text;

    let party: Party | null = null;
    const counterpart = text('counterpart');
    if (counterpart === '') {
      if (defaultDepot) party = defaultDepot;
      else problems.push({ key: 'import.problems.counterpartMissing' });
    } else {
      const location = locations.get(counterpart);
      const external = type === 3 ? externals.get(counterpart) : undefined;
      if (location && location.id === own.id) problems.push({ key: 'import.problems.counterpartSelf' });
      else if (location && !location.allowed)
        problems.push({ key: 'import.problems.counterpartNotAllowed', params: { name: location.name } });
      else if (location) party = { kind: 'location', id: location.id, name: location.name, countryId: location.countryId };
      else if (external) party = { kind: 'external', id: external.id, name: external.name, countryId: own.countryId };
      else problems.push({ key: 'import.problems.counterpartUnknown', params: { value: counterpart } });
    }

    const dateSend = text('dateSend') === '' ? null : plainDateOf(cells.dateSend);
    if (text('dateSend') === '') problems.push({ key: 'import.problems.dateMissing' });
    else if (!dateSend) problems.push({ key: 'import.problems.dateInvalid', params: { value: text('dateSend') } });
    else if (dateSend < now) problems.push({ key: 'import.problems.datePast', params: { date: dateSend } });
    else {
      // The sending location's country decides (POST Orders): a purchase is sent by the depot.
      const country = (type === 1 ? (party?.countryId ?? own.countryId) : own.countryId) as Country;
      if (!isOpenDay(dateSend, country, closures.get(country))) problems.push({ key: 'errors.CLOSED_DAY', params: { date: dateSend } });
    }

    const product = text('product') === '' ? null : (productByKey.get(text('product').toLocaleLowerCase(locale)) ?? null);
    if (text('product') === '') problems.push({ key: 'import.problems.productMissing' });
    else if (!product) problems.push({ key: 'import.problems.productUnknown', params: { value: text('product') } });
    else if (!mayOrderAnything) {
      const receiver = type === 1 ? { id: own.id, name: own.name } : party?.kind === 'location' ? party : null;
      const allowed = receiver ? allowedAt.get(receiver.id) : null;
      if (receiver && allowed && allowed.size === 0)
        problems.push({ key: 'import.problems.noProducts', params: { location: receiver.name } });
      else if (receiver && allowed && !allowed.has(product.id))
        problems.push({ key: 'import.problems.productNotAllowed', params: { product: product.localName, location: receiver.name } });
    }

    const quantity = text('quantity') === '' ? null : wholeNumberOf(cells.quantity);
    if (text('quantity') === '') problems.push({ key: 'import.problems.quantityMissing' });
    else if (quantity === null || quantity <= 0)
      problems.push({ key: 'import.problems.quantityInvalid', params: { value: text('quantity') } });
    else if (quantity > MAX_QUANTITY) problems.push({ key: 'import.problems.quantityTooLarge', params: { max: MAX_QUANTITY } });
    else if (product && !isQuantityOnStep(quantity, product.qtyHeight))
      problems.push({ key: 'errors.QUANTITY_STEP', params: { product: product.localName, step: product.qtyHeight } });

    for (const column of orderImportColumns) {
      const max = maxLength[column];
      if (max && text(column).length > max)
        problems.push({ key: 'import.problems.tooLong', params: { column: t(`import.columns.${column}`), max } });
    }

    const partyKey = party ? `${party.kind}:${party.id}` : `?:${counterpart}`;
    return {
      row: {
        rowNumber,
        counterpart,
        counterpartName: party?.name ?? null,
        date: text('dateSend'),
        dateSend,
        product: text('product'),
        productId: product?.id ?? null,
        productName: product?.localName ?? null,
        quantity: text('quantity'),
        // Only a quantity an order line can hold (1 to MAX_QUANTITY): never 1e308 in the answer.
        quantityOrdered: quantity !== null && quantity > 0 && quantity <= MAX_QUANTITY ? quantity : null,
        referenceOwn: text('referenceOwn'),
        referenceReceiver: text('referenceReceiver'),
        infoText: text('infoText'),
        orderGroup: null,
        problems: [],
      },
      problems,
      party,
      product,
      groupKey: JSON.stringify([partyKey, dateSend ?? text('dateSend'), text('referenceOwn')]),
    };
  });

  const orders = groupIntoOrders(checked, type, own.id, target.draft);

  const result = checked.map((entry) => ({
    ...entry.row,
    problems: entry.problems.map((problem) => t(problem.key, localizeParams(t, locale, problem.params ?? {})) as string),
  }));
  const validRows = result.filter((row) => row.problems.length === 0).length;
  return {
    result: { rows: result, validRows, invalidRows: result.length - validRows, orders: orders.length, ids: [] },
    orders,
  };
}
