/**
 * Order calls (spec section 7; issues 2 and 3): GET Orders, GET ExternalOrders,
 * GET Orders/{id}, POST Orders, DELETE Orders/{id}, POST OrderStatus, POST OrderArrival,
 * POST OrdersSend, POST OrderCustoms, GET OrderFill.
 */
import {
  type Locale,
  type OrderWarning,
  ZArriveOrderRequest,
  ZBigIdParam,
  ZDeleteOrderResponse,
  ZOrder,
  ZOrderFill,
  ZOrderFillQuery,
  ZOrdersQuery,
  ZOrdersResponse,
  ZOrdersSendRequest,
  ZOrdersSendResponse,
  ZSaveOrderRequest,
  ZSaveOrderResponse,
  ZSetCustomsStatusRequest,
  ZSetOrderStatusRequest,
  ZSetOrderStatusResponse,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { negotiateLocale, translator } from '../../i18n.js';
import { type AuthContext, requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { arriveOrder } from './arrive-order.js';
import { deleteDraft } from './delete-order.js';
import { errorMessage } from './error-message.js';
import { findOrders } from './find-orders.js';
import { getOrder } from './get-order.js';
import { getOrderFill } from './order-fill.js';
import { productNamesById } from './product-names.js';
import { saveOrder } from './save-order.js';
import { setCustomsStatus } from './set-customs-status.js';
import { sendDraft, setOrderStatus } from './set-order-status.js';
import type { StepWarning } from './status-step-lines.js';

const localeOf = (request: FastifyRequest, auth: AuthContext): Locale => negotiateLocale(request.headers['accept-language'], auth.language);

/** The step's warnings with product names and messages in the caller's language. */
async function translateWarnings(db: Db, locale: Locale, warnings: StepWarning[]): Promise<OrderWarning[]> {
  if (warnings.length === 0) return [];
  const t = translator(locale);
  const names = await productNamesById(
    db,
    locale,
    warnings.map((w) => w.productId),
  );
  return warnings.map((w) => {
    const productName = names.get(w.productId) ?? '';
    return {
      ...w,
      productName,
      message: t(`warnings.${w.code}`, { product: productName, picked: w.quantityPicked, ordered: w.quantityOrdered }),
    };
  });
}

/**
 * The grid's answer is written with plain JSON.stringify instead of being parsed by its zod
 * schema first: the rows come from one SQL statement whose columns are the schema's fields
 * (summaryColumns), and up to 1000 of them per call made the parse a large share of the
 * call's cost (bench/orders-list). The schema still documents the answer in OpenAPI, and the
 * API tests check the shape.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

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
      serializerCompiler: plainJson,
    },
    async (request) => ({ data: await findOrders(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/ExternalOrders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Delivery > External locations: the orders to external receivers, with the filters of GET Orders',
        querystring: ZOrdersQuery,
        response: { 200: ok(ZOrdersResponse) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => ({ data: await findOrders(app.db, requireAuth(request), request.query, { externalOnly: true }) }),
  );
  r.get(
    '/Orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with lines, addresses, references and history; 404 outside the caller’s scope',
        params: ZBigIdParam,
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
        summary:
          'Create an order (copies: 1-50 identical ones) or update a draft; draft=false sends it (purchase/sale to 1, delivery to 4). Answers the first order and `ids` of all',
        body: ZSaveOrderRequest,
        response: { 200: ok(ZSaveOrderResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const ids = await saveOrder(app.db, auth, request.body);
      return { data: { ...(await getOrder(app.db, auth, ids[0] as number)), ids } };
    },
  );
  r.delete(
    '/Orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Discard a draft with its lines, history, comments and attachments: only status 0, only by the side that places it (or provider staff). 409 ORDER_STATUS once it is no longer a draft; 404 outside the caller’s scope',
        params: ZBigIdParam,
        response: { 200: ok(ZDeleteOrderResponse) },
      },
    },
    async (request) => {
      await deleteDraft(app.db, requireAuth(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
  r.post(
    '/OrderCustoms',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Set the customs status of a cross-border order (pending, done; null clears it): the sender side or provider staff, while the order is not final; writes a history row. Answers the order. 409 CUSTOMS_STATUS when final or without customs, 409 CONFLICT for a stale version',
        body: ZSetCustomsStatusRequest,
        response: { 200: ok(ZOrder) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await setCustomsStatus(app.db, auth, request.body, localeOf(request, auth));
      return { data: await getOrder(app.db, auth, request.body.id) };
    },
  );
  r.post(
    '/OrderStatus',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Move an order along the status machine with the step’s data (lines, waybill, comment); answers the order and warnings. 409 CONFLICT for a stale version, 409/403/400 "Could not set order status" with the reason',
        body: ZSetOrderStatusRequest,
        response: { 200: ok(ZSetOrderStatusResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { warnings } = await setOrderStatus(app.db, auth, request.body);
      const order = await getOrder(app.db, auth, request.body.id);
      return { data: { ...order, warnings: await translateWarnings(app.db, localeOf(request, auth), warnings) } };
    },
  );
  r.post(
    '/OrderArrival',
    {
      schema: {
        tags: ['orders'],
        summary: 'Provider staff register that a sent order arrived: it goes to 9 (sorting depot), 11 (receiver confirms) or 5 (posted)',
        body: ZArriveOrderRequest,
        response: { 200: ok(ZSetOrderStatusResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await arriveOrder(app.db, auth, request.body);
      return { data: { ...(await getOrder(app.db, auth, request.body.id)), warnings: [] } };
    },
  );
  r.post(
    '/OrdersSend',
    {
      schema: {
        tags: ['orders'],
        summary: 'Send drafts in bulk: each id in its own transaction; per id ok, or the translated reason it was not sent',
        body: ZOrdersSendRequest,
        response: { 200: ok(ZOrdersSendResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = localeOf(request, auth);
      const results = [];
      for (const id of request.body.ids) {
        try {
          results.push({ id, ok: true, transactionStatusId: await sendDraft(app.db, auth, id) });
        } catch (error) {
          const { type, message } = errorMessage(locale, error);
          if (type === 'UNEXPECTED') request.log.error(error);
          results.push({ id, ok: false, type, error: message });
        }
      }
      return { data: results };
    },
  );
  r.get(
    '/OrderFill',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Fill degree of an order (id) or of unsaved lines on a truck type: load / capacity in full EUR stacks; above 1 does not fit',
        querystring: ZOrderFillQuery,
        response: { 200: ok(ZOrderFill) },
      },
    },
    async (request) => ({ data: await getOrderFill(app.db, requireAuth(request), request.query) }),
  );
}
