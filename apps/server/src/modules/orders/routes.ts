/**
 * Order calls (spec section 7; issue 2 and 3): GET Orders, GET Orders/{id}, POST Orders,
 * POST OrderStatus.
 */
import { ZIdParam, ZOrder, ZOrdersQuery, ZOrdersResponse, ZSaveOrderRequest, ZSetOrderStatusRequest } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findOrders } from './find-orders.js';
import { getOrder } from './get-order.js';
import { saveOrder } from './save-order.js';
import { setOrderStatus } from './set-order-status.js';

export async function orderRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The orders grid: a page of the orders visible to the caller, and the total that match',
        querystring: ZOrdersQuery,
        response: { 200: ok(ZOrdersResponse) },
      },
    },
    async (request) => ({ data: await findOrders(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/Orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with lines, addresses, references and history; 404 outside the caller’s scope',
        params: ZIdParam,
        response: { 200: ok(ZOrder) },
      },
    },
    async (request) => ({ data: await getOrder(app.db, requireAuth(request), request.params.id) }),
  );
  r.post(
    '/Orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Create an order or update a draft; draft=false sends it (purchase/sale to 1, delivery to 4)',
        body: ZSaveOrderRequest,
        response: { 200: ok(ZOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await saveOrder(app.db, auth, request.body);
      return { data: await getOrder(app.db, auth, id) };
    },
  );
  r.post(
    '/OrderStatus',
    {
      schema: {
        tags: ['orders'],
        summary: 'Move an order along the status machine; 409/403 "Could not set order status" with the reason',
        body: ZSetOrderStatusRequest,
        response: { 200: ok(ZOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await setOrderStatus(app.db, auth, request.body);
      return { data: await getOrder(app.db, auth, request.body.id) };
    },
  );
}
