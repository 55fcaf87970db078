/**
 * GET and POST WebhookEndpoints, POST WebhookEndpointSecret (issue 23; docs/integrations.md,
 * "Webhooks"): the acting customer's endpoints; a new one with its signing secret shown once; a
 * change (url, event types, active or paused) naming the version read; a new secret whose
 * predecessor keeps signing for an overlap. Each write is one transaction, logged as an admin
 * change without the secret.
 */
import { randomBytes } from 'node:crypto';
import { AppErrorCode, type SaveWebhookEndpointRequest, WEBHOOK_ENDPOINTS_MAX, type WebhookEndpoint } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireWebhookAdmin } from './webhook-access.js';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks' form). */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

interface EndpointRow {
  id: number;
  customerId: number;
  url: string;
  eventTypes: WebhookEndpoint['eventTypes'];
  active: boolean;
  pausedReason: WebhookEndpoint['pausedReason'];
  ownerName: string;
  previousSecretUntil: Date | string | null;
  createdAt: Date | string;
  version: number;
}

const endpointColumns = sql`w.id, w.customer_id AS "customerId", w.url, w.event_types AS "eventTypes", w.active,
  w.paused_reason AS "pausedReason", u.name AS "ownerName",
  CASE WHEN w.previous_secret_until > now() THEN w.previous_secret_until END AS "previousSecretUntil",
  w.created_at AS "createdAt", w.version`;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  ...row,
  previousSecretUntil: isoInstant(row.previousSecretUntil),
  createdAt: isoInstant(row.createdAt) as string,
});

/** One endpoint of `customerId`. @throws NOT_FOUND for another customer's or a missing one */
export async function loadWebhookEndpoint(db: Tx, customerId: number, id: number): Promise<WebhookEndpoint> {
  const [row] = await rows<EndpointRow>(
    db,
    sql`SELECT ${endpointColumns} FROM webhook_endpoints w JOIN users u ON u.id = w.owner_user_id
        WHERE w.id = ${id} AND w.customer_id = ${customerId}`,
  );
  if (!row) throw notFound();
  return toEndpoint(row);
}

/** GET WebhookEndpoints: the acting customer's endpoints, oldest first. @throws FORBIDDEN */
export async function findWebhookEndpoints(db: Db, auth: AuthContext): Promise<WebhookEndpoint[]> {
  const customerId = requireWebhookAdmin(auth);
  const found = await rows<EndpointRow>(
    db,
    sql`SELECT ${endpointColumns} FROM webhook_endpoints w JOIN users u ON u.id = w.owner_user_id
        WHERE w.customer_id = ${customerId} ORDER BY w.id`,
  );
  return found.map(toEndpoint);
}

/**
 * POST WebhookEndpoints: creates (the caller becomes its owner; the same idempotency key answers
 * the first) or changes one. Pausing by hand sets `manual`; activating clears the reason.
 * @throws FORBIDDEN; NOT_FOUND (another customer's); CONFLICT (409) for a stale version;
 *   VALIDATION (400) past WEBHOOK_ENDPOINTS_MAX endpoints
 */
export async function saveWebhookEndpoint(
  db: Db,
  auth: AuthContext,
  input: SaveWebhookEndpointRequest,
): Promise<{ endpoint: WebhookEndpoint; secret: string | null }> {
  const customerId = requireWebhookAdmin(auth);
  return db.transaction(async (tx) => {
    const types = `{${input.eventTypes.join(',')}}`;
    if (input.id !== undefined) {
      const changed = await rows<{ id: number }>(
        tx,
        sql`UPDATE webhook_endpoints SET url = ${input.url}, event_types = ${types}::text[], active = ${input.active},
              paused_reason = CASE WHEN ${input.active} THEN NULL WHEN active THEN 'manual' ELSE paused_reason END,
              version = version + 1, updated_at = now()
            WHERE id = ${input.id} AND customer_id = ${customerId} AND version = ${input.version ?? 0} RETURNING id`,
      );
      if (!changed.length) {
        await loadWebhookEndpoint(tx, customerId, input.id);
        throw new AppError(AppErrorCode.CONFLICT);
      }
      return { endpoint: await loadWebhookEndpoint(tx, customerId, input.id), secret: null };
    }
    if (input.idempotencyKey) {
      const [earlier] = await rows<{ id: number; secret: string }>(
        tx,
        sql`SELECT id, secret FROM webhook_endpoints WHERE owner_user_id = ${auth.user.id} AND idempotency_key = ${input.idempotencyKey}`,
      );
      if (earlier) return { endpoint: await loadWebhookEndpoint(tx, customerId, earlier.id), secret: earlier.secret };
    }
    const [count] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE customer_id = ${customerId}`);
    if ((count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError(AppErrorCode.VALIDATION, {}, { url: 'validation.webhookEndpointsMax' });
    const secret = newSecret();
    const [created] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO webhook_endpoints (customer_id, owner_user_id, url, event_types, active, paused_reason, secret, idempotency_key)
          VALUES (${customerId}, ${auth.user.id}, ${input.url}, ${types}::text[], ${input.active},
            ${input.active ? null : 'manual'}, ${secret}, ${input.idempotencyKey ?? null})
          ON CONFLICT (owner_user_id, idempotency_key) DO NOTHING RETURNING id`,
    );
    if (!created) throw new AppError(AppErrorCode.CONFLICT);
    return { endpoint: await loadWebhookEndpoint(tx, customerId, created.id), secret };
  });
}

/**
 * POST WebhookEndpointSecret: a new secret; the current one signs beside it for `overlapHours`
 * (0: stops at once), so receivers can switch without losing a delivery.
 * @throws FORBIDDEN; NOT_FOUND (another customer's)
 */
export async function rotateWebhookSecret(
  db: Db,
  auth: AuthContext,
  input: { id: number; overlapHours: number },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const customerId = requireWebhookAdmin(auth);
  return db.transaction(async (tx) => {
    const secret = newSecret();
    const changed = await rows<{ id: number }>(
      tx,
      sql`UPDATE webhook_endpoints SET previous_secret = secret, secret = ${secret},
            previous_secret_until = now() + make_interval(hours => ${input.overlapHours}), version = version + 1, updated_at = now()
          WHERE id = ${input.id} AND customer_id = ${customerId} RETURNING id`,
    );
    if (!changed.length) throw notFound();
    return { endpoint: await loadWebhookEndpoint(tx, customerId, input.id), secret };
  });
}
