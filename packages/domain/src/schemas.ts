/**
 * zod schemas of the entities and calls (spec sections 3 and 7). The same schema validates
 * the request on the server, types the handler, documents the call in OpenAPI and validates
 * the web form. Field names are the specification's.
 */
import { z } from 'zod';
import { tasks } from './enums.js';
import { locales } from './locale.js';

/** A plain business date, yyyy-MM-dd. */
export const ZPlainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** A month, yyyy-MM (GET Days). */
/** A calendar month, "YYYY-MM" with a month from 01 to 12. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.month' });

const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
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

export const actionNames = ['Status', 'TransactionTypes', 'TransactionStatuses', 'WebTaskUsers', 'TruckTypes', 'InterCompany', 'Preload'] as const;
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

/** One line of a new or updated order. Quantity in carriers, a multiple of the stack height. */
export const ZOrderLineInput = z.object({
  productId: z.number().int().positive(),
  quantityOrdered: z.number().int({ message: 'validation.integer' }).min(0).max(100_000),
});

/**
 * POST Orders: create (no `id`) or update a draft (`id`). `draft` true keeps it at 0; false
 * moves it along its path (a purchase or sale to 1 Ordered, a delivery to 4 Sent).
 * `idempotencyKey`: the same key twice from one user creates one order.
 */
export const ZSaveOrderRequest = z.object({
  id: z.number().int().positive().optional(),
  transactionTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  locationIdFrom: z.number().int().positive().optional(),
  locationIdTo: z.number().int().positive().optional(),
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
  lines: z.array(ZOrderLineInput).min(1, { message: 'validation.noLines' }).max(50),
  draft: z.boolean(),
  idempotencyKey: z.string().min(8).max(100).optional(),
});
export type SaveOrderRequest = z.infer<typeof ZSaveOrderRequest>;

/** POST OrderStatus: move an order along the status machine (domain.md). */
export const ZSetOrderStatusRequest = z.object({
  id: z.number().int().positive(),
  transactionStatusId: z.number().int().min(0).max(14),
  lines: z.array(z.object({ productId: z.number().int().positive(), quantity: z.number().int().min(0) })).optional(),
  comment: z.string().max(2000).optional(),
  version: z.number().int().optional(),
});
export type SetOrderStatusRequest = z.infer<typeof ZSetOrderStatusRequest>;

export const ZIdParam = z.object({ id: queryInt.positive() });

/** The volume widget of the start page (spec section 9): this year's orders, carriers, tonnes. */
export const ZVolumeWidget = z.object({
  year: z.number().int(),
  orders: z.number().int(),
  pallets: z.number().int(),
  /** Tare weight in kilograms (shown as tonnes). */
  weightKg: z.number(),
});
