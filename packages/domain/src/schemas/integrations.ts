/**
 * Integrations (issue 23; docs/integrations.md): what happened in the portal, as events another
 * system can read from a feed (GET Events) or, later, receive as webhooks. An event names what
 * changed (its type and the ids) and carries the same data as the matching GET call, read for
 * the caller (so only what the caller may see: another customer's order never appears).
 */
import { z } from 'zod';
import { integer, ZText } from './common.js';

/**
 * The event types, `<entity>.<what happened>`:
 * - `order.created`: a new order (any status: a draft, ordered, or registered as sent); data: GET Orders/{id};
 * - `order.statusChanged`: an order's status moved (`previousStatus` -> `status`, the spec's status ids); data: GET Orders/{id}.
 */
export const integrationEventTypes = ['order.created', 'order.statusChanged'] as const;
export type IntegrationEventType = (typeof integrationEventTypes)[number];

/** The most events one page of the feed returns. */
export const EVENTS_PAGE_MAX = 500;
/** A page's size when none is asked for. */
export const EVENTS_PAGE_DEFAULT = 100;
/** Days an event stays in the feed when the pool has not set its own (`eventRetentionDays`). */
export const EVENT_RETENTION_DAYS_DEFAULT = 90;

/**
 * A position in the feed: opaque to clients (they pass back `next`); the server writes it as
 * `<transaction>.<event id>`, both decimal.
 */
export const ZEventCursor = ZText.regex(/^\d{1,20}\.\d{1,20}$/, { message: 'validation.eventCursor' });

/**
 * GET Events: the events after `after` (none: from the oldest kept), of `types` (comma-separated;
 * none: every type), at most `limit` (1-500, default 100).
 */
export const ZEventsQuery = z.object({
  after: ZEventCursor.optional(),
  types: ZText.optional()
    .transform((value) => (value ? value.split(',').map((type) => type.trim()) : undefined))
    .refine((types) => types === undefined || types.every((type) => (integrationEventTypes as readonly string[]).includes(type)), {
      message: 'validation.eventTypes',
    }),
  limit: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    integer(1, EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
  ),
});
export type EventsQuery = z.infer<typeof ZEventsQuery>;

/** One event of the feed. */
export const ZIntegrationEvent = z.object({
  /** Unique per event (`evt_<n>`): the webhook-id of its deliveries; a receiver drops one it has seen. */
  id: z.string(),
  type: z.enum(integrationEventTypes),
  /** When the change committed's transaction wrote it (ISO 8601, UTC). */
  occurredAt: z.string(),
  /** The order an `order.*` event is about (its id is its number). */
  orderId: z.number().int().nullable(),
  /** `order.statusChanged`: the status before (spec section 5's ids); null otherwise. */
  previousStatus: z.number().int().nullable(),
  /** `order.*`: the status the event moved the order to (for `order.created`, its first status). */
  status: z.number().int().nullable(),
  /** The matching GET call's answer as the caller reads it now (GET Orders/{id} for `order.*`). */
  data: z.unknown(),
});
export type IntegrationEvent = z.infer<typeof ZIntegrationEvent>;

/** GET Events' answer: a page in feed order, and the cursor to ask with next (the same one again when the page is empty). */
export const ZEventPage = z.object({
  events: z.array(ZIntegrationEvent),
  next: z.string(),
});
export type EventPage = z.infer<typeof ZEventPage>;
