/**
 * Products (carrier type x quality x treatment) and the products available at a location
 * (spec section 7: GET /products, GET AvailableProducts). Names come back in the caller's
 * language: the catalogue's `products.*` keys by carrier, quality and treatment code, the
 * stored English name when a code has no translation.
 */
import type { Locale, Product } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';

const productColumns = sql`p.id, p.name, p.quality_id AS "qualityId", p.treatment_id AS "treatmentId",
  q.name AS "qualityName", t.name AS "treatmentName", p.carrier_type_id AS "carrierTypeId",
  ct.name AS "carrierTypeName", NULL::text AS image, t.is_default AS "treatmentIsDefault",
  q.is_default AS "qualityIsDefault", ct.qty_height AS "qtyHeight", ct.tare_weight_grams AS "tareWeightGrams",
  ct.code AS "carrierCode", q.code AS "qualityCode", t.code AS "treatmentCode"`;
/** Joins a product `p` to its quality `q`, treatment `t` and carrier type `ct`. */
export const productJoins = sql`JOIN qualities q ON q.id = p.quality_id JOIN treatments t ON t.id = p.treatment_id
  JOIN carrier_types ct ON ct.id = p.carrier_type_id`;

/** What `productNames` builds a name from, as columns of a product `p` with `productJoins` (a `ProductNameRow`). */
export const productNameColumns = sql`p.name, ct.name AS "carrierTypeName", q.name AS "qualityName", t.name AS "treatmentName",
  ct.code AS "carrierCode", q.code AS "qualityCode", t.code AS "treatmentCode", t.is_default AS "treatmentIsDefault"`;

/** The codes a product's translated name is built from. */
export interface ProductCodes {
  carrierCode: string;
  qualityCode: string;
  treatmentCode: string;
  treatmentIsDefault: boolean;
}

/** The stored (English) names and the codes of a product: `productNameColumns`. */
export interface ProductNameRow extends ProductCodes {
  name: string;
  carrierTypeName: string;
  qualityName: string;
  treatmentName: string;
}

const lowerFirst = (text: string, locale: Locale) => text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);

/**
 * A product's names in one locale: carrier, quality and treatment, and the full name
 * ("EUR-pall, kvalitet A, varmebehandlet (ISPM 15)"; the treatment only when not the default).
 */
export function productNames(
  locale: Locale,
  codes: ProductCodes,
  fallback: { name: string; carrierTypeName: string; qualityName: string; treatmentName: string },
): { name: string; carrierTypeName: string; qualityName: string; treatmentName: string } {
  const t = translator(locale);
  const carrierTypeName = t(`products.carrier.${codes.carrierCode}`, { defaultValue: fallback.carrierTypeName });
  const qualityName = t(`products.quality.${codes.qualityCode}`, { defaultValue: fallback.qualityName });
  const treatmentName = t(`products.treatment.${codes.treatmentCode}`, { defaultValue: fallback.treatmentName });
  const parts = { carrier: carrierTypeName, quality: lowerFirst(qualityName, locale), treatment: lowerFirst(treatmentName, locale) };
  const name = codes.treatmentIsDefault ? t('products.name', parts) : t('products.nameTreated', parts);
  return { name, carrierTypeName, qualityName, treatmentName };
}

type ProductRow = Product & ProductCodes;

function localize(locale: Locale, list: ProductRow[]): Product[] {
  return list.map(({ carrierCode, qualityCode, treatmentCode, ...p }) => ({
    ...p,
    ...productNames(locale, { carrierCode, qualityCode, treatmentCode, treatmentIsDefault: p.treatmentIsDefault }, p),
  }));
}

/** Every active product (all=true also inactive ones), named in `locale`. */
export async function listProducts(db: Tx, locale: Locale, all = false): Promise<Product[]> {
  const list = await rows<ProductRow>(
    db,
    sql`SELECT ${productColumns} FROM products p ${productJoins} ${all ? sql`` : sql`WHERE p.active`} ORDER BY ct.id, q.id, t.id`,
  );
  return localize(locale, list);
}

/**
 * Whether the caller may order products the receiver does not take (spec section 6: "Provider
 * staff and superusers can order even when an item is shown as not available"): the one rule
 * POST Orders, POST ScheduledOrders, the Excel import and its template, and GET
 * AvailableProducts apply to the receiver's location_products.
 */
export function mayOrderAnyProduct(auth: AuthContext): boolean {
  return auth.isProvider || auth.user.isSuperuser;
}

/**
 * The active products a location may order and receive, named in `locale`; `isPooling` narrows
 * to pooling ones; `receiverId` (the other end of an order from this location) to the products
 * that location takes too, so a dialog offers only what both ends allow.
 */
export async function availableProducts(
  db: Tx,
  locale: Locale,
  locationId: number,
  { isPooling, receiverId }: { isPooling?: boolean; receiverId?: number } = {},
): Promise<Product[]> {
  const list = await rows<ProductRow>(
    db,
    sql`SELECT ${productColumns} FROM location_products lp JOIN products p ON p.id = lp.product_id ${productJoins}
        WHERE lp.location_id = ${locationId} AND p.active
        ${isPooling === undefined ? sql`` : sql`AND lp.is_pooling = ${isPooling}`}
        ${
          receiverId === undefined
            ? sql``
            : sql`AND EXISTS (SELECT 1 FROM location_products r WHERE r.location_id = ${receiverId} AND r.product_id = p.id)`
        }
        ORDER BY ct.id, q.id, t.id`,
  );
  return localize(locale, list);
}
