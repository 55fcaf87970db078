/**
 * Integrations (issue 23; docs/integrations.md): what happened in the portal, as events another
 * system can read from a feed (GET Events) or, later, receive as webhooks. An event names what
 * changed (its type and the ids) and carries the same data as the matching GET call, read for
 * the caller (so only what the caller may see: another customer's order never appears).
 */
import { z } from 'zod';
import { integer, queryId, ZBigId, ZId, ZIdempotencyKey, ZInt4, ZText } from './common.js';

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

/** The most endpoints one customer may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** The longest a rotated secret keeps signing beside the new one, in hours (a week). */
export const WEBHOOK_SECRET_OVERLAP_MAX_HOURS = 168;
/** How long a delivery is retried before the endpoint is paused, in hours (issue 23: "up to 3 days"). */
export const WEBHOOK_RETRY_HOURS = 72;

/**
 * An endpoint's address: https, or http to the machine itself (localhost, 127.0.0.1, [::1]) for a
 * receiver under test; at most 2,000 characters, no user name or password in it.
 */
export const ZWebhookUrl = ZText.trim()
  .max(2000, { message: 'validation.tooLong' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
        return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'validation.webhookUrl' },
  );

/** An endpoint as its customer's admins see it (never its secret after the first answer). */
export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  url: z.string(),
  eventTypes: z.array(z.enum(integrationEventTypes)),
  /** Paused endpoints get nothing; deliveries due meanwhile wait. */
  active: z.boolean(),
  /** Why it is paused: `manual` (an admin), `failing` (a delivery failed for 3 days); null when active. */
  pausedReason: z.enum(['manual', 'failing']).nullable(),
  /** Who registered it: deliveries carry what this user may read. */
  ownerName: z.string(),
  /** When the previous secret stops signing (ISO 8601), or null without one. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/**
 * POST WebhookEndpoints: a new endpoint (no `id`; with an idempotency key) or changes to one
 * (`id` and the `version` read). Activating a paused endpoint sends what waited.
 */
export const ZSaveWebhookEndpointRequest = z.object({
  id: ZId.optional(),
  version: ZInt4.optional(),
  url: ZWebhookUrl,
  eventTypes: z
    .array(z.enum(integrationEventTypes, { message: 'validation.eventTypes' }))
    .min(1, { message: 'validation.required' })
    .max(integrationEventTypes.length, { message: 'validation.tooLong' }),
  active: z.boolean().default(true),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type SaveWebhookEndpointRequest = z.infer<typeof ZSaveWebhookEndpointRequest>;

/** POST WebhookEndpoints' answer: the endpoint, and its signing secret (`whsec_...`) when it was just created. */
export const ZSavedWebhookEndpoint = z.object({ endpoint: ZWebhookEndpoint, secret: z.string().nullable() });

/** POST WebhookEndpointSecret: a new secret; the old one signs beside it for `overlapHours` (0-168, default 24). */
export const ZRotateWebhookSecretRequest = z.object({
  id: ZId,
  overlapHours: integer(0, WEBHOOK_SECRET_OVERLAP_MAX_HOURS).default(24),
});

/** POST WebhookEndpointSecret's answer: the new secret, shown this once. */
export const ZRotatedWebhookSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });

/** A delivery of one event to one endpoint, for the endpoint's log. */
export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.enum(integrationEventTypes),
  /** pending (waiting for its next attempt), delivered (2xx), failed (gave up), skipped (its owner may no longer read it). */
  status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
  attempts: z.number().int(),
  /** The last answer's HTTP status; null when none came (timeout, refused, blocked address). */
  lastStatusCode: z.number().int().nullable(),
  /** The last attempt's duration in milliseconds. */
  lastDurationMs: z.number().int().nullable(),
  /** Why the last attempt failed, when it did (timeout, blockedAddress, connection, status). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** GET WebhookDeliveries: one endpoint's deliveries, newest first, at most 200. */
export const ZWebhookDeliveriesQuery = z.object({ endpointId: queryId });

/** POST WebhookDeliveryResend: the same event again to the same endpoint, now (a new delivery). */
export const ZResendWebhookDeliveryRequest = z.object({ id: ZBigId });
