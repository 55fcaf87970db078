/**
 * zod schemas of the entities and calls (spec sections 3 and 7). The same schema validates
 * the request on the server, types the handler, documents the call in OpenAPI and validates
 * the web form. Field names are the specification's.
 */
import { z } from 'zod';
import { balanceKinds, countries, customsHandlers, tasks } from './enums.js';
import { locales } from './locale.js';

/** A plain business date, yyyy-MM-dd. */
export const ZPlainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** A month, yyyy-MM (GET Days). */
/** A calendar month, "YYYY-MM" with a month from 01 to 12. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.month' });

const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');
const queryInt = z.coerce.number().int();
/** Comma-separated integers in a query string ("1,2,3"). */
const queryIntList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'validation.intList' })
  .transform((s) => s.split(',').map(Number));

// ---------------------------------------------------------------- entities

export const ZCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  statusId: z.number().int(),
  agreementStandard: z.boolean().optional(),
  agreementRequired: z.boolean().optional(),
});
export type Customer = z.infer<typeof ZCustomer>;

export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  externalId: z.string().nullable().optional(),
  gln: z.string().nullable().optional(),
  statusId: z.number().int(),
  typeId: z.string(),
  customerId: z.number().int(),
  customerName: z.string().optional(),
  customerNameCorporate: z.string().nullable().optional(),
  customerIdCorporate: z.number().int().nullable().optional(),
  poolingGroupId: z.number().int().nullable().optional(),
  isDefault: z.boolean(),
  isPooling: z.boolean(),
  isCorporate: z.boolean().optional(),
  isReturnScheme: z.boolean(),
  isCommission: z.boolean(),
  isDispatch: z.boolean(),
  isContainerActive: z.boolean(),
  /** A provider depot that sorts returned carriers: an order to it is a return (docs/domain.md "Returns"). */
  isSortingDepot: z.boolean().optional(),
  countryId: z.string(),
  currency: z.string().optional(),
  street: z.string().optional(),
  postalCode: z.string().optional(),
  postalName: z.string().optional(),
});
export type Location = z.infer<typeof ZLocation>;

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  isActive: z.boolean(),
  locationId: z.number().int().nullable(),
  customerId: z.number().int(),
  isGlobalAdmin: z.boolean(),
  isCustomerAdmin: z.boolean(),
  isReturnScheme: z.boolean(),
  reportLevel: z.number().int(),
  financeReport: z.boolean(),
  confirmedGdpr: z.boolean(),
  tasks: z.array(z.enum(tasks)),
});
export type User = z.infer<typeof ZUser>;

/** Session status (spec section 3): who acts for which customer and location. */
export const ZSessionStatus = z.object({
  customer: ZCustomer,
  location: ZLocation.nullable(),
  user: ZUser,
  loginUser: ZUser,
  language: z.enum(locales),
  /**
   * The acting user works for the provider (a global admin, or a user of the provider
   * customer): provider staff take the P steps of the status machine and set prices (docs/domain.md).
   */
  isProvider: z.boolean(),
  info: z.object({
    version: z.string(),
    build: z.string(),
    environment: z.string().nullable(),
    serverTime: z.string(),
  }),
});
export type SessionStatus = z.infer<typeof ZSessionStatus>;

// ---------------------------------------------------------------- auth and session

export const ZLoginRequest = z.object({
  userLoginName: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  password: z.string().min(1, { message: 'validation.required' }).max(200),
  anonymous: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string(), expiresAt: z.string(), status: ZSessionStatus });

/** POST status: switch the acting customer, location or user (spec section 6). */
export const ZSwitchStatusRequest = z.object({
  customerId: z.number().int().positive().optional(),
  locationId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
});
export type SwitchStatusRequest = z.infer<typeof ZSwitchStatusRequest>;

/** Public status (GET Status without a token): the service answers and its version. */
export const ZPublicStatus = z.object({
  status: ZSessionStatus.nullable(),
  info: ZSessionStatus.shape.info,
});

