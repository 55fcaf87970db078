/**
 * Container orders (Container > Orders; issue 11; spec sections 2, 3 and 6, "Container";
 * docs/container-orders.md): a location orders containers of one container product for a wanted
 * day; the provider confirms and delivers the order, and delivering registers the rental the
 * provider then opens by assigning containers. Calls: GET/POST ContainerOrders,
 * GET ContainerOrders/{id}, POST ContainerOrderStatus and GET ContainerOrderOptions.
 * Quantities in containers; dates yyyy-MM-dd (the location's country); instants ISO 8601 (UTC).
 */
import { z } from 'zod';
import { integer, optionalText, queryId, text, ZId, ZIdempotencyKey, ZPlainDate } from './common.js';

/** A container order's statuses (spec section 3: "Container order: status (Open default)"). */
export const containerOrderStatuses = ['Open', 'Confirmed', 'Delivered', 'Cancelled'] as const;
export type ContainerOrderStatus = (typeof containerOrderStatuses)[number];

/** Most containers one order asks for (issue 11, "quantity 1-50"); a larger need is several orders or a talk with the provider. */
export const CONTAINER_ORDER_MAX_QUANTITY = 50;
/** The most orders GET ContainerOrders answers at once, newest first (narrow by date or location for older ones). */
export const CONTAINER_ORDERS_LIST_MAX = 500;

/** Who makes a step: `P` provider staff, `O` the ordering side (users of the location's customer in whose scope it is). */
export type ContainerOrderActor = 'P' | 'O';

/**
 * Every step of a container order (docs/container-orders.md, "Status"); any other is refused.
 * `commentRequired`: the step needs a comment (the provider cancelling a confirmed order says why).
 */
export const containerOrderSteps: readonly {
  from: ContainerOrderStatus;
  to: ContainerOrderStatus;
  by: readonly ContainerOrderActor[];
  commentRequired?: boolean;
}[] = [
  { from: 'Open', to: 'Confirmed', by: ['P'] },
  { from: 'Confirmed', to: 'Delivered', by: ['P'] },
  { from: 'Open', to: 'Cancelled', by: ['O', 'P'] },
  { from: 'Confirmed', to: 'Cancelled', by: ['P'], commentRequired: true },
];

/** Whether an order can pass `earlier` on its way to `status` (a path of steps leads from one to the other). */
function leadsTo(earlier: ContainerOrderStatus, status: ContainerOrderStatus): boolean {
  return containerOrderSteps.some((s) => s.from === earlier && (s.to === status || leadsTo(s.to, status)));
}

/**
 * Whether `actor` may move an order from `from` to `to`.
 * @returns `null` when allowed; `transition` (409) when no such step exists from there, or when
 * the actor could have made it from a status the order has passed (the order moved on under the
 * caller: a race lost, or a page that is old; issue 20); `role` (403) when the step exists from
 * there but the actor's side never makes it
 */
export function checkContainerOrderStep(
  from: ContainerOrderStatus,
  to: ContainerOrderStatus,
  actor: ContainerOrderActor,
): null | 'transition' | 'role' {
  const step = containerOrderSteps.find((s) => s.from === from && s.to === to);
  if (!step) return 'transition';
  if (step.by.includes(actor)) return null;
  const movedOn = containerOrderSteps.some((s) => s.to === to && s.by.includes(actor) && leadsTo(s.from, from));
  return movedOn ? 'transition' : 'role';
}

/** Whether the step from `from` to `to` needs a comment. */
export function containerOrderStepNeedsComment(from: ContainerOrderStatus, to: ContainerOrderStatus): boolean {
  return !!containerOrderSteps.find((s) => s.from === from && s.to === to)?.commentRequired;
}

/**
 * POST ContainerOrders: a new order (status Open) of `quantity` (1-50) containers of `productId`
 * (a container product) for `locationId` by `wantedDate` (today or later in the location's
 * country, an open day there: checked on the server). With `id`: changes an Open order (its
 * ordering side only). `idempotencyKey` (new orders): the same key twice from one user places
 * one order and answers it (issue 20).
 */
