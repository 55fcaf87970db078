/**
 * POST SupportTickets (issue 10, "Support"; docs/support.md): opens a case, or with `id` changes
 * one. Every change of status, priority or assignee writes a row of support_ticket_history; a new
 * case alerts the provider's support desk, a new status the customer side (notify-support.ts).
 */
import { AppErrorCode, maySetSupportStatus, type SaveSupportTicketRequest, type SupportStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { orderForParty } from '../comments/order-party.js';
import { createOnceByKey } from '../idempotency/create-once.js';
import { scopeLocationIds } from '../session/scope.js';
import { isSupportStaff, type VisibleTicket, visibleTicket } from './access.js';
import { notifySupportEvent } from './notify-support.js';

const invalid = (field: string, key: string) => new AppError(AppErrorCode.VALIDATION, {}, { [field]: key });

/** Writes one history row (field status, priority or assigned). */
export async function writeHistory(
  tx: Tx,
  ticketId: number,
  userId: number,
  field: 'status' | 'priority' | 'assigned',
  fromValue: string | null,
  toValue: string | null,
): Promise<void> {
  await tx.execute(sql`INSERT INTO support_ticket_history (ticket_id, user_id, field, from_value, to_value, created_at)
    VALUES (${ticketId}, ${userId}, ${field}, ${fromValue}, ${toValue}, clock_timestamp())`);
}

/** The case's customer and location when opened: the given location (in the caller's scope) or the acting one. */
async function placeOfNewCase(tx: Tx, auth: AuthContext, locationId: number | null | undefined) {
  const id = locationId === undefined ? auth.locationId : locationId;
  if (id === null) return { customerId: auth.customerId, locationId: null };
  const [location] = await rows<{ customerId: number }>(tx, sql`SELECT customer_id AS "customerId" FROM locations WHERE id = ${id}`);
  const scope = isSupportStaff(auth) ? null : await scopeLocationIds(tx, auth);
  const visible =
    location && (scope === null || scope.includes(id)) && (isSupportStaff(auth) || Number(location.customerId) === auth.customerId);
  if (!visible) throw invalid('locationId', 'support.locationUnknown');
  return { customerId: Number(location.customerId), locationId: id };
}

/** Checks that a named product exists. */
async function checkProduct(tx: Tx, productId: number | null | undefined): Promise<void> {
  if (productId == null) return;
  const [product] = await rows<{ id: number }>(tx, sql`SELECT id FROM products WHERE id = ${productId}`);
  if (!product) throw invalid('productId', 'support.productUnknown');
}

/**
 * Opens a case (no `id`) or changes one, in one transaction; `publicUrl` is the base of the mail's link.
 * Opening: topic and description required; the location must be in the caller's scope (VALIDATION on
 * `locationId`), the order one the caller is a party of (VALIDATION on `orderId`); status New; only
 * provider staff may set `status`, `internalNote` or `take` (FORBIDDEN); `idempotencyKey`: the
 * same key twice from the user opens once and answers the first case (create-once.ts; issue 20).
 * Changing: NOT_FOUND outside the caller's cases; CONFLICT for an archived case; FORBIDDEN when a
 * customer changes anything but the text fields of a case it opened, or of a Closed case;
 * VALIDATION on `status` for a step the status machine refuses (supportStatusTransitions).
 * @returns the case's id
 */
export async function saveSupportTicket(db: Db, auth: AuthContext, request: SaveSupportTicketRequest, publicUrl: string): Promise<number> {
  const staff = isSupportStaff(auth);
  if (!staff && (request.status !== undefined || request.internalNote !== undefined || request.take)) throw forbidden();
  const { id } = request;
  if (id === undefined) {
    return createOnceByKey(db, { kind: 'supportTicket', userId: auth.user.id, key: request.idempotencyKey }, (tx) =>
      openCase(tx, auth, request, publicUrl),
    );
  }
  return db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, auth, id, true);
    await changeCase(tx, auth, ticket, request, publicUrl);
    return ticket.id;
  });
}