export const actionNames = [
  'Status',
  'TransactionTypes',
  'TransactionStatuses',
  'WebTaskUsers',
  'TruckTypes',
  'InterCompany',
  'Preload',
] as const;
export const ZActionsRequest = z.array(z.enum(actionNames)).min(1).max(20);

export const ZLanguageRequest = z.object({ language: z.enum(locales) });

export const ZMessageReadRequest = z.object({ id: z.number().int().positive(), read: z.boolean() });

export const ZAlert = z.object({
  id: z.number().int(),
  source: z.string(),
  sourceId: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  data: z.object({ read: z.boolean(), mustRead: z.boolean() }),
  /** Route under /app for an Order alert (order target helper, spec section 2). */
  target: z.string().nullable(),
});
export type Alert = z.infer<typeof ZAlert>;

// ---------------------------------------------------------------- lookups

export const ZCustomersQuery = z.object({ include: z.string().optional(), term: z.string().optional() });
export const ZLocationsQuery = z.object({
  customerId: queryInt.optional(),
  canSwitch: queryBool.optional(),
  include: z.string().optional(),
});
/** GET locations (lower case): candidate other parties of an order. */
export const ZOrderLocationsQuery = z.object({
  transactiontype: queryInt.optional(),
  all: queryBool.optional(),
  poolingGroupId: queryInt.optional(),
  customerId_Corporate: queryInt.optional(),
  customerId: queryInt.optional(),
  term: z.string().max(100).optional(),
});
export const ZUsersQuery = z.object({
  customerId: queryInt.optional(),
  locationId: queryInt.optional(),
  isActive: queryBool.optional(),
  include: z.string().optional(),
});
export const ZDaysQuery = z.object({ from: ZMonth, to: ZMonth, locationId: queryInt.optional() });
export const ZDay = z.object({ date: ZPlainDate, isOpen: z.boolean() });
export type Day = z.infer<typeof ZDay>;

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  qualityId: z.number().int(),
  treatmentId: z.number().int(),
  qualityName: z.string(),
  treatmentName: z.string(),
  carrierTypeId: z.number().int(),
  carrierTypeName: z.string(),
  image: z.string().nullable(),
  treatmentIsDefault: z.boolean(),
  qualityIsDefault: z.boolean(),
  /** Full-stack height: quantities are multiples of it. */
  qtyHeight: z.number().int(),
  /** Tare weight in grams. */
  tareWeightGrams: z.number().int(),
});
export type Product = z.infer<typeof ZProduct>;
export const ZProductsQuery = z.object({ all: queryBool.optional() });
export const ZAvailableProductsQuery = z.object({
  locationId: queryInt,
  isPooling: queryBool.optional(),
  grouped: queryBool.optional(),
});

export const ZTruckType = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  qtyHeight: z.number().int(),
  qtyHeight2: z.number().int(),
  tpuCount: z.number().int(),
  tpuCount2: z.number().int(),
  fuel: z.string(),
});
export type TruckType = z.infer<typeof ZTruckType>;

export const ZGlnValidateQuery = z.object({ gln: z.string().max(20) });
export const ZGlnValidateResponse = z.object({
  ok: z.boolean(),
  reason: z.string().nullable(),
  inUse: z.boolean(),
});

// ---------------------------------------------------------------- external locations

/**
 * A sender or receiver outside the portal (spec section 3, "External location"), registered
 * by a customer: the other end of a delivery. `locationNumber` is unique across the portal
 * (spec section 5); `gln` is 13 digits with a valid GS1 check digit, or null.
 */
export const ZExternalLocation = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  locationNumber: z.string(),
  gln: z.string().nullable(),
  contactName: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  postalName: z.string().nullable(),
  countryId: z.enum(countries),
  active: z.boolean(),
});
export type ExternalLocation = z.infer<typeof ZExternalLocation>;

/**
 * GET ExternalLocations: the acting customer's external locations, by name. `term` matches
 * the name anywhere or the location number or GLN from the start; `countryId` narrows to one
 * country; inactive ones only with `includeInactive`.
 */
