/**
 * GET Orders/{id}: one order with lines, parties, addresses, references and status history;
 * for a delivery to an external receiver its id, name and location number, and a temporary
 * address as saved, so that a draft can be edited without losing them.
 * An order outside the caller's scope answers NOT_FOUND, exactly like a missing one; a caller
 * whose menu has no order list (spec section 6) FORBIDDEN.
 * Money (`currency`, `price`, `amount`, `freight`, `transportFee`; minor units) only for callers
 * who may see it (`mayReadMoney`: provider staff, the finance-report permission; spec section 6),
 * null for everyone else, in the same shape (docs/domain.md, "Who sees what").
 */
import { type Country, type Order, orderAreas } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { mayReadMoney } from '../session/finance.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';
import { summaryColumns, summaryJoins, visibleTo } from './find-orders.js';
import { productNamesById } from './product-names.js';

type OrderRow = Omit<Order, 'transactions' | 'history' | 'addressFrom' | 'addressTo' | 'createdAt' | 'tempAddress'> & {
  createdAt: Date | string;
  tempName: string | null;
  tempStreet: string | null;
  tempPostalCode: string | null;
  tempPostalName: string | null;
  tempCountryId: string | null;
  fromStreet: string;
  fromPostalCode: string;
  fromPostalName: string;
  fromCountry: string;
  toName: string | null;
  toStreet: string | null;
  toPostalCode: string | null;
  toPostalName: string | null;
  toCountry: string | null;
};

/** The money fields of an order as a caller without the finance permission gets them. */
const noMoney = { currency: null, price: null, amount: null, freight: null, transportFee: null } as const satisfies Partial<Order>;

/**
 * One order for its detail page (and the answers of the order writes, the waybill), with money
 * only for callers who may see it. Throws NOT_FOUND outside the caller's scope, FORBIDDEN
 * without an order area in the menu.
 */
export async function getOrder(db: Tx, auth: AuthContext, id: number): Promise<Order> {
  // An order's page belongs to the order lists of the menu (spec section 6).
  await requireArea(db, auth, orderAreas);
  const [order] = await rows<OrderRow>(
    db,
    sql`SELECT ${summaryColumns}, o.reference_sender AS "referenceSender", o.reference_receiver AS "referenceReceiver",
          o.reference_transport AS "referenceTransport", o.currency, o.price, o.amount, o.freight,
          o.transport_fee AS "transportFee", o.car_number AS "carNumber", o.trailer, o.car_type AS "carType",
          o.cartman, o.transporter, o.sealing, o.truck_type_id AS "truckTypeId", o.customs_handler AS "customsHandler",
          o.external_location_id_to AS "externalLocationIdTo", ex.name AS "externalLocationNameTo",
          ex.location_number AS "externalLocationNumberTo",
          o.temp_address_name AS "tempName", o.temp_address_street AS "tempStreet", o.temp_address_postal_code AS "tempPostalCode",
          o.temp_address_postal_name AS "tempPostalName", o.temp_address_country_id AS "tempCountryId",
          o.info_text AS "infoText", o.transport_text AS "transportText", o.auto_commit AS "autoCommit",
          o.reception_days AS "receptionDays", o.return_days AS "returnDays", o.version, o.created_at AS "createdAt",
          lf.street AS "fromStreet", lf.postal_code AS "fromPostalCode", lf.postal_name AS "fromPostalName", cf.id AS "fromCountry",
          COALESCE(o.temp_address_name, lt.name, ex.name) AS "toName",
          COALESCE(o.temp_address_street, lt.street, ex.street) AS "toStreet",
          COALESCE(o.temp_address_postal_code, lt.postal_code, ex.postal_code) AS "toPostalCode",
          COALESCE(o.temp_address_postal_name, lt.postal_name, ex.postal_name) AS "toPostalName",
          ctry.id AS "toCountry"
        FROM orders o ${summaryJoins}
        JOIN countries cf ON cf.id = lf.country_id
        LEFT JOIN countries ctry ON ctry.id = COALESCE(o.temp_address_country_id, lt.country_id, ex.country_id)
        WHERE o.id = ${id}`,
  );
  if (!order) throw notFound();
  const scope = await scopeLocationIds(db, auth);
  if (!visibleTo(scope, order.transactionTypeId, order.transactionStatusId, order.locationIdFrom, order.locationIdTo)) throw notFound();

  const [lines, history] = await Promise.all([
    rows<Order['transactions'][number]>(
      db,
      sql`SELECT ol.id, ol.product_id AS "productId", p.treatment_id AS "treatmentId", p.quality_id AS "qualityId",
            NULL::text AS "productImage", p.name, ol.quantity_ordered AS "quantityOrdered",
            ol.quantity_picked AS "quantityPicked", ol.quantity_delivered AS "quantityDelivered", ol.shall_return AS "shallReturn"
          FROM order_lines ol JOIN products p ON p.id = ol.product_id WHERE ol.order_id = ${id} ORDER BY ol.id`,
    ),
    rows<{ fromStatusId: number | null; toStatusId: number; userName: string | null; comment: string | null; at: Date | string }>(
      db,
      sql`SELECT h.from_status_id AS "fromStatusId", h.to_status_id AS "toStatusId", u.name AS "userName", h.comment, h.at
          FROM order_status_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.order_id = ${id} ORDER BY h.at, h.id`,
    ),
  ]);
  // Line names in the caller's language (products.* of the messages catalogue).
  const names = await productNamesById(
    db,
    negotiateLocale(undefined, auth.language),
    lines.map((l) => Number(l.productId)),
  );
  // Country names in the caller's language from the ISO 3166 code (CLDR names through Intl).
  const regions = new Intl.DisplayNames([negotiateLocale(undefined, auth.language)], { type: 'region' });
  const countryName = (id: string | null) => (id ? (regions.of(id) ?? id) : '');
  const { fromStreet, fromPostalCode, fromPostalName, fromCountry, toName, toStreet, toPostalCode, toPostalName, toCountry, ...rest } =
    order;
  const { tempName, tempStreet, tempPostalCode, tempPostalName, tempCountryId, ...plain } = rest;
  return {
    ...plain,
    ...(mayReadMoney(auth) ? {} : noMoney),
    id: Number(order.id),
    externalLocationIdTo: order.externalLocationIdTo === null ? null : Number(order.externalLocationIdTo),
    // A temporary address is saved whole or not at all (ZTempAddress), so its name tells.
    tempAddress:
      tempName !== null
        ? {
            name: tempName,
            street: tempStreet ?? '',
            postalCode: tempPostalCode ?? '',
            postalName: tempPostalName ?? '',
            countryId: tempCountryId as Country,
          }
        : null,
    createdAt: isoInstant(order.createdAt) ?? '',
    addressFrom: {
      name: order.locationNameFrom,
      street: fromStreet,
      postalCode: fromPostalCode,
      postalName: fromPostalName,
      countryName: countryName(fromCountry),
    },
    addressTo: toName
      ? {
          name: toName,
          street: toStreet ?? '',
          postalCode: toPostalCode ?? '',
          postalName: toPostalName ?? '',
          countryName: countryName(toCountry),
        }
      : null,
    transactions: lines.map((l) => ({ ...l, id: Number(l.id), name: names.get(Number(l.productId)) ?? l.name })),
    history: history.map((h) => ({ ...h, at: isoInstant(h.at) ?? '' })),
  };
}
