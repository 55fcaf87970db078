/**
 * GET WebhookDeliveries and POST WebhookDeliveryResend (issue 23: "A delivery log per endpoint
 * (status, answer code, duration, attempts) with a button to send an event again").
 */
import type { WebhookDelivery } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireWebhookAdmin } from './webhook-access.js';
import { loadWebhookEndpoint } from './webhook-endpoints.js';

interface DeliveryRow {
  id: number | string;
  endpointId: number;
  eventId: number | string;
  eventType: WebhookDelivery['eventType'];
  status: WebhookDelivery['status'];
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date | string | null;
  createdAt: Date | string;
  deliveredAt: Date | string | null;
}

/** The most deliveries the log shows. */
const LOG_ROWS = 200;

/** GET WebhookDeliveries: an endpoint's deliveries, newest first. @throws FORBIDDEN; NOT_FOUND (another customer's endpoint) */
export async function findWebhookDeliveries(db: Db, auth: AuthContext, endpointId: number): Promise<WebhookDelivery[]> {
  const customerId = requireWebhookAdmin(auth);
  await loadWebhookEndpoint(db, customerId, endpointId);
  const found = await rows<DeliveryRow>(
    db,
    sql`SELECT d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", e.type AS "eventType", d.status, d.attempts,
          d.last_status_code AS "lastStatusCode", d.last_duration_ms AS "lastDurationMs", d.last_error AS "lastError",
          CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt", d.created_at AS "createdAt",
          d.delivered_at AS "deliveredAt"
        FROM webhook_deliveries d JOIN integration_events e ON e.id = d.event_id
        WHERE d.endpoint_id = ${endpointId} ORDER BY d.id DESC LIMIT ${LOG_ROWS}`,
  );
  return found.map((d) => ({
    ...d,
    id: Number(d.id),
    eventId: `evt_${d.eventId}`,
    nextAttemptAt: isoInstant(d.nextAttemptAt),
    createdAt: isoInstant(d.createdAt) as string,
    deliveredAt: isoInstant(d.deliveredAt),
  }));
}

/**
 * POST WebhookDeliveryResend: the delivery's event again to its endpoint, as a new delivery due
 * now (same `webhook-id`: a receiver that already has it may drop it).
 * @throws FORBIDDEN; NOT_FOUND (another customer's delivery)
 */
export async function resendWebhookDelivery(db: Db, auth: AuthContext, id: number): Promise<WebhookDelivery> {
  const customerId = requireWebhookAdmin(auth);
  const [made] = await rows<{ id: number | string; endpointId: number }>(
    db,
    sql`INSERT INTO webhook_deliveries (endpoint_id, event_id)
        SELECT d.endpoint_id, d.event_id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.id = ${id} AND w.customer_id = ${customerId}
        RETURNING id, endpoint_id AS "endpointId"`,
  );
  if (!made) throw notFound();
  const log = await findWebhookDeliveries(db, auth, made.endpointId);
  const delivery = log.find((d) => d.id === Number(made.id));
  if (!delivery) throw notFound();
  return delivery;
}
