/**
 * The database schema of the whole portal domain (domain.md), PostgreSQL 15 dialect.
 * Units: quantities in carriers (pallets, crates), money in minor currency units (øre, öre,
 * cent) as bigint, business dates as plain `date` (yyyy-MM-dd, the location's country),
 * instants as `timestamptz` (UTC).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/** Countries served, with postal code masks (several separated by a bar) and VAT. */
export const countries = pgTable('countries', {
  id: text('id').primaryKey(), // ISO 3166-1 alpha-2
  name: text('name').notNull(),
  zipCodeMask: text('zip_code_mask').notNull(),
  currency: text('currency').notNull(),
  /** Standard VAT rate in basis points (25% = 2500). */
  vatRateBp: integer('vat_rate_bp').notNull(),
  isAvailable: boolean('is_available').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
});

/** Postal places for the postal-code lookup (GET AddressZipCode). */
export const postalPlaces = pgTable(
  'postal_places',
  {
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    postalCode: text('postal_code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.postalCode] })],
);

/** Days the provider is closed though no law says so (domain.md, "Open days"). */
export const providerClosures = pgTable(
  'provider_closures',
  {
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.day] })],
);

/** A customer company (statusId 1 active, 2 blocked). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    /** Customer type, for the CustomerType report level (e.g. supplier, wholesale, retail, haulier, provider). */
    customerType: text('customer_type').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    orgNumber: text('org_number'),
    customerIdCorporate: integer('customer_id_corporate'),
    isCorporate: boolean('is_corporate').notNull().default(false),
    isProvider: boolean('is_provider').notNull().default(false),
    agreementRequired: boolean('agreement_required').notNull().default(false),
    agreementStandard: boolean('agreement_standard').notNull().default(false),
    image: bytea('image'),
    imageMime: text('image_mime'),
    contactEmail: text('contact_email'),
    invoiceEmail: text('invoice_email'),
    orderConfirmedEmail: text('order_confirmed_email'),
    purchaseEmail: text('purchase_email'),
    invoiceReference: text('invoice_reference'),
    phone: text('phone'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('customers_corporate_idx').on(t.customerIdCorporate)],
);

/** A customer's location (depot, store, warehouse...). Scheme flags combine (domain.md). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    parentLocationId: integer('parent_location_id'),
    name: text('name').notNull(),
    number: text('number').notNull(),
    externalId: text('external_id'),
    gln: text('gln'),
    statusId: smallint('status_id').notNull().default(1),
    typeId: text('type_id').notNull(), // LEV NLP GRS TRP BUT
    customerGroup: text('customer_group').notNull(), // GL OO TO HE RO
    poolingGroupId: integer('pooling_group_id'),
    isDefault: boolean('is_default').notNull().default(false),
    isPooling: boolean('is_pooling').notNull().default(false),
    isCommission: boolean('is_commission').notNull().default(false),
    isReturnScheme: boolean('is_return_scheme').notNull().default(false),
    isDispatch: boolean('is_dispatch').notNull().default(false),
    isContainerActive: boolean('is_container_active').notNull().default(false),
    /** Sorting depot: sales and returns arriving here wait for sorting (status 9). */
    isSortingDepot: boolean('is_sorting_depot').notNull().default(false),
    loadType: text('load_type'),
    hasRamp: boolean('has_ramp').notNull().default(false),
    needsLift: boolean('needs_lift').notNull().default(false),
    deliveryFrom: time('delivery_from'),
    deliveryTo: time('delivery_to'),
    deliveryInstructions: text('delivery_instructions'),
    transportInstructions: text('transport_instructions'),
    emailOrderConfirmation: text('email_order_confirmation'),
    emailPurchase: text('email_purchase'),
    emailReturn: text('email_return'),
    /** Days after which a sent order is committed automatically at this receiver. */
    receptionDays: smallint('reception_days').notNull().default(5),
    /** Days after which a sorted result is accepted automatically. */
    returnDays: smallint('return_days').notNull().default(5),
    autoCommit: boolean('auto_commit').notNull().default(false),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    postalName: text('postal_name').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    phone: text('phone'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('locations_customer_idx').on(t.customerId),
    uniqueIndex('locations_number_uq').on(t.number),
    uniqueIndex('locations_gln_uq').on(t.gln),
  ],
);