export const ZExternalLocationsQuery = z.object({
  term: z.string().trim().max(100).optional(),
  countryId: z.enum(countries).optional(),
  includeInactive: queryBool.optional(),
});
export type ExternalLocationsQuery = z.infer<typeof ZExternalLocationsQuery>;

/** An optional text; empty (after trimming) counts as not given. */
const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).optional();

/**
 * POST ExternalLocations: create (no `id`) or update one of the acting customer's external
 * locations. The location number must not be used by any other external location
 * (LOCATION_NUMBER_EXISTS, 'Location number already exists'); a GLN, when given, must pass
 * the GS1 check (spec section 5); a postal code must fit the country's mask. Leaving
 * `active` out keeps it as it is (a new one is active).
 */
export const ZSaveExternalLocationRequest = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.tooLong' }),
  locationNumber: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'validation.locationNumber' }),
  gln: optionalText(20),
  contactName: optionalText(200),
  street: optionalText(200),
  postalCode: optionalText(20),
  postalName: optionalText(100),
  countryId: z.enum(countries),
  active: z.boolean().optional(),
});
export type SaveExternalLocationRequest = z.infer<typeof ZSaveExternalLocationRequest>;

// ---------------------------------------------------------------- orders

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
    count: queryInt.min(1).max(1000).default(1000),
    offset: queryInt.min(0).max(1_000_000).default(0),
    countdetailed: queryBool.optional(),
    withfees: queryBool.optional(),
    term: z.string().trim().max(100).optional(),
    source: z.string().optional(),
    mode: z.enum(['prefix']).optional(),
    sendLower: ZPlainDate.optional(),
    sendUpper: ZPlainDate.optional(),
    transactionStatus: queryIntList.optional(),
    transactionType: queryIntList.optional(),
    customerId: queryInt.optional(),
    locationId: queryInt.optional(),
    locationIdFrom: queryInt.optional(),
    locationIdTo: queryInt.optional(),
    ids: queryIntList.optional(),
    include: z.string().optional(),
    'orderBy[0].field': z.enum(orderSortFields).optional(),
    'orderBy[0].descending': queryBool.optional(),
    sort: z.string().optional(),
    /** Grid column filters (contains, case-insensitive). */
    filterLocationFrom: z.string().max(100).optional(),
    filterLocationTo: z.string().max(100).optional(),
    filterReference: z.string().max(100).optional(),
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
  productId: z.number().int().positive(),
  quantityOrdered: z.number().int({ message: 'validation.integer' }).min(0).max(100_000),
  shallReturn: z.boolean().optional(),
});

/** A temporary delivery address for one order (spec section 3, "temporary address"). */
export const ZTempAddress = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(200),
  street: z.string().trim().min(1, { message: 'validation.required' }).max(200),
  postalCode: z.string().trim().min(1, { message: 'validation.required' }).max(20),
  postalName: z.string().trim().min(1, { message: 'validation.required' }).max(100),
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
  id: z.number().int().positive().optional(),
  transactionTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  locationIdFrom: z.number().int().positive().optional(),
  locationIdTo: z.number().int().positive().optional(),
  /** A delivery's receiver outside the portal (one of the sending customer's external locations); instead of `locationIdTo`. */
  externalLocationIdTo: z.number().int().positive().optional(),
  dateSend: ZPlainDate,
  datePickup: ZPlainDate.optional(),
  referenceOwn: z.string().max(100).optional(),
  referenceSender: z.string().max(100).optional(),
  referenceReceiver: z.string().max(100).optional(),
  referenceTransport: z.string().max(100).optional(),
  truckTypeId: z.number().int().positive().optional(),
  infoText: z.string().max(2000).optional(),
  transportText: z.string().max(2000).optional(),
  /** Text on the load (e.g. "Full stacks, strapped"). */
  loadText: z.string().max(500).optional(),
  /** Car type and fuel chosen in the transport step. */
  carType: z.string().max(100).optional(),
  fuel: z.string().max(50).optional(),
  /** Who clears customs on a cross-border trip (spec section 4). */
  customsHandler: z.enum(customsHandlers).optional(),
  /** Deliver this order to another address than the receiver's own. */
  tempAddress: ZTempAddress.optional(),
  /** Price per carrier, minor units of the order's currency (øre, öre, cent). Provider staff only. */
  price: z.number().int().min(0).max(100_000_000).optional(),
  /** Freight, minor units. Provider staff only. */
  freight: z.number().int().min(0).max(100_000_000).optional(),
  /** Transport fee (small orders), minor units. Provider staff only. */
  transportFee: z.number().int().min(0).max(100_000_000).optional(),
  lines: z.array(ZOrderLineInput).min(1, { message: 'validation.noLines' }).max(50),
  draft: z.boolean(),
  idempotencyKey: z.string().min(8).max(100).optional(),
  /** Create this many identical orders in one transaction (1-50; new orders only). */
  copies: z.number().int().min(1, { message: 'validation.copies' }).max(50, { message: 'validation.copies' }).optional(),
});
export type SaveOrderRequest = z.infer<typeof ZSaveOrderRequest>;

