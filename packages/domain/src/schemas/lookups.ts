/** Lookups (spec section 7): customers, locations, users, days, products, truck types, GLN. */
import { z } from 'zod';
import { queryBool, queryInt, text, ZMonth, ZPlainDate } from './common.js';

export const ZCustomersQuery = z.object({ include: text(500).optional(), term: text(100).optional() });
export const ZLocationsQuery = z.object({
  customerId: queryInt.optional(),
  canSwitch: queryBool.optional(),
  include: text(500).optional(),
});
/** GET locations (lower case): candidate other parties of an order. */
export const ZOrderLocationsQuery = z.object({
  transactiontype: queryInt.optional(),
  all: queryBool.optional(),
  poolingGroupId: queryInt.optional(),
  customerId_Corporate: queryInt.optional(),
  customerId: queryInt.optional(),
  term: text(100).optional(),
});
export const ZUsersQuery = z.object({
  customerId: queryInt.optional(),
  locationId: queryInt.optional(),
  isActive: queryBool.optional(),
  include: text(500).optional(),
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
/**
 * GET AvailableProducts (spec section 7): the products of `locationId`; with `locationIdTo`, the
 * receiver of the order being written, only those the receiver takes too (location_products),
 * as POST Orders will check (provider staff and superusers may order any: spec section 6).
 */
export const ZAvailableProductsQuery = z.object({
  locationId: queryInt,
  locationIdTo: queryInt.optional(),
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

export const ZGlnValidateQuery = z.object({ gln: text(20) });
export const ZGlnValidateResponse = z.object({
  ok: z.boolean(),
  reason: z.string().nullable(),
  inUse: z.boolean(),
});