/** Delivery and other addresses of a location. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    postalName: text('postal_name').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    type: text('type').notNull().default('delivery'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('addresses_location_idx').on(t.locationId)],
);

/** A sender or receiver outside the portal, known by a unique location number. */
export const externalLocations = pgTable('external_locations', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  name: text('name').notNull(),
  locationNumber: text('location_number').notNull().unique(),
  gln: text('gln'),
  contactName: text('contact_name'),
  street: text('street'),
  postalCode: text('postal_code'),
  postalName: text('postal_name'),
  countryId: text('country_id')
    .notNull()
    .references(() => countries.id),
  active: boolean('active').notNull().default(true),
});

/** A portal user. Password hashed with scrypt (see modules/auth/password.ts). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    name: text('name').notNull(),
    loginName: text('login_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    language: text('language').notNull().default('nb-NO'),
    isActive: boolean('is_active').notNull().default(true),
    isGlobalAdmin: boolean('is_global_admin').notNull().default(false),
    isCustomerAdmin: boolean('is_customer_admin').notNull().default(false),
    isReturnScheme: boolean('is_return_scheme').notNull().default(false),
    isSupport: boolean('is_support').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    reportLevel: smallint('report_level').notNull().default(0),
    financeReport: boolean('finance_report').notNull().default(false),
    standardDraft: boolean('standard_draft').notNull().default(false),
    notifyAutoCommit: boolean('notify_auto_commit').notNull().default(false),
    notifyDeviation: boolean('notify_deviation').notNull().default(false),
    notifyDisagree: boolean('notify_disagree').notNull().default(false),
    notifyHighVolume: boolean('notify_high_volume').notNull().default(false),
    notifyNewCustomer: boolean('notify_new_customer').notNull().default(false),
    notifyStockLevel: boolean('notify_stock_level').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: ts('last_login_at'),
    confirmedGdpr: boolean('confirmed_gdpr').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`), index('users_customer_idx').on(t.customerId)],
);

/** Primary and secondary locations of a user (the Location report level's scope). */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] })],
);

/** Task permissions of a user (ORDER, DISPATCH, ...); no rows means every task. */
export const userTasks = pgTable(
  'user_tasks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    task: text('task').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.task] })],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Sign-in sessions. The bearer token is 256 random bits; only its SHA-256 is stored.
 * The acting customer, location and user follow POST status (spec section 6).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    loginUserId: integer('login_user_id')
      .notNull()
      .references(() => users.id),
    actingUserId: integer('acting_user_id')
      .notNull()
      .references(() => users.id),
    actingCustomerId: integer('acting_customer_id')
      .notNull()
      .references(() => customers.id),
    actingLocationId: integer('acting_location_id').references(() => locations.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash)],
);

/** Failed sign-ins per user name, for slowing down and then refusing guessing. */
export const loginThrottle = pgTable('login_throttle', {
  loginName: text('login_name').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: ts('last_failure_at').notNull(),
  lockedUntil: ts('locked_until'),
});

/** Carrier types with their full-stack height and tare weight. */
export const carrierTypes = pgTable('carrier_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Carriers in one full stack: ordered and picked quantities are multiples of it. */
  qtyHeight: integer('qty_height').notNull(),
  /** Tare weight in grams. */
  tareWeightGrams: integer('tare_weight_grams').notNull(),
  lengthMm: integer('length_mm').notNull(),
  widthMm: integer('width_mm').notNull(),
  isContainer: boolean('is_container').notNull().default(false),
});

export const qualities = pgTable('qualities', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

export const treatments = pgTable('treatments', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

/** A product: a carrier type in a quality and a treatment. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    carrierTypeId: integer('carrier_type_id')
      .notNull()
      .references(() => carrierTypes.id),
    qualityId: integer('quality_id')
      .notNull()
      .references(() => qualities.id),
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id),
    name: text('name').notNull(),
    /** Commission unit price excl. VAT, minor units of the price currency. */
    unitPrice: money('unit_price').notNull().default(0),
    priceCurrency: text('price_currency').notNull().default('NOK'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('products_kind_uq').on(t.carrierTypeId, t.qualityId, t.treatmentId)],
);

/** Products a location may order and receive (GET AvailableProducts). */
export const locationProducts = pgTable(
  'location_products',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    isPooling: boolean('is_pooling').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.productId] })],
);