/** POST Orders answers the (first) order, and `ids`: every order created or saved, in order. */
export const ZSaveOrderResponse = ZOrder.extend({ ids: z.array(z.number().int()) });

/** Waybill data of the sending step 3 -> 4 (spec section 3); the car number is required there. */
export const ZWaybill = z.object({
  carNumber: z.string().trim().min(1, { message: 'validation.required' }).max(30),
  trailer: z.string().trim().max(30).optional(),
  carType: z.string().trim().max(100).optional(),
  /** The haulier. */
  cartman: z.string().trim().max(200).optional(),
  transporter: z.string().trim().max(200).optional(),
  /** Seal number. */
  sealing: z.string().trim().max(50).optional(),
});
export type Waybill = z.infer<typeof ZWaybill>;

/** A quantity per product that comes with a status step. Quantity in carriers. */
export const ZStatusLine = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int({ message: 'validation.integer' }).min(0).max(100_000),
});

/**
 * POST OrderStatus: move an order along the status machine (docs/domain.md, "Status steps
 * and their data"). `lines` carry the quantities a step needs:
 * - 2 -> 3 picking: the picked quantity of every line (whole stacks; 0 removes the line);
 * - 4/11 -> 5 receiving: optional, must equal the sent quantities (else report 6);
 * - 4/11 -> 6 disagreement: the delivered quantities that differ (with `comment`);
 * - 6 -> 5 resolving (provider): the final quantities (omitted lines keep the reported ones);
 * - 10 -> 12 sorting (provider): the sorted quantity per product/quality; products not on the
 *   order are added, order products not listed were sorted to 0.
 * Any other step takes no lines. `waybill` comes with 3 -> 4 (car number required) and may come
 * with 0 -> 4. `version` (the one the client saw) makes a stale change answer 409 CONFLICT.
 */
export const ZSetOrderStatusRequest = z.object({
  id: z.number().int().positive(),
  transactionStatusId: z.number().int().min(0).max(14),
  lines: z.array(ZStatusLine).max(50).optional(),
  comment: z.string().trim().max(2000).optional(),
  version: z.number().int().optional(),
  waybill: ZWaybill.optional(),
  /** 6 or 1/2 -> 8: the corrected order that replaces this one (visible to the caller). */
  replacedByOrderId: z.number().int().positive().optional(),
});
export type SetOrderStatusRequest = z.infer<typeof ZSetOrderStatusRequest>;

/**
 * A warning that comes with a status change; it does not stop it. `pickedDeviation`: a line
 * was picked more than 20% away from its ordered quantity (spec section 9); `lineRemoved`: a
 * line picked 0 was removed from the order. `message` is in the caller's language.
 */
export const ZOrderWarning = z.object({
  code: z.enum(['pickedDeviation', 'lineRemoved']),
  productId: z.number().int(),
  productName: z.string(),
  quantityOrdered: z.number().int(),
  quantityPicked: z.number().int(),
  message: z.string(),
});
export type OrderWarning = z.infer<typeof ZOrderWarning>;

