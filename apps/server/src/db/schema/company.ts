/** Customers, their locations and addresses, external locations, and the products each location may take. */
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.js';
import { countries, products } from './reference.js';

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
  /** Where the portal mails what concerns it (a pallet receipt written with it as counterparty). */
  email: text('email'),
  street: text('street'),
  postalCode: text('postal_code'),
  postalName: text('postal_name'),
  countryId: text('country_id')
    .notNull()
    .references(() => countries.id),
  active: boolean('active').notNull().default(true),
});

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