/** Truck types: tpuCount stacks of qtyHeight (and tpuCount2 of qtyHeight2 on a trailer). */
export const truckTypes = pgTable('truck_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  qtyHeight: integer('qty_height').notNull(),
  qtyHeight2: integer('qty_height2').notNull().default(0),
  tpuCount: integer('tpu_count').notNull(),
  tpuCount2: integer('tpu_count2').notNull().default(0),
  fuel: text('fuel').notNull().default('diesel'),
});

/** Scheduled (recurring) order templates; each due occurrence becomes one real order. */
export const scheduledOrders = pgTable('scheduled_orders', {
  id: serial('id').primaryKey(),
  transactionTypeId: smallint('transaction_type_id').notNull(),
  locationIdFrom: integer('location_id_from')
    .notNull()
    .references(() => locations.id),
  locationIdTo: integer('location_id_to')
    .notNull()
    .references(() => locations.id),
  intervalWeeks: smallint('interval_weeks').notNull(),
  monday: boolean('monday').notNull().default(false),
  tuesday: boolean('tuesday').notNull().default(false),
  wednesday: boolean('wednesday').notNull().default(false),
  thursday: boolean('thursday').notNull().default(false),
  friday: boolean('friday').notNull().default(false),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  /** The next occurrence not yet turned into an order. */
  nextDate: date('next_date', { mode: 'string' }),
  truckTypeId: integer('truck_type_id').references(() => truckTypes.id),
  referenceOwn: text('reference_own'),
  active: boolean('active').notNull().default(true),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const scheduledOrderLines = pgTable(
  'scheduled_order_lines',
  {
    scheduledOrderId: integer('scheduled_order_id')
      .notNull()
      .references(() => scheduledOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduledOrderId, t.productId] })],
);

/**
 * An order (transaction): a movement of carriers between two parties. The order id is the
 * order number. `version` increases on every change (optimistic concurrency).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionTypeId: smallint('transaction_type_id').notNull(),
    transactionStatusId: smallint('transaction_status_id').notNull(),
    locationIdFrom: integer('location_id_from')
      .notNull()
      .references(() => locations.id),
    locationIdTo: integer('location_id_to').references(() => locations.id),
    externalLocationIdTo: integer('external_location_id_to').references(() => externalLocations.id),
    customerGroupFrom: text('customer_group_from').notNull(),
    customerGroupTo: text('customer_group_to'),
    datePickup: date('date_pickup', { mode: 'string' }),
    /** Send date: the day the carriers leave (grid sort field `dateSend`). */
    dateSend: date('date_send', { mode: 'string' }).notNull(),
    dateReceive: date('date_receive', { mode: 'string' }),
    referenceOwn: text('reference_own'),
    referenceSender: text('reference_sender'),
    referenceReceiver: text('reference_receiver'),
    referenceTransport: text('reference_transport'),
    currency: text('currency'),
    price: money('price'),
    amount: money('amount'),
    freight: money('freight'),
    transportFee: money('transport_fee'),
    carNumber: text('car_number'),
    trailer: text('trailer'),
    carType: text('car_type'),
    fuel: text('fuel'),
    cartman: text('cartman'),
    transporter: text('transporter'),
    sealing: text('sealing'),
    truckTypeId: integer('truck_type_id').references(() => truckTypes.id),
    customsHandler: text('customs_handler'),
    customsStatus: text('customs_status'),
    loadText: text('load_text'),
    infoText: text('info_text'),
    transportText: text('transport_text'),
    tempAddressName: text('temp_address_name'),
    tempAddressStreet: text('temp_address_street'),
    tempAddressPostalCode: text('temp_address_postal_code'),
    tempAddressPostalName: text('temp_address_postal_name'),
    tempAddressCountryId: text('temp_address_country_id'),
    autoCommit: boolean('auto_commit').notNull().default(false),
    receptionDays: smallint('reception_days'),
    returnDays: smallint('return_days'),
    isReceiverRegistered: boolean('is_receiver_registered').notNull().default(true),
    replacedByOrderId: bigint('replaced_by_order_id', { mode: 'number' }),
    scheduledOrderId: integer('scheduled_order_id').references(() => scheduledOrders.id),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Total carriers on the order (sum of the lines' ordered quantities), kept for lists. */
    quantityTotal: integer('quantity_total').notNull().default(0),
    /** Total tare weight in grams, kept for the volume widget. */
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
  },
  (t) => [
    // The orders grid reads a location's orders by send date: one index per side, so each
    // side is an index range scan and the two are merged (no scan that grows with history).
    // Ascending with default NULLS placement: read forward for ASC and backward for DESC,
    // both match the queries' ORDER BY (a DESC NULLS LAST index matches neither).
    index('orders_from_send_idx').on(t.locationIdFrom, t.dateSend, t.id),
    index('orders_to_send_idx').on(t.locationIdTo, t.dateSend, t.id),
    index('orders_status_idx').on(t.transactionStatusId, t.locationIdTo),
    index('orders_send_idx').on(t.dateSend, t.id),
    uniqueIndex('orders_idempotency_uq').on(t.createdByUserId, t.idempotencyKey),
    uniqueIndex('orders_schedule_uq').on(t.scheduledOrderId, t.scheduledDate),
  ],
);

