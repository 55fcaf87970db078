/**
 * GET Waybill: what the printed waybill of an order says (issue 3; spec sections 3 and 5;
 * domain.md "3 Picked -> 4 Sent carries the waybill"). The order is read through GET
 * Orders/{id} (`getOrder`), so a caller who may not see it gets the same NOT_FOUND as there.
 * Errors: NOT_FOUND outside the caller's scope; WAYBILL (409) before picking or for a cancelled
 * or replaced order (`hasWaybill`), and for a purchase or sale with a line that has no picked
 * quantity, naming the product (spec section 5, `waybillNeedsPicked`).
 */
import {
  AppErrorCode,
  type Country,
  hasWaybill,
  type Locale,
  locales,
  type TransactionStatusId,
  type TransactionTypeId,
  waybillNeedsPicked,
} from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { timeZoneOf } from '../documents/sheet.js';
import { type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';
import { getOrder } from '../orders/get-order.js';
import type { Waybill, WaybillSignature } from './waybill.js';

interface PartyRow {
  fromCountryId: Country;
  fromCustomerName: string;
  fromNumber: string;
  fromGln: string | null;
  fromPhone: string | null;
  fromStreet: string;
  fromPostalCode: string;
  fromPostalName: string;
  fromTransportInstructions: string | null;
  toCustomerName: string | null;
  toNumber: string | null;
  toGln: string | null;
  toPhone: string | null;
  toContactName: string | null;
  toStreet: string | null;
  toPostalCode: string | null;
  toPostalName: string | null;
  toCountryId: string | null;
  deliveryInstructions: string | null;
  deliveryFrom: string | null;
  deliveryTo: string | null;
  hasRamp: boolean | null;
  needsLift: boolean | null;
  loadText: string | null;
  issuerName: string | null;
  senderLogo: Uint8Array | null;
}

type LineRow = ProductNameRow & {
  productId: number;
  quantityOrdered: number;
  quantityPicked: number | null;
};

interface SignatureRow {
  side: 'sender' | 'receiver';
  signerName: string | null;
  userName: string | null;
  signedAt: Date | string;
  image: Uint8Array;
}

/**
 * The waybill of order `id` in `locale`.
 * @throws NOT_FOUND when missing or outside the caller's scope; WAYBILL (409) when the status
 *   has no waybill or a purchase's or sale's line has no picked quantity
 */
export async function getWaybill(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<Waybill> {
  const order = await getOrder(db, auth, id);
  if (!hasWaybill(order.transactionStatusId)) {
    throw new AppError(AppErrorCode.WAYBILL, { fromStatusId: order.transactionStatusId, reasonKey: 'waybill.reasons.status' });
  }
  const [lineRows, [party], signatureRows, [truck]] = await Promise.all([
    rows<LineRow>(
      db,
      sql`SELECT ol.product_id AS "productId", ol.quantity_ordered AS "quantityOrdered", ol.quantity_picked AS "quantityPicked",
            ${productNameColumns}
          FROM order_lines ol JOIN products p ON p.id = ol.product_id ${productJoins}
          WHERE ol.order_id = ${id} ORDER BY ol.id`,
    ),
    rows<PartyRow>(
      db,
      sql`SELECT lf.country_id AS "fromCountryId", cf.name AS "fromCustomerName", lf.number AS "fromNumber", lf.gln AS "fromGln",
            lf.phone AS "fromPhone", lf.street AS "fromStreet", lf.postal_code AS "fromPostalCode", lf.postal_name AS "fromPostalName",
            lf.transport_instructions AS "fromTransportInstructions",
            ctt.name AS "toCustomerName", COALESCE(lt.number, ex.location_number) AS "toNumber", COALESCE(lt.gln, ex.gln) AS "toGln",
            lt.phone AS "toPhone", ex.contact_name AS "toContactName", COALESCE(lt.street, ex.street) AS "toStreet",
            COALESCE(lt.postal_code, ex.postal_code) AS "toPostalCode", COALESCE(lt.postal_name, ex.postal_name) AS "toPostalName",
            COALESCE(lt.country_id, ex.country_id) AS "toCountryId", lt.delivery_instructions AS "deliveryInstructions",
            to_char(lt.delivery_from, 'HH24:MI') AS "deliveryFrom", to_char(lt.delivery_to, 'HH24:MI') AS "deliveryTo",
            lt.has_ramp AS "hasRamp", lt.needs_lift AS "needsLift", o.load_text AS "loadText",
            (SELECT name FROM customers WHERE is_provider ORDER BY id LIMIT 1) AS "issuerName",
            CASE WHEN cf.image_mime IN ('image/png', 'image/jpeg') THEN cf.image END AS "senderLogo"
          FROM orders o JOIN locations lf ON lf.id = o.location_id_from JOIN customers cf ON cf.id = lf.customer_id
          LEFT JOIN locations lt ON lt.id = o.location_id_to LEFT JOIN customers ctt ON ctt.id = lt.customer_id
          LEFT JOIN external_locations ex ON ex.id = o.external_location_id_to
          WHERE o.id = ${id}`,
    ),
    // The side of a signature is its signer's: a user of the receiving location (or of its
    // customer) signs for the receiver, of the sending one for the sender. Anyone else who
    // could sign sees the order from further up (chain, customer type): the usual captured
    // signature is the proof of delivery, so it goes to the receiver.
    rows<SignatureRow>(
      db,
      sql`SELECT CASE
              WHEN u.location_id = o.location_id_to
                OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = o.location_id_to) THEN 'receiver'
              WHEN u.location_id = o.location_id_from
                OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = o.location_id_from) THEN 'sender'
              WHEN u.customer_id = lt.customer_id THEN 'receiver'
              WHEN u.customer_id = lf.customer_id THEN 'sender'
              ELSE 'receiver' END AS side,
            a.signer_name AS "signerName", u.name AS "userName", a.created_at AS "signedAt", a.data AS image
          FROM attachments a JOIN orders o ON o.id = a.order_id JOIN locations lf ON lf.id = o.location_id_from
          LEFT JOIN locations lt ON lt.id = o.location_id_to LEFT JOIN users u ON u.id = a.user_id
          WHERE a.order_id = ${id} AND a.kind = 'signature' ORDER BY a.created_at DESC, a.id DESC`,
    ),
    rows<{ name: string }>(db, sql`SELECT name FROM truck_types WHERE id = ${order.truckTypeId ?? 0}`),
  ]);
  if (!party) throw new AppError(AppErrorCode.NOT_FOUND);

  const needsPicked = waybillNeedsPicked(order.transactionTypeId);
  const missing = lineRows.map((line, index) => ({ line, index })).filter(({ line }) => needsPicked && line.quantityPicked === null);
  const lines = lineRows.map((line) => {
    const names = productNames(locale, line, line);
    return {
      productName: names.name,
      carrierTypeName: names.carrierTypeName,
      qualityName: names.qualityName,
      treatmentName: names.treatmentName,
      quantityOrdered: line.quantityOrdered,
      // A delivery is registered as sent with the quantities loaded (waybillNeedsPicked).
      quantityPicked: line.quantityPicked ?? line.quantityOrdered,
    };
  });
  if (missing.length > 0) {
    throw new AppError(
      AppErrorCode.WAYBILL,
      { reasonKey: 'waybill.reasons.pickedMissing', product: missing.map(({ index }) => lines[index]?.productName).join(', ') },
      Object.fromEntries(missing.map(({ index }) => [`transactions.${index}.quantityPicked`, 'validation.pickedMissing'])),
    );
  }

  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const countryName = (code: string | null) => (code ? (regions.of(code) ?? code) : '');
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const clock = (value: string) => time.format(new Date(`1970-01-01T${value}:00Z`));
  const signature = (side: SignatureRow['side']): WaybillSignature | null => {
    const found = signatureRows.find((row) => row.side === side);
    if (!found) return null;
    const signedAt = found.signedAt instanceof Date ? found.signedAt : new Date(found.signedAt);
    return { signerName: found.signerName ?? found.userName ?? '', signedAt: signedAt.toISOString(), image: found.image };
  };

  return {
    locale,
    timeZone: timeZoneOf(party.fromCountryId),
    issuerName: party.issuerName,
    orderId: order.id,
    transactionTypeId: order.transactionTypeId as TransactionTypeId,
    transactionStatusId: order.transactionStatusId as TransactionStatusId,
    dates: { pickup: order.datePickup, send: order.dateSend, delivery: order.dateReceive },
    sender: {
      customerName: party.fromCustomerName,
      locationName: order.locationNameFrom,
      locationNumber: party.fromNumber,
      gln: party.fromGln,
      phone: party.fromPhone,
      contactName: null,
      address: {
        street: party.fromStreet,
        postalCode: party.fromPostalCode,
        postalName: party.fromPostalName,
        countryName: countryName(party.fromCountryId),
      },
    },
    receiver: order.locationNameTo
      ? {
          customerName: party.toCustomerName,
          locationName: order.locationNameTo,
          locationNumber: party.toNumber,
          gln: party.toGln,
          phone: party.toPhone,
          contactName: party.toContactName,
          address:
            party.toStreet !== null
              ? {
                  street: party.toStreet,
                  postalCode: party.toPostalCode ?? '',
                  postalName: party.toPostalName ?? '',
                  countryName: countryName(party.toCountryId),
                }
              : null,
        }
      : null,
    senderLogo: party.senderLogo,
    deliveryAddress: order.tempAddress ? { ...order.tempAddress, countryName: countryName(order.tempAddress.countryId) } : null,
    transport: {
      cartman: order.cartman,
      transporter: order.transporter,
      carNumber: order.carNumber,
      trailer: order.trailer,
      carType: carTypeName(order.carType, order.truckTypeId, truck?.name, locale),
      sealing: order.sealing,
    },
    references: {
      own: order.referenceOwn,
      sender: order.referenceSender,
      receiver: order.referenceReceiver,
      transport: order.referenceTransport,
    },
    instructions: {
      delivery: party.deliveryInstructions,
      deliveryHours: party.deliveryFrom && party.deliveryTo ? { from: clock(party.deliveryFrom), to: clock(party.deliveryTo) } : null,
      hasRamp: !!party.hasRamp,
      needsLift: !!party.needsLift,
      transport: [order.transportText, party.fromTransportInstructions].filter((text): text is string => !!text?.trim()),
      information: order.infoText,
      load: party.loadText,
    },
    lines,
    customs:
      order.customsHandler && order.customsHandler !== 'none' ? { handler: order.customsHandler, status: order.customsStatus } : null,
    signatures: { sender: signature('sender'), receiver: signature('receiver') },
  };
}

/**
 * The car type to print: the order's truck type in the waybill's language (the catalogue's
 * `truckTypes.<id>`, as lookups/truck-types.ts names it) when the stored car type is empty or
 * just that truck type's name (stored, or in any language: the waybill dialog fills it in);
 * a car type typed by hand as it was typed.
 */
function carTypeName(carType: string | null, truckTypeId: number | null, storedName: string | undefined, locale: Locale): string | null {
  if (truckTypeId === null || storedName === undefined) return carType;
  const nameIn = (l: Locale) => translator(l)(`truckTypes.${truckTypeId}`, { defaultValue: storedName });
  const names = new Set([storedName, ...locales.map(nameIn)]);
  return !carType?.trim() || names.has(carType.trim()) ? nameIn(locale) : carType;
}
