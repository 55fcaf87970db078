/** Orders (spec sections 3, 4 and 7): the order, the grid's query, placing and updating one. */
import { z } from 'zod';
import { countries, customsHandlers } from '../enums.js';
import {
  queryBigIdList,
  queryBool,
  queryInt,
  queryInteger,
  queryIntList,
  requiredText,
  text,
  ZBigId,
  ZCount,
  ZId,
  ZIdempotencyKey,
  ZMoneyMinor,
  ZPlainDate,
  ZText,
} from './common.js';

export const ZOrderLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  treatmentId: z.number().int(),
  qualityId: z.number().int(),
  productImage: z.string().nullable(),
  name: z.string(),
  quantityOrdered: z.number().int(),
  quantityPicked: z.number().int().nullable(),
  quantityDelivered: z.number().int().nullable(),
  shallReturn: z.boolean().nullable(),
});
export type OrderLine = z.infer<typeof ZOrderLine>;

/** An order row of the grid (GET Orders). Money in minor units of `currency`. */
export const ZOrderSummary = z.object({
  id: z.number().int(),
  transactionTypeId: z.number().int(),
  transactionStatusId: z.number().int(),
  locationIdFrom: z.number().int(),
  locationIdTo: z.number().int().nullable(),
  locationNameFrom: z.string(),
  locationNameTo: z.string().nullable(),
  customerGroupFrom: z.string(),
  customerGroupTo: z.string().nullable(),
  dateSend: ZPlainDate,
  datePickup: ZPlainDate.nullable(),
  dateReceive: ZPlainDate.nullable(),
  referenceOwn: z.string().nullable(),
  quantity: z.number().int(),
  commentCount: z.number().int(),
  isReceiverRegistered: z.boolean(),
  customsStatus: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderHistoryEntry = z.object({
  fromStatusId: z.number().int().nullable(),
  toStatusId: z.number().int(),
  userName: z.string().nullable(),
  comment: z.string().nullable(),
  at: z.string(),
});

export const ZAddress = z.object({
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  postalName: z.string(),
  countryName: z.string(),
});

/** An order with everything its detail page shows. */
export const ZOrder = ZOrderSummary.extend({
  addressFrom: ZAddress.nullable(),
  addressTo: ZAddress.nullable(),
  referenceSender: z.string().nullable(),
  referenceReceiver: z.string().nullable(),
  referenceTransport: z.string().nullable(),
  /**
   * Money of the order, minor units of `currency` (øre, öre, cent): price per carrier, amount
   * (price x quantity), freight, transport fee. Null when not set, and always null for callers
   * who may not see money (`maySeeMoney`; docs/domain.md, "Who sees money").
   */
  currency: z.string().nullable(),
  price: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  freight: z.number().int().nullable(),
  transportFee: z.number().int().nullable(),
  carNumber: z.string().nullable(),
  trailer: z.string().nullable(),
  carType: z.string().nullable(),
  cartman: z.string().nullable(),
  transporter: z.string().nullable(),
  sealing: z.string().nullable(),
  truckTypeId: z.number().int().nullable(),
  customsHandler: z.string().nullable(),
  /** The external receiver of a delivery (instead of `locationIdTo`), its name and location number. */
  externalLocationIdTo: z.number().int().nullable(),
  externalLocationNameTo: z.string().nullable(),
  externalLocationNumberTo: z.string().nullable(),
  /** The temporary delivery address of this order, as saved (`addressTo` already shows it). */
  tempAddress: z
    .object({ name: z.string(), street: z.string(), postalCode: z.string(), postalName: z.string(), countryId: z.enum(countries) })
    .nullable(),
  infoText: z.string().nullable(),
  transportText: z.string().nullable(),
  autoCommit: z.boolean(),
  receptionDays: z.number().int().nullable(),
  returnDays: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  transactions: z.array(ZOrderLine),
  history: z.array(ZOrderHistoryEntry),
});
export type Order = z.infer<typeof ZOrder>;

/** Grid sort fields; `dateSend` maps to the send date column (spec section 7). */
export const orderSortFields = ['dateSend', 'id', 'transactionStatusId', 'locationNameFrom', 'locationNameTo', 'quantity'] as const;

/**
 * GET Orders (spec section 7). `count` rows from `offset` (the grid fetches 1000 at a time
 * and shows pages of 50); `term` is a prefix search over order number, own reference and
 * party names; `sendLower`/`sendUpper` bound the send date; `transactionStatus` is a comma
 * list; `ids` fetches given orders. Flags `withfees` and other `with*` are accepted and false.
 */
export const ZOrdersQuery = z
  .object({
    count: queryInteger(1, 1000).default(1000),
    offset: queryInteger(0, 1_000_000).default(0),
    countdetailed: queryBool.optional(),
    withfees: queryBool.optional(),
    term: text(100).optional(),
    source: text(100).optional(),
    mode: z.enum(['prefix']).optional(),
    sendLower: ZPlainDate.optional(),
    sendUpper: ZPlainDate.optional(),
    transactionStatus: queryIntList.optional(),
    transactionType: queryIntList.optional(),
    customerId: queryInt.optional(),
    locationId: queryInt.optional(),
    locationIdFrom: queryInt.optional(),
    locationIdTo: queryInt.optional(),
    ids: queryBigIdList.optional(),
    include: text(500).optional(),
    'orderBy[0].field': z.enum(orderSortFields).optional(),
    'orderBy[0].descending': queryBool.optional(),
    sort: text(100).optional(),
    /** Grid column filters (contains, case-insensitive). */
    filterLocationFrom: text(100).optional(),
    filterLocationTo: text(100).optional(),
    filterReference: text(100).optional(),
  })
  .refine((q) => !q.sendLower || !q.sendUpper || q.sendLower <= q.sendUpper, {
    message: 'validation.dateRange',
    path: ['sendUpper'],
  });
export type OrdersQuery = z.infer<typeof ZOrdersQuery>;

export const ZOrdersResponse = z.object({ items: z.array(ZOrderSummary), total: z.number().int() });

/**
 * One line of a new or updated order. Quantity in carriers, a multiple of the stack height.
 * `shallReturn` is the return choice (spec section 3, "return choice per line"): only on a
 * return, an order to a sorting depot, where the sorted carriers of the line shall (true, the
 * default) or shall not (false) be returned to the sender; on any other order it is refused.
 */
export const ZOrderLineInput = z.object({
  productId: ZId,
  quantityOrdered: ZCount.max(100_000, { message: 'validation.tooBig' }),
  shallReturn: z.boolean().optional(),
});

/** A temporary delivery address for one order (spec section 3, "temporary address"). */
export const ZTempAddress = z.object({
  name: requiredText(200),
  street: requiredText(200),
  postalCode: requiredText(20),
  postalName: requiredText(100),
  /** ISO 3166-1 alpha-2: NO, SE, DK or FI; the postal code must fit the country's mask. */
  countryId: z.enum(countries),
});
export type TempAddress = z.infer<typeof ZTempAddress>;

/**
 * POST Orders: create (no `id`) or update a draft (`id`). `draft` true keeps it at 0; false
 * moves it along its path (a purchase or sale to 1 Ordered, a delivery to 4 Sent).
 * `idempotencyKey`: the same key twice from one user creates one order (with `copies`, the
 * first of them).
 */
export const ZSaveOrderRequest = z.object({
  id: ZBigId.optional(),
  transactionTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  locationIdFrom: ZId.optional(),
  locationIdTo: ZId.optional(),
  /** A delivery's receiver outside the portal (one of the sending customer's external locations); instead of `locationIdTo`. */
  externalLocationIdTo: ZId.optional(),
  dateSend: ZPlainDate,
  datePickup: ZPlainDate.optional(),
  referenceOwn: ZText.max(100).optional(),
  referenceSender: ZText.max(100).optional(),
  referenceReceiver: ZText.max(100).optional(),
  referenceTransport: ZText.max(100).optional(),
  truckTypeId: ZId.optional(),
  infoText: ZText.max(2000).optional(),
  transportText: ZText.max(2000).optional(),
  /** Text on the load (e.g. "Full stacks, strapped"). */
  loadText: ZText.max(500).optional(),
  /** Car type and fuel chosen in the transport step. */
  carType: ZText.max(100).optional(),
  fuel: ZText.max(50).optional(),
  /** Who clears customs on a cross-border trip (spec section 4). */
  customsHandler: z.enum(customsHandlers).optional(),
  /** Deliver this order to another address than the receiver's own. */
  tempAddress: ZTempAddress.optional(),
  /** Price per carrier, minor units of the order's currency (øre, öre, cent). Provider staff only. */
  price: ZMoneyMinor.optional(),
  /** Freight, minor units. Provider staff only. */
  freight: ZMoneyMinor.optional(),
  /** Transport fee (small orders), minor units. Provider staff only. */
  transportFee: ZMoneyMinor.optional(),
  lines: z.array(ZOrderLineInput).min(1, { message: 'validation.noLines' }).max(50),
  draft: z.boolean(),
  idempotencyKey: ZIdempotencyKey.optional(),
  /** Create this many identical orders in one transaction (1-50; new orders only). */
  copies: z.number().int().min(1, { message: 'validation.copies' }).max(50, { message: 'validation.copies' }).optional(),
});
export type SaveOrderRequest = z.infer<typeof ZSaveOrderRequest>;

/** POST Orders answers the (first) order, and `ids`: every order created or saved, in order. */
export const ZSaveOrderResponse = ZOrder.extend({ ids: z.array(z.number().int()) });
