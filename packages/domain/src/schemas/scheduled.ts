/** Scheduled (recurring) orders (spec section 3; docs/domain.md, "Scheduled orders"). */
import { z } from 'zod';
import { queryBool, queryId, ZId, ZPlainDate, ZText } from './common.js';
import { ZOrderLineInput } from './orders.js';

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
  locationId: queryId.optional(),
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
    id: ZId.optional(),
    transactionTypeId: z.union([z.literal(1), z.literal(2)]),
    locationIdFrom: ZId.optional(),
    locationIdTo: ZId.optional(),
    intervalWeeks: z.number().int({ message: 'validation.integer' }).min(1).max(52),
    monday: z.boolean(),
    tuesday: z.boolean(),
    wednesday: z.boolean(),
    thursday: z.boolean(),
    friday: z.boolean(),
    startDate: ZPlainDate,
    endDate: ZPlainDate.nullable().optional(),
    truckTypeId: ZId.optional(),
    referenceOwn: ZText.max(100).optional(),
    lines: z.array(ZOrderLineInput).min(1, { message: 'validation.noLines' }).max(50),
  })
  .refine((s) => s.monday || s.tuesday || s.wednesday || s.thursday || s.friday, {
    message: 'validation.weekday',
    path: ['weekdays'],
  })
  .refine((s) => !s.endDate || s.startDate <= s.endDate, { message: 'validation.dateRange', path: ['endDate'] });
export type SaveScheduledOrderRequest = z.infer<typeof ZSaveScheduledOrderRequest>;

/** GET ScheduleOrderFill (spec section 7): the truck fill of a schedule's lines, 1 = full. */
export const ZScheduleOrderFillQuery = z.object({ id: queryId });
