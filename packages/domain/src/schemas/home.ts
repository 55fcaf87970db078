/**
 * Start page (spec section 9, "Widgets"): the environment widget's call. (The volume widget's
 * answer, ZVolumeWidget, lives in schemas/balance.ts.)
 */
import { z } from 'zod';
import { queryInteger } from './common.js';

/** GET Widgets/environment: how many calendar months, the current one last (1-36, default 12). */
export const ZEnvironmentWidgetQuery = z.object({ months: queryInteger(1, 36).default(12) });

/**
 * One month of the environment widget at the acting location (orders from or to it by send
 * date; drafts, cancelled and replaced orders left out). Method and sources: docs/environment.md.
 */
export const ZEnvironmentMonth = z.object({
  /** Calendar month, yyyy-MM. */
  month: z.string(),
  /** Full stacks over the stack places of the orders' trucks, 0-1 (4 decimals); null without orders. */
  fillDegree: z.number().min(0).max(1).nullable(),
  /** Share of the carriers moved that were reused (not quality NEW), 0-1 (4 decimals); null when none moved. */
  reuseDegree: z.number().min(0).max(1).nullable(),
  /** Carriers moved: the orders' final quantities (delivered, else picked, else ordered). */
  carriersMoved: z.number().int(),
  /** CO2 saved against new one-way carriers, kg CO2-eq (1 decimal). */
  co2SavedKg: z.number(),
});
export type EnvironmentMonth = z.infer<typeof ZEnvironmentMonth>;

/** GET Widgets/environment: one entry per month, oldest first, the current month last. */
export const ZEnvironmentWidget = z.array(ZEnvironmentMonth);