export const ZSaveContainerOrderRequest = z.object({
  id: ZId.optional(),
  locationId: ZId,
  productId: ZId,
  quantity: integer(1, CONTAINER_ORDER_MAX_QUANTITY),
  wantedDate: ZPlainDate,
  reference: optionalText(100),
  comment: optionalText(1000),
  /** A new order only: the same key twice from one user places one order (`ZIdempotencyKey`). */
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type SaveContainerOrderRequest = z.infer<typeof ZSaveContainerOrderRequest>;

/**
 * POST ContainerOrderStatus: a step of the order (`containerOrderSteps`), with an optional
 * comment (required when the provider cancels a confirmed order: checked on the server).
 */
export const ZContainerOrderStatusRequest = z.object({
  id: ZId,
  status: z.enum(['Confirmed', 'Delivered', 'Cancelled'], { message: 'validation.invalid' }),
  comment: optionalText(1000),
});
export type ContainerOrderStatusRequest = z.infer<typeof ZContainerOrderStatusRequest>;

const statusList = new RegExp(`^(${containerOrderStatuses.join('|')})(,(${containerOrderStatuses.join('|')}))*$`);

/**
 * GET ContainerOrders: the caller's orders, newest first, at most CONTAINER_ORDERS_LIST_MAX;
 * narrowed to a location, statuses (comma separated: `Open,Confirmed`), a date range (from <= to)
 * on the day it was ordered (`dateField=created`, default) or the wanted day (`wanted`), and a
 * term: an order number, or a part of the reference.
 */
export const ZContainerOrdersQuery = z
  .object({
    locationId: queryId.optional(),
    status: z
      .string()
      .regex(statusList, { message: 'validation.invalid' })
      .transform((s) => [...new Set(s.split(','))] as ContainerOrderStatus[])
      .optional(),
    dateField: z.enum(['created', 'wanted'], { message: 'validation.invalid' }).optional(),
    from: ZPlainDate.optional(),
    to: ZPlainDate.optional(),
    term: text(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type ContainerOrdersQuery = z.infer<typeof ZContainerOrdersQuery>;

/** A user and the instant (ISO 8601) of something they did. */
const ZContainerOrderActor = z.object({ userId: z.number().int(), name: z.string(), at: z.string() });

/** One order in the list. */
export const ZContainerOrderSummary = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  customerName: z.string(),
  status: z.enum(containerOrderStatuses),
  productId: z.number().int().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  wantedDate: ZPlainDate.nullable(),
  reference: z.string().nullable(),
  /** Who ordered it and when (the user may be unknown on imported orders). */
  ordered: ZContainerOrderActor.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The rental its delivery registered (Delivered only). */
  rentalId: z.number().int().nullable(),
});
export type ContainerOrderSummary = z.infer<typeof ZContainerOrderSummary>;

/** One step of an order's history: from and to status (from null: ordered), who, when, comment. */
export const ZContainerOrderHistoryEntry = z.object({
  fromStatus: z.enum(containerOrderStatuses).nullable(),
  toStatus: z.enum(containerOrderStatuses),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
  comment: z.string().nullable(),
});
export type ContainerOrderHistoryEntry = z.infer<typeof ZContainerOrderHistoryEntry>;

/**
 * One order with its history (oldest first). `countryId`: the location's country (its open
 * days); `may`: what the caller may do now (change it, and each step), as the server decides.
 */
export const ZContainerOrder = ZContainerOrderSummary.extend({
  comment: z.string().nullable(),
  countryId: z.string(),
  history: z.array(ZContainerOrderHistoryEntry),
  may: z.object({ edit: z.boolean(), confirm: z.boolean(), deliver: z.boolean(), cancel: z.boolean() }),
  /** Cancelling needs a comment (the provider cancelling a confirmed order). */
  cancelNeedsComment: z.boolean(),
});
export type ContainerOrder = z.infer<typeof ZContainerOrder>;

/**
 * GET ContainerOrderOptions: what the "New container order" dialog and the list's filter offer:
 * the container-active locations the caller may order for (provider staff: every one), and the
 * container products, named in the caller's language.
 */
export const ZContainerOrderOptions = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), customerName: z.string(), countryId: z.string() })),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ContainerOrderOptions = z.infer<typeof ZContainerOrderOptions>;