/** POST OrderStatus and POST OrderArrival answer the order with the step's warnings (often empty). */
export const ZSetOrderStatusResponse = ZOrder.extend({ warnings: z.array(ZOrderWarning) });

/** POST OrderArrival: provider staff register that a sent order (4) arrived; the server picks 5, 9 or 11. */
export const ZArriveOrderRequest = z.object({
  id: z.number().int().positive(),
  version: z.number().int().optional(),
});

/** POST OrdersSend: send several drafts at once ("send drafts"), each in its own transaction. */
export const ZOrdersSendRequest = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, { message: 'validation.noOrders' })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.duplicateIds' }),
});
/** Per id: `ok`, the new status, or the translated reason (`error`) and its code (`type`). */
export const ZOrdersSendResponse = z.array(
  z.object({
    id: z.number().int(),
    ok: z.boolean(),
    transactionStatusId: z.number().int().optional(),
    error: z.string().optional(),
    type: z.string().optional(),
  }),
);

/**
 * POST OrderCustoms: the customs status of a cross-border order (spec section 4: empty red,
 * pending orange, done green); null clears it. The sender side or provider staff, while the
 * order is not final (5, 7, 8) and has a customs handler other than none. `version` (the one
 * the client saw) makes a stale change answer 409 CONFLICT. Answers the order.
 */
export const ZSetCustomsStatusRequest = z.object({
  id: z.number().int().positive(),
  customsStatus: z.enum(['pending', 'done']).nullable(),
  version: z.number().int().optional(),
});
export type SetCustomsStatusRequest = z.infer<typeof ZSetCustomsStatusRequest>;

/** DELETE Orders/{id}: a discarded draft answers its id. */
export const ZDeleteOrderResponse = z.object({ id: z.number().int() });

/** GET stockDetails: a location's balances; the acting location when `locationId` is left out. */
export const ZStockDetailsQuery = z.object({ locationId: queryInt.positive().optional() });

/**
 * A location's stock (GET stockDetails): the running balances per product and balance kind
 * (read from `balances`, never summed from the ledger), and apart the carriers in transit
 * (orders in statuses 3, 4 and 9-14, not yet posted): `incoming` to this location, `outgoing`
 * from it, by the quantities the order would post now. Quantities in carriers.
 */
export const ZStockDetails = z.object({
  locationId: z.number().int(),
  balances: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      balanceKind: z.enum(balanceKinds),
      quantity: z.number().int(),
    }),
  ),
  inTransit: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      incoming: z.number().int(),
      outgoing: z.number().int(),
    }),
  ),
});
export type StockDetails = z.infer<typeof ZStockDetails>;

/**
 * GET OrderFill: the fill degree of an order (`id`; its truck unless `truckTypeId` names
 * another) or of an unsaved one (`truckTypeId` and `lines` as "productId:quantity,productId:quantity").
 * Without a truck type the default truck counts.
 */
export const ZOrderFillQuery = z
  .object({
    id: queryInt.positive().optional(),
    truckTypeId: queryInt.positive().optional(),
    lines: z
      .string()
      .regex(/^\d+:\d+(,\d+:\d+)*$/, { message: 'validation.fillLines' })
      .transform((s) => s.split(',').map((pair) => ({ productId: Number(pair.split(':')[0]), quantity: Number(pair.split(':')[1]) })))
      .optional(),
  })
  .refine((q) => q.id !== undefined || q.lines !== undefined, {
    message: 'validation.required',
    path: ['lines'],
  });

/**
 * The fill degree (domain.md, "Carriers"; docs/domain.md, "Fill degree"): `fill` = `stacks` /
 * `capacity`; above 1 the load does not fit (shown red, as a percentage with one decimal).
 */
export const ZOrderFill = z.object({
  truckTypeId: z.number().int(),
  /** Full stacks of the load: each line's quantity over its carrier's full-stack height. */
  stacks: z.number(),
  /** Stacks the truck carries: tpuCount + tpuCount2. */
  capacity: z.number(),
  /** stacks / capacity (4 decimals); 0 for a truck without capacity. */
  fill: z.number(),
});
export type OrderFill = z.infer<typeof ZOrderFill>;

