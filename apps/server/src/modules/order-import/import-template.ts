/**
 * GET OrdersImportTemplate (issue 3): an .xlsx to fill in for POST OrdersImport. The first
 * sheet has one header row with the columns in the caller's language and one example row
 * from the caller's own data (the default depot or a possible receiver, the next open day, a
 * product the receiver takes in one full stack); a second sheet lists the products with the
 * id, code and name the import accepts and their full-stack height.
 */
import { addPlainDays, type Country, type Locale, orderImportColumns } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { rows, sql, type Tx, utcTodaySql } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { mayOrderAnyProduct } from '../lookups/products.js';
import { depotFor, otherPartyCondition } from '../orders/order-parties.js';
import { todayUtc } from '../scheduled/materialize-due-orders.js';
import { importProducts, ownLocation } from './import-lookups.js';

const columnWidths: Record<(typeof orderImportColumns)[number], number> = {
  counterpart: 34,
  dateSend: 16,
  product: 34,
  quantity: 12,
  referenceOwn: 20,
  referenceReceiver: 22,
  infoText: 40,
};

/**
 * The template workbook's bytes for imports of `transactionTypeId` at `locationId` (the
 * caller's task and scope already checked).
 */
export async function importTemplate(
  db: Tx,
  auth: AuthContext,
  locale: Locale,
  transactionTypeId: 1 | 2 | 3,
  locationId: number,
): Promise<Buffer> {
  const t = translator(locale);
  const own = await ownLocation(db, locationId);

  // The example's other party: the default depot, or for a delivery a receiver the picker offers
  // (one of the customer's own locations first).
  let counterpart: { id: number; number: string } | null = null;
  if (transactionTypeId === 3) {
    const party = await otherPartyCondition(db, { transactionTypeId: 3, ownLocationId: own.id });
    [counterpart = null] = await rows<{ id: number; number: string }>(
      db,
      sql`SELECT l.id, l.number FROM locations l JOIN customers c ON c.id = l.customer_id
          WHERE ${party.base} AND ${party.kind}
          ORDER BY (l.customer_id = ${own.customerId}) DESC, l.id LIMIT 1`,
    );
  } else {
    const depotId = await depotFor(db, own.countryId);
    if (depotId)
      [counterpart = null] = await rows<{ id: number; number: string }>(db, sql`SELECT id, number FROM locations WHERE id = ${depotId}`);
  }
  const receiverId = transactionTypeId === 1 ? own.id : (counterpart?.id ?? null);
  const allowed = receiverId
    ? new Set(
        (await rows<{ id: number }>(db, sql`SELECT product_id AS id FROM location_products WHERE location_id = ${receiverId}`)).map((r) =>
          Number(r.id),
        ),
      )
    : new Set<number>();
  const products = await importProducts(db, locale);
  // Deliveries go to many receivers, and provider staff may order anything: then every product.
  const listed =
    transactionTypeId === 3 || mayOrderAnyProduct(auth) || allowed.size === 0 ? products : products.filter((p) => allowed.has(p.id));
  // The example carrier: one the receiver takes and, for a sale or delivery, the location itself holds.
  const ownProducts =
    transactionTypeId === 1
      ? allowed
      : new Set(
          (await rows<{ id: number }>(db, sql`SELECT product_id AS id FROM location_products WHERE location_id = ${own.id}`)).map((r) =>
            Number(r.id),
          ),
        );
  const example = listed.find((p) => allowed.has(p.id) && ownProducts.has(p.id)) ?? listed.find((p) => allowed.has(p.id)) ?? listed[0];

  const fromCountry = own.countryId as Country;
  const closures = await rows<{ day: string }>(
    db,
    sql`SELECT day::text AS day FROM provider_closures WHERE country_id = ${fromCountry} AND day >= ${utcTodaySql}`,
  );
  const tomorrow = addPlainDays(todayUtc(), 1);
  const date = nextOpenDay(tomorrow, fromCountry, new Set(closures.map((c) => c.day)));

  // exceljs is imported on first use: a process that reads or writes no workbook never holds it
  // (docs/operations.md, "Memory").
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Pallet portal';
  const sheet = workbook.addWorksheet(t('import.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = orderImportColumns.map((column) => ({ header: t(`import.columns.${column}`), key: column, width: columnWidths[column] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7EEF7' } };
  // Location numbers and GLNs stay text (a 13-digit GLN would otherwise show as 7.08E+12).
  sheet.getColumn('counterpart').numFmt = '@';
  sheet.getColumn('dateSend').numFmt = 'yyyy-mm-dd';
  sheet.addRow({
    counterpart: counterpart?.number ?? '',
    dateSend: new Date(`${date}T00:00:00Z`),
    product: example?.code ?? '',
    quantity: example?.qtyHeight ?? 1,
    referenceOwn: 'REF-1',
    referenceReceiver: '',
    infoText: '',
  });

  const list = workbook.addWorksheet(t('import.productsSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = [
    { header: t('import.productColumns.id'), key: 'id', width: 8 },
    { header: t('import.productColumns.code'), key: 'code', width: 16 },
    { header: t('import.productColumns.name'), key: 'name', width: 50 },
    { header: t('import.productColumns.qtyHeight'), key: 'qtyHeight', width: 12 },
  ];
  list.getRow(1).font = { bold: true };
  for (const p of listed) list.addRow({ id: p.id, code: p.code, name: p.localName, qtyHeight: p.qtyHeight });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
