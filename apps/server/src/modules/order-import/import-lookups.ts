/** What an order import looks up (validate-import.ts, import-template.ts): the products and the customer side. */
import type { Locale } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type ProductCodes, type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';

/** An active product as an import names it: its codes and full-stack height. */
export interface ProductRow extends ProductNameRow {
  id: number;
  qtyHeight: number;
}

/** A product an import may name: by id, code (`productCode`), stored name or name in the caller's language. */
export type ImportProduct = ProductRow & { code: string; localName: string };

/**
 * A product's code as the template's product list shows it: carrier, quality, and the
 * treatment unless it is the default (EUR-A, EUR-NEW-HT).
 */
export function productCode(p: ProductCodes): string {
  return [p.carrierCode, p.qualityCode, ...(p.treatmentIsDefault ? [] : [p.treatmentCode])].join('-');
}

/** Every active product with its codes, full-stack height and name in `locale`. */
export async function importProducts(db: Tx, locale: Locale): Promise<ImportProduct[]> {
  const list = await rows<ProductRow>(
    db,
    sql`SELECT p.id, ${productNameColumns}, ct.qty_height AS "qtyHeight" FROM products p ${productJoins}
        WHERE p.active ORDER BY ct.id, q.id, t.id`,
  );
  return list.map((p) => ({ ...p, id: Number(p.id), code: productCode(p), localName: productNames(locale, p, p).name }));
}

/** The customer side of the import: name, customer, country and status; NOT_FOUND outside the caller's scope. */
export async function ownLocation(
  db: Tx,
  locationId: number,
): Promise<{ id: number; name: string; customerId: number; countryId: string; statusId: number }> {
  const [own] = await rows<{ id: number; name: string; customerId: number; countryId: string; statusId: number }>(
    db,
    sql`SELECT id, name, customer_id AS "customerId", country_id AS "countryId", status_id AS "statusId" FROM locations WHERE id = ${locationId}`,
  );
  if (!own) throw notFound();
  return { ...own, id: Number(own.id), customerId: Number(own.customerId) };
}
