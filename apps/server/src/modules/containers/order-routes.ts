/**
 * Container order calls (Container > Orders; issue 11; docs/container-orders.md):
 * GET/POST ContainerOrders, GET ContainerOrders/{id}, POST ContainerOrderStatus and
 * GET ContainerOrderOptions. Each needs the Container menu area (403); an order or location
 * outside the caller's scope answers 404.
 */
import {
  ZContainerOrder,
  ZContainerOrderOptions,
  ZContainerOrderStatusRequest,
  ZContainerOrderSummary,
  ZContainerOrdersQuery,
  ZIdParam,
  ZSaveContainerOrderRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findContainerOrders } from './container-order-find.js';
import { getContainerOrder } from './container-order-get.js';
import { getContainerOrderOptions } from './container-order-options.js';
import { saveContainerOrder } from './container-order-save.js';
import { setContainerOrderStatus } from './container-order-status.js';

export async function containerOrderRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['container orders'];
  r.get(
    '/ContainerOrders',
    {
      schema: {
        tags,
        summary:
          'The container orders of the caller’s locations (provider staff: every location’s), newest first, at most 500; filters: location, statuses, date range on the ordered or wanted day, term (order number or reference)',
        querystring: ZContainerOrdersQuery,
        response: { 200: ok(z.array(ZContainerOrderSummary)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await findContainerOrders(app.db, auth, request.query, locale) };
    },
  );
  r.get(
    '/ContainerOrders/:id',
    {
      schema: {
        tags,
        summary: 'One container order with its history (who, when, from, to, comment) and the steps the caller may make; 404 outside scope',
        params: ZIdParam,
        response: { 200: ok(ZContainerOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getContainerOrder(app.db, auth, request.params.id, locale) };
    },
  );
  r.post(
    '/ContainerOrders',
    {
      schema: {
        tags,
        summary:
          'Order 1-50 containers of a container product for a location by a wanted open day (status Open); with id, change an Open order (its ordering side)',
        body: ZSaveContainerOrderRequest,
        response: { 200: ok(ZContainerOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const id = await saveContainerOrder(app.db, auth, request.body);
      return { data: await getContainerOrder(app.db, auth, id, locale) };
    },
  );
  r.post(
    '/ContainerOrderStatus',
    {
      schema: {
        tags,
        summary:
          'A step of a container order: provider staff confirm an Open order and deliver a Confirmed one (registers its rental); the ordering side or provider staff cancel an Open one, provider staff a Confirmed one with a comment; 409 once the order moved on',
        body: ZContainerOrderStatusRequest,
        response: { 200: ok(ZContainerOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      await setContainerOrderStatus(app.db, auth, request.body);
      return { data: await getContainerOrder(app.db, auth, request.body.id, locale) };
    },
  );
  r.get(
    '/ContainerOrderOptions',
    {
      schema: {
        tags,
        summary: 'The container-active locations the caller may order containers for, and the container products',
        response: { 200: ok(ZContainerOrderOptions) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getContainerOrderOptions(app.db, auth, locale) };
    },
  );
}
