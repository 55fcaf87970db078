/**
 * GET Events (issue 23; docs/integrations.md, "The feed"): the integration events after a cursor,
 * in the order their transactions committed relative to the cursor, a page at a time, within the
 * caller's scope (a user's or an API key's owner's: docs/domain.md, "Scope").
 *
 * Why the cursor never skips nor repeats an event with several writers at once: ids are handed
 * out when a row is inserted, not when its transaction commits, so an event with a smaller id may
 * become visible after one with a larger id. The feed therefore returns only events of
 * transactions older than every transaction still running (`tx_id < pg_snapshot_xmin(...)`), in
 * (tx_id, id) order: every transaction that could still add an event has a later id than any
 * returned, so an event appearing later always sorts after the cursor. A running transaction
 * delays the feed (never more than it runs); nothing is lost.
 */
import { AppErrorCode, type EventPage, type EventsQuery, type IntegrationEvent, type IntegrationEventType } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { getOrder } from '../orders/get-order.js';
import { scopeLocationIds } from '../session/scope.js';

/** An event as read from integration_events. */
export interface EventRow {
  id: number | string;
  tx: string;
  type: IntegrationEventType;
  orderId: number | string | null;
  previousStatus: number | null;
  status: number | null;
  occurredAt: Date | string;
}

/** The cursor of the feed's start: before every event. */
const START = '0.0';

/**
 * One page of the feed for `auth`: up to `query.limit` events after `query.after` of
 * `query.types`, each with the data of its GET call as the caller reads it now; an event whose
 * subject the caller may no longer read (its order left the caller's scope, or the caller has no
 * order list) is passed over. `next` is the cursor after the last event read (the same as `after`
 * when none was).
 */
export async function findEvents(db: Db, auth: AuthContext, query: EventsQuery): Promise<EventPage> {
  const scope = await scopeLocationIds(db, auth);
  const [tx, id] = (query.after ?? START).split('.');
  const found = await rows<EventRow>(
    db,
    sql`SELECT id, tx_id::text AS tx, type, order_id AS "orderId", previous_status AS "previousStatus", status,
          occurred_at AS "occurredAt"
        FROM integration_events
        WHERE (tx_id, id) > (${tx}::xid8, ${id}::bigint)
          AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (${scope === null} OR location_ids && ${`{${(scope ?? []).join(',')}}`}::int[])
          AND (${query.types === undefined} OR type = ANY(${`{${(query.types ?? []).join(',')}}`}::text[]))
        ORDER BY tx_id, id
        LIMIT ${query.limit}`,
  );
  const events: IntegrationEvent[] = [];
  for (const row of found) {
    const event = await readEvent(db, auth, row);
    if (event) events.push(event);
  }
  const last = found.at(-1);
  return { events, next: last ? `${last.tx}.${last.id}` : (query.after ?? START) };
}

/**
 * An event as `auth` reads it (with its GET call's data), or null when the caller may not read
 * its subject (NOT_FOUND or FORBIDDEN of that call). The feed's and the webhooks' shape.
 */
export async function readEvent(db: Db, auth: AuthContext, row: EventRow): Promise<IntegrationEvent | null> {
  const data = await eventData(db, auth, row);
  if (data === undefined) return null;
  return {
    id: `evt_${row.id}`,
    type: row.type,
    occurredAt: isoInstant(row.occurredAt) as string,
    orderId: row.orderId === null ? null : Number(row.orderId),
    previousStatus: row.previousStatus,
    status: row.status,
    data,
  };
}

/** The data of an event's GET call for `auth`, or undefined when the caller may not read its subject. */
async function eventData(db: Db, auth: AuthContext, row: EventRow): Promise<unknown> {
  try {
    return await getOrder(db, auth, Number(row.orderId));
  } catch (error) {
    if (error instanceof AppError && (error.code === AppErrorCode.NOT_FOUND || error.code === AppErrorCode.FORBIDDEN)) return undefined;
    throw error;
  }
}