export const ZIdParam = z.object({ id: queryInt.positive() });

/** The volume widget of the start page (spec section 9): this year's orders, carriers, tonnes. */
export const ZVolumeWidget = z.object({
  year: z.number().int(),
  orders: z.number().int(),
  pallets: z.number().int(),
  /** Tare weight in kilograms (shown as tonnes). */
  weightKg: z.number(),
});

// ---------------------------------------------------------------- scheduled orders (issue 3)

/** The weekdays a scheduled order can fall on (spec section 3, "Weekday selection"). */
export const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/** How many days ahead the scheduler turns due occurrences into orders (docs/domain.md). */
export const SCHEDULE_HORIZON_DAYS = 14;

/** A line of a scheduled order: quantity in carriers, a multiple of `qtyHeight`. */
export const ZScheduledOrderLine = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantityOrdered: z.number().int(),
  qtyHeight: z.number().int(),
});

/**
 * A scheduled (recurring) order: a template that places a real order on each chosen weekday
 * of every `intervalWeeks`-th week (counted from the week of `startDate`), from `startDate`
 * to `endDate` (open-ended when null), on open days of the sending location's country.
 * `nextDate`: the first occurrence not yet turned into an order; `upcoming`: its next
 * occurrences from today (at most 5), whether or not already ordered.
 */
export const ZScheduledOrder = z.object({
  id: z.number().int(),
  transactionTypeId: z.number().int(),
  locationIdFrom: z.number().int(),
  locationIdTo: z.number().int(),
  locationNameFrom: z.string(),
  locationNameTo: z.string(),
  intervalWeeks: z.number().int(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  startDate: ZPlainDate,
  endDate: ZPlainDate.nullable(),
  nextDate: ZPlainDate.nullable(),
  truckTypeId: z.number().int().nullable(),
  referenceOwn: z.string().nullable(),
  active: z.boolean(),
  lines: z.array(ZScheduledOrderLine),
  upcoming: z.array(ZPlainDate),
});
export type ScheduledOrder = z.infer<typeof ZScheduledOrder>;

/**
 * GET ScheduledOrders: the schedules of a location (default the acting one) where it is
 * either party; `transactionTypeId` 1 for Orders > Scheduled, 2 for Dispatch > Scheduled pickups.
 */
export const ZScheduledOrdersQuery = z.object({
  locationId: queryInt.positive().optional(),
  transactionTypeId: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  includeInactive: queryBool.optional(),
});
export type ScheduledOrdersQuery = z.infer<typeof ZScheduledOrdersQuery>;

/**
 * POST ScheduledOrders: create (no `id`) or update a schedule. Purchases (1) and sales (2)
 * only. The customer side is the acting location unless another in scope is named, the other
 * side the country's default depot unless named (as POST Orders). At least one weekday;
 * `startDate` <= `endDate`; quantities whole full stacks (checked on the server).
 */
export const ZSaveScheduledOrderRequest = z
  .object({
    id: z.number().int().positive().optional(),
    transactionTypeId: z.union([z.literal(1), z.literal(2)]),
    locationIdFrom: z.number().int().positive().optional(),
    locationIdTo: z.number().int().positive().optional(),
    intervalWeeks: z.number().int({ message: 'validation.integer' }).min(1).max(52),
    monday: z.boolean(),
    tuesday: z.boolean(),
    wednesday: z.boolean(),
    thursday: z.boolean(),
    friday: z.boolean(),
    startDate: ZPlainDate,
    endDate: ZPlainDate.nullable().optional(),
    truckTypeId: z.number().int().positive().optional(),
    referenceOwn: z.string().max(100).optional(),
    lines: z.array(ZOrderLineInput).min(1, { message: 'validation.noLines' }).max(50),
  })
  .refine((s) => s.monday || s.tuesday || s.wednesday || s.thursday || s.friday, {
    message: 'validation.weekday',
    path: ['weekdays'],
  })
  .refine((s) => !s.endDate || s.startDate <= s.endDate, { message: 'validation.dateRange', path: ['endDate'] });
export type SaveScheduledOrderRequest = z.infer<typeof ZSaveScheduledOrderRequest>;

/** GET ScheduleOrderFill (spec section 7): the truck fill of a schedule's lines, 1 = full. */
export const ZScheduleOrderFillQuery = z.object({ id: queryInt.positive() });

// ---------------------------------------------------------------- order comments (issue 3)

export const ZOrderComment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OrderComment = z.infer<typeof ZOrderComment>;

export const ZOrderIdQuery = z.object({ orderId: queryInt.positive() });

/** POST OrderComments: 1-2000 characters (trimmed). */
export const ZSaveOrderCommentRequest = z.object({
  orderId: z.number().int().positive(),
  text: z.string().trim().min(1, { message: 'validation.required' }).max(2000, { message: 'validation.textTooLong' }),
});
export type SaveOrderCommentRequest = z.infer<typeof ZSaveOrderCommentRequest>;

// ---------------------------------------------------------------- attachments (issue 3)

/** Largest attachment, in bytes (10 MiB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Largest signature image, in bytes (1 MiB). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** File types an attachment may have, told by the file's first bytes (spec section 5). */
export const attachmentMimeTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'] as const;
export type AttachmentMimeType = (typeof attachmentMimeTypes)[number];
/** The file input's accept list (spec section 5). */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif';

/** An attachment's metadata; the file itself is GET OrderAttachments/{id}. */
export const ZAttachment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: z.enum(['file', 'signature']),
  fileName: z.string(),
  mime: z.enum(attachmentMimeTypes),
  sizeBytes: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  signerName: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof ZAttachment>;

/** POST OrderSignature: the signer's name and the drawn signature as a PNG data URL. */
export const ZSaveSignatureRequest = z.object({
  orderId: z.number().int().positive(),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  image: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 100, { message: 'validation.tooBig' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'validation.signatureImage' }),
});
export type SaveSignatureRequest = z.infer<typeof ZSaveSignatureRequest>;

