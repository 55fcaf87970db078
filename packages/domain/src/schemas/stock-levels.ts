/**
 * Stock levels (spec section 3, user notification "stock level"; docs/domain.md, "Balance
 * screen"): GET StockLevels and POST StockLevels. Levels in carriers, 0 to STOCK_LEVEL_MAX.
 */
import { z } from 'zod';
import { STOCK_LEVEL_MAX, stockLevelStates } from '../stock-level.js';
import { integer, queryId, ZId } from './common.js';

/** GET StockLevels: the levels of a location (default the acting location). */
export const ZStockLevelsQuery = z.object({ locationId: queryId.optional() });

/** A level in carriers, 0 to 100,000; null clears it. */
const level = integer(0, STOCK_LEVEL_MAX).nullable();

/**
 * POST StockLevels: sets the lower and upper level of a product at a location. A level left
 * out keeps its value; null clears it; lower <= upper (checked against the kept value too).
 */
export const ZSaveStockLevelRequest = z
  .object({ locationId: ZId, productId: ZId, lowerLevel: level.optional(), upperLevel: level.optional() })
  .refine((r) => r.lowerLevel == null || r.upperLevel == null || r.lowerLevel <= r.upperLevel, {
    message: 'validation.levelRange',
    path: ['upperLevel'],
  });
export type SaveStockLevelRequest = z.infer<typeof ZSaveStockLevelRequest>;

/**
 * The levels of one product at a location, the balance they are measured against (pooling +
 * commission, carriers) and where it stands now (`state`; the stored state follows it at every
 * posting, and the stock-level mail goes out when a posting moves it to below or above).
 */
export const ZStockLevel = z.object({
  locationId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  lowerLevel: z.number().int().nullable(),
  upperLevel: z.number().int().nullable(),
  balance: z.number().int(),
  state: z.enum(stockLevelStates),
  /** When and by whom the levels were last set (ISO instant; null once both are cleared). */
  updatedAt: z.string().nullable(),
  updatedByUserName: z.string().nullable(),
});
export type StockLevel = z.infer<typeof ZStockLevel>;