/**
 * How many orders each location has per side, type and status: the grid's "{count} of
 * {total}" without counting the history (issue 2, performance). Kept exact by the trigger
 * `orders_count_trg` (migration 0002) in the transaction of every order write; the demo
 * seed loads orders with the trigger off and rebuilds the table (`rebuildOrderCounts`).
 * `side` is 'F' for the from-location, 'T' for the to-location.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    locationId: integer('location_id').notNull(),
    side: char('side', { length: 1 }).notNull(),
    transactionTypeId: smallint('transaction_type_id').notNull(),
    transactionStatusId: smallint('transaction_status_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.side, t.transactionTypeId, t.transactionStatusId] })],
);

/** Order lines: one product each. Quantities in carriers. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantityOrdered: integer('quantity_ordered').notNull(),
    quantityPicked: integer('quantity_picked'),
    quantityDelivered: integer('quantity_delivered'),
    /** Return choice per line: shall (true) or shall not (false) be returned. */
    shallReturn: boolean('shall_return'),
  },
  (t) => [uniqueIndex('order_lines_order_product_uq').on(t.orderId, t.productId)],
);

/** Every status change of an order: who, when, from, to, comment. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatusId: smallint('from_status_id'),
    toStatusId: smallint('to_status_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    comment: text('comment'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId)],
);

/** Files attached to orders and tickets live in the database (architecture.md). */
export const attachments = pgTable(
  'attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    ticketId: integer('ticket_id'),
    kind: text('kind').notNull().default('file'), // file | signature
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** The name the signer typed, for kind 'signature'. */
    signerName: text('signer_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('attachments_order_idx').on(t.orderId)],
);

/**
 * The ledger: every movement of carriers, signed (+ in, - out), per location, product and
 * balance kind. Sources: order (status 5), opening (a location's carriers before the demo's first
 * order, balanced by a depot), issue, scrap, correction (count audit).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    balanceKind: text('balance_kind').notNull(),
    quantity: integer('quantity').notNull(),
    source: text('source').notNull(), // order | opening | issue | scrap | correction
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_location_idx').on(t.locationId, t.productId, t.bookingDate), index('ledger_order_idx').on(t.orderId)],
);

/** Running balance per location, product and kind, kept in the same transaction as the ledger. */
export const balances = pgTable(
  'balances',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    balanceKind: text('balance_kind').notNull(),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.productId, t.balanceKind] })],
);

