/** Balance (spec section 3, "Inventory"): stock details of a location, and the start page's volume. */
import { z } from 'zod';
import { balanceKinds } from '../enums.js';
import { queryId } from './common.js';

/** GET stockDetails: a location's balances; the acting location when `locationId` is left out. */
export const ZStockDetailsQuery = z.object({ locationId: queryId.optional() });

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

/** The volume widget of the start page (spec section 9): this year's orders, carriers, tonnes. */
export const ZVolumeWidget = z.object({
  year: z.number().int(),
  orders: z.number().int(),
  pallets: z.number().int(),
  /** Tare weight in kilograms (shown as tonnes). */
  weightKg: z.number(),
});
