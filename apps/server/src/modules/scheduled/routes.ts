/**
 * Scheduled-order calls (issue 3; spec sections 2, 3, 7): GET ScheduledOrders,
 * GET ScheduledOrders/{id}, POST ScheduledOrders, DELETE ScheduledOrders/{id},
 * GET ScheduleOrderFill.
 */
import { ZIdParam, ZSaveScheduledOrderRequest, ZScheduledOrder, ZScheduledOrdersQuery, ZScheduleOrderFillQuery } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { deleteScheduledOrder } from './delete-scheduled-order.js';
import { findScheduledOrders, getScheduledOrder } from './find-scheduled-orders.js';
import { saveScheduledOrder } from './save-scheduled-order.js';
import { scheduleOrderFill } from './schedule-fill.js';

export async function scheduledRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['scheduled orders'];
  r.get(
    '/ScheduledOrders',
    {
      schema: {
        tags,
        summary: 'The scheduled orders of a location (default: the acting one); 404 outside the caller’s scope',
        querystring: ZScheduledOrdersQuery,
        response: { 200: ok(z.array(ZScheduledOrder)) },
      },
    },
    async (request) => ({ data: await findScheduledOrders(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/ScheduledOrders/:id',
    {
      schema: {
        tags,
        summary: 'One scheduled order with lines and next occurrences',
        params: ZIdParam,
        response: { 200: ok(ZScheduledOrder) },
      },
    },
    async (request) => ({ data: await getScheduledOrder(app.db, requireAuth(request), request.params.id) }),
  );
  r.post(
    '/ScheduledOrders',
    {
      schema: {
        tags,
        summary: 'Create or update a scheduled order; its orders of the next 14 days are placed at once',
        body: ZSaveScheduledOrderRequest,
        response: { 200: ok(ZScheduledOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await saveScheduledOrder(app.db, auth, request.body);
      return { data: await getScheduledOrder(app.db, auth, id) };
    },
  );
  r.delete(
    '/ScheduledOrders/:id',
    {
      schema: {
        tags,
        summary: 'Stop a scheduled order (kept inactive); its orders still at Ordered from today on are cancelled',
        params: ZIdParam,
        response: { 200: ok(ZScheduledOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await deleteScheduledOrder(app.db, auth, request.params.id);
      return { data: await getScheduledOrder(app.db, auth, request.params.id) };
    },
  );
  r.get(
    '/ScheduleOrderFill',
    {
      schema: {
        tags,
        summary: 'Truck fill of a scheduled order as a fraction (1 = a full truck)',
        querystring: ZScheduleOrderFillQuery,
        response: { 200: ok(z.number()) },
      },
    },
    async (request) => ({ data: await scheduleOrderFill(app.db, requireAuth(request), request.query.id) }),
  );
}