async function openCase(tx: Tx, auth: AuthContext, request: SaveSupportTicketRequest, publicUrl: string): Promise<number> {
  const place = await placeOfNewCase(tx, auth, request.locationId);
  if (request.orderId != null) {
    try {
      await orderForParty(tx, auth, request.orderId);
    } catch (error) {
      if (error instanceof AppError) throw invalid('orderId', 'support.orderUnknown');
      throw error;
    }
  }
  await checkProduct(tx, request.productId);
  const status: SupportStatus = 'New';
  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO support_tickets (customer_id, location_id, order_id, user_id, topic, category, description, priority, status,
          product, product_id, internal_note, created_at, updated_at)
        VALUES (${place.customerId}, ${place.locationId}, ${request.orderId ?? null}, ${auth.user.id}, ${request.topic ?? ''},
          ${request.category ?? null}, ${request.description ?? ''}, ${request.priority ?? 'Normal'}, ${status},
          ${request.product || null}, ${request.productId ?? null}, ${request.internalNote || null}, clock_timestamp(), clock_timestamp())
        RETURNING id`,
  );
  const id = Number(created?.id);
  await writeHistory(tx, id, auth.user.id, 'status', null, status);
  const ticket: VisibleTicket = {
    id,
    customerId: place.customerId,
    locationId: place.locationId,
    userId: auth.user.id,
    status,
    priority: request.priority ?? 'Normal',
    assignedUserId: null,
    topic: request.topic ?? '',
  };
  await notifySupportEvent(tx, ticket, { kind: 'created' }, { id: auth.user.id, byProvider: isSupportStaff(auth) }, publicUrl);
  if (request.take && isSupportStaff(auth)) await changeCase(tx, auth, ticket, { id, take: true }, publicUrl);
  return id;
}

async function changeCase(
  tx: Tx,
  auth: AuthContext,
  ticket: VisibleTicket,
  request: SaveSupportTicketRequest,
  publicUrl: string,
): Promise<void> {
  const staff = isSupportStaff(auth);
  if (ticket.status === 'Archived') throw new AppError(AppErrorCode.CONFLICT);
  const editsText =
    request.topic !== undefined ||
    request.description !== undefined ||
    request.category !== undefined ||
    request.product !== undefined ||
    request.productId !== undefined;
  if (!staff) {
    if (request.priority !== undefined && request.priority !== ticket.priority) throw forbidden();
    if (editsText && (ticket.userId !== auth.user.id || ticket.status === 'Closed')) throw forbidden();
  }
  await checkProduct(tx, request.productId);

  let status: SupportStatus = ticket.status;
  if (request.status !== undefined && request.status !== ticket.status) {
    if (!maySetSupportStatus(ticket.status, request.status)) throw invalid('status', 'support.statusStep');
    status = request.status;
  }
  let assigned = ticket.assignedUserId;
  if (request.take && assigned !== auth.user.id) {
    assigned = auth.user.id;
    if (status === 'New' && request.status === undefined) status = 'Open';
  }
  const priority = staff && request.priority !== undefined ? request.priority : ticket.priority;

  await tx.execute(sql`UPDATE support_tickets SET
      topic = COALESCE(${request.topic ?? null}, topic),
      description = COALESCE(${request.description ?? null}, description),
      category = ${request.category === undefined ? sql`category` : sql`${request.category}`},
      product = ${request.product === undefined ? sql`product` : sql`${request.product || null}`},
      product_id = ${request.productId === undefined ? sql`product_id` : sql`${request.productId}`},
      internal_note = ${request.internalNote === undefined ? sql`internal_note` : sql`${request.internalNote || null}`},
      priority = ${priority}, status = ${status}, assigned_user_id = ${assigned},
      closed_at = ${status === 'Closed' ? (ticket.status === 'Closed' ? sql`closed_at` : sql`clock_timestamp()`) : sql`NULL`},
      updated_at = clock_timestamp()
    WHERE id = ${ticket.id}`);

  if (priority !== ticket.priority) await writeHistory(tx, ticket.id, auth.user.id, 'priority', ticket.priority, priority);
  if (assigned !== ticket.assignedUserId) {
    const names = await rows<{ id: number; name: string }>(
      tx,
      sql`SELECT id, name FROM users WHERE id IN (${ticket.assignedUserId ?? 0}, ${assigned ?? 0})`,
    );
    const nameOf = (id: number | null) => names.find((n) => Number(n.id) === id)?.name ?? null;
    await writeHistory(tx, ticket.id, auth.user.id, 'assigned', nameOf(ticket.assignedUserId), nameOf(assigned));
  }
  if (status !== ticket.status) {
    await writeHistory(tx, ticket.id, auth.user.id, 'status', ticket.status, status);
    await notifySupportEvent(
      tx,
      { ...ticket, assignedUserId: assigned },
      { kind: 'status', status },
      { id: auth.user.id, byProvider: staff },
      publicUrl,
    );
  }
}