// ---------------------------------------------------------------- email archive (issue 3)

/** Topics of the mails the portal sends (Company > Email archive filters by them). */
export const emailTopics = ['orderConfirmation', 'purchase', 'return'] as const;
export type EmailTopic = (typeof emailTopics)[number];

/**
 * An archived email (spec section 3, "Email archive entry"). `status`: stored (archived only,
 * no SMTP configured), queued, sending, sent, failed (after 3 SMTP attempts).
 */
export const ZEmailArchiveEntry = z.object({
  id: z.number().int(),
  topic: z.string(),
  toAddress: z.string(),
  toCustomerId: z.number().int().nullable(),
  toCustomerName: z.string().nullable(),
  toUserId: z.number().int().nullable(),
  toUserName: z.string().nullable(),
  fromLocationId: z.number().int().nullable(),
  fromLocationName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['stored', 'queued', 'sending', 'sent', 'failed']),
  sent: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailArchiveEntry = z.infer<typeof ZEmailArchiveEntry>;

/**
 * GET EmailArchive (customer admins: their customer's mails; global admins: all). `dateFrom`
 * and `dateTo` bound the day the mail was written (UTC), both inclusive; `sent` true only
 * delivered mails, false the others. Newest first.
 */
export const ZEmailArchiveQuery = z
  .object({
    topic: z.string().max(50).optional(),
    dateFrom: ZPlainDate.optional(),
    dateTo: ZPlainDate.optional(),
    sent: queryBool.optional(),
    toCustomerId: queryInt.positive().optional(),
    toUserId: queryInt.positive().optional(),
    fromLocationId: queryInt.positive().optional(),
    orderId: queryInt.positive().optional(),
    count: queryInt.min(1).max(500).default(100),
    offset: queryInt.min(0).max(1_000_000).default(0),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'validation.dateRange', path: ['dateTo'] });
export type EmailArchiveQuery = z.infer<typeof ZEmailArchiveQuery>;

export const ZEmailArchiveResponse = z.object({ items: z.array(ZEmailArchiveEntry), total: z.number().int() });
