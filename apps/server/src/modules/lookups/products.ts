/**
 * Products (carrier type x quality x treatment) and the products available at a location
 * (spec section 7: GET /products, GET AvailableProducts).
 */
import type { Product } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';

const productColumns = sql`p.id, p.name, p.quality_id AS "qualityId", p.treatment_id AS "treatmentId",
  q.name AS "qualityName", t.name AS "treatmentName", p.carrier_type_id AS "carrierTypeId",
  ct.name AS "carrierTypeName", NULL::text AS image, t.is_default AS "treatmentIsDefault",
  q.is_default AS "qualityIsDefault", ct.qty_height AS "qtyHeight", ct.tare_weight_grams AS "tareWeightGrams"`;
const productJoins = sql`JOIN qualities q ON q.id = p.quality_id JOIN treatments t ON t.id = p.treatment_id
  JOIN carrier_types ct ON ct.id = p.carrier_type_id`;

/** Every active product (all=true also inactive ones). */
export function listProducts(db: Tx, all = false): Promise<Product[]> {
  return rows<Product>(
    db,
    sql`SELECT ${productColumns} FROM products p ${productJoins} ${all ? sql`` : sql`WHERE p.active`} ORDER BY ct.id, q.id, t.id`,
  );
}

/** The active products a location may order and receive; `isPooling` narrows to pooling ones. */
export function availableProducts(db: Tx, locationId: number, isPooling?: boolean): Promise<Product[]> {
  return rows<Product>(
    db,
    sql`SELECT ${productColumns} FROM location_products lp JOIN products p ON p.id = lp.product_id ${productJoins}
        WHERE lp.location_id = ${locationId} AND p.active
        ${isPooling === undefined ? sql`` : sql`AND lp.is_pooling = ${isPooling}`}
        ORDER BY ct.id, q.id, t.id`,
  );
}
