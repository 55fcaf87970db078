/** Order status steps (docs/domain.md, "Status steps and their data"), sending drafts, customs, fill. */
import { z } from 'zod';
import { INT4_MAX, queryBigId, queryId, requiredText, text, ZBigId, ZCount, ZId, ZInt4 } from './common.js';
import { ZOrder } from './orders.js';

/** Waybill data of the sending step 3 -> 4 (spec section 3); the car number is required there. */
export const ZWaybill = z.object({
  carNumber: requiredText(30),
  trailer: text(30).optional(),
  carType: text(100).optional(),
  /** The haulier. */
  cartman: text(200).optional(),
  transporter: text(200).optional(),
  /** Seal number. */
  sealing: text(50).optional(),
});
export type Waybill = z.infer<typeof ZWaybill>;

/** A quantity per product that comes with a status step. Quantity in carriers. */
export const ZStatusLine = z.object({
  productId: ZId,
  quantity: ZCount.max(100_000, { message: 'validation.tooBig' }),
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
  id: ZBigId,
  transactionStatusId: z.number().int().min(0).max(14),
  lines: z.array(ZStatusLine).max(50).optional(),
  comment: text(2000).optional(),
  version: ZInt4.optional(),
  waybill: ZWaybill.optional(),
  /** 6 or 1/2 -> 8: the corrected order that replaces this one (visible to the caller). */
  replacedByOrderId: ZBigId.optional(),
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
  id: ZBigId,
  version: ZInt4.optional(),
});

/** POST OrdersSend: send several drafts at once ("send drafts"), each in its own transaction. */
export const ZOrdersSendRequest = z.object({
  ids: z
    .array(ZBigId)
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
  id: ZBigId,
  customsStatus: z.enum(['pending', 'done']).nullable(),
  version: ZInt4.optional(),
});
export type SetCustomsStatusRequest = z.infer<typeof ZSetCustomsStatusRequest>;

/** DELETE Orders/{id}: a discarded draft answers its id. */
export const ZDeleteOrderResponse = z.object({ id: z.number().int() });

/**
 * GET OrderFill: the fill degree of an order (`id`; its truck unless `truckTypeId` names
 * another) or of an unsaved one (`truckTypeId` and `lines` as "productId:quantity,productId:quantity").
 * Without a truck type the default truck counts.
 */
export const ZOrderFillQuery = z
  .object({
    id: queryBigId.optional(),
    truckTypeId: queryId.optional(),
    lines: z
      .string()
      .regex(/^\d{1,10}:\d{1,10}(,\d{1,10}:\d{1,10}){0,49}$/, { message: 'validation.fillLines' })
      .transform((s) => s.split(',').map((pair) => ({ productId: Number(pair.split(':')[0]), quantity: Number(pair.split(':')[1]) })))
      .refine((lines) => lines.every((l) => l.productId <= INT4_MAX && l.quantity <= INT4_MAX), { message: 'validation.tooBig' })
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
