/** Reference data: countries with postal masks and VAT, postal places, provider closures, carriers (types, qualities, treatments, products) and truck types. */
import { boolean, date, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from './columns.js';

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