/** Count audits: counted volume per product on a date, confirmed by the provider. */
export const countAudits = pgTable('count_audits', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  countDate: date('count_date', { mode: 'string' }).notNull(),
  countedQuantity: integer('counted_quantity').notNull(),
  ledgerQuantity: integer('ledger_quantity').notNull(),
  inbound: integer('inbound').notNull().default(0),
  outbound: integer('outbound').notNull().default(0),
  registeredByUserId: integer('registered_by_user_id').references(() => users.id),
  confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Published messages: news, guides, articles, login welcome texts, system notices. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(), // articles guides login messages reports system
  area: text('area'),
  path: text('path'),
  title: text('title').notNull(),
  text: text('text').notNull(),
  taskId: text('task_id'),
  mustRead: boolean('must_read').notNull().default(false),
  showFrom: date('show_from', { mode: 'string' }),
  showTo: date('show_to', { mode: 'string' }),
  language: text('language'),
  locationType: text('location_type'),
  visibility: text('visibility').notNull().default('all'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Alerts of the bell (spec section 3). Addressed to one user, or to every user of a location
 * (userId null); read state per user lives in alert_reads.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    source: text('source').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    mustRead: boolean('must_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.userId), index('alerts_location_idx').on(t.locationId)],
);

export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);

/** Every email the portal sends, kept whether or not SMTP is configured. */
export const emailArchive = pgTable(
  'email_archive',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    toAddress: text('to_address').notNull(),
    toCustomerId: integer('to_customer_id').references(() => customers.id),
    toUserId: integer('to_user_id').references(() => users.id),
    fromLocationId: integer('from_location_id').references(() => locations.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML alternative of `body`, when the template has one. */
    html: text('html'),
    orderId: bigint('order_id', { mode: 'number' }),
    /** stored (archived only: no SMTP), queued, sending, sent, failed (after 3 attempts). */
    status: text('status').notNull().default('stored'),
    /** SMTP delivery attempts so far (the outbox gives up after 3). */
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a process last claimed it for delivery (a claim older than 10 minutes is retaken). */
    attemptedAt: ts('attempted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('email_archive_customer_idx').on(t.toCustomerId, t.createdAt.desc()),
    // The outbox reads the mails still to send; a partial index keeps that read small.
    index('email_archive_outbox_idx').on(t.id).where(sql`status IN ('queued', 'sending')`),
  ],
);

export const supportTickets = pgTable('support_tickets', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  locationId: integer('location_id').references(() => locations.id),
  orderId: bigint('order_id', { mode: 'number' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  topic: text('topic').notNull(),
  category: text('category'),
  description: text('description').notNull(),
  priority: text('priority').notNull().default('Normal'),
  status: text('status').notNull().default('New'),
  product: text('product'),
  internalNote: text('internal_note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supportTicketComments = pgTable('support_ticket_comments', {
  id: serial('id').primaryKey(),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => supportTickets.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const supportTemplates = pgTable('support_templates', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  serialNumber: text('serial_number').notNull().unique(),
  productId: integer('product_id').references(() => products.id),
  locationId: integer('location_id').references(() => locations.id),
  status: text('status').notNull().default('OK'), // OK | NeedsRepair
});

export const rentals = pgTable('rentals', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id')
    .notNull()
    .references(() => containers.id),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  status: text('status').notNull().default('Registered'), // Registered | Open | Closed
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
});

export const containerOrders = pgTable('container_orders', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  status: text('status').notNull().default('Open'),
  quantity: integer('quantity').notNull(),
  productId: integer('product_id').references(() => products.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const palletReceipts = pgTable('pallet_receipts', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
  inventory: boolean('inventory').notNull().default(false),
  data: jsonb('data').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const newCustomerRequests = pgTable('new_customer_requests', {
  id: serial('id').primaryKey(),
  data: jsonb('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The global log (Global > Log). */
export const appLog = pgTable('app_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  level: text('level').notNull(),
  message: text('message').notNull(),
  userId: integer('user_id'),
  data: jsonb('data'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Inter-company links to sister portals shown in the top bar. */
export const interCompanyLinks = pgTable('inter_company_links', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  companyCountry: text('company_country').notNull(),
});

/** Marks that the demo data was loaded, so it loads on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
