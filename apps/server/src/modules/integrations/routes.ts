/**
 * Integration calls (issue 23; docs/integrations.md): GET Events, the feed of what happened, for a
 * signed-in user or an API key (which acts as its user), within the caller's scope; the webhook
 * endpoints of the acting customer and their delivery logs (customer admins, provider staff).
 */
import {
  ZEventPage,
  ZEventsQuery,
  ZResendWebhookDeliveryRequest,
  ZRotatedWebhookSecret,
  ZRotateWebhookSecretRequest,
  ZSavedWebhookEndpoint,
  ZSaveWebhookEndpointRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findEvents } from './find-events.js';
import { findWebhookDeliveries, resendWebhookDelivery } from './webhook-deliveries.js';
import { findWebhookEndpoints, rotateWebhookSecret, saveWebhookEndpoint } from './webhook-endpoints.js';

export async function integrationRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Events',
    {
      schema: {
        tags: ['integrations'],
        summary: 'The events after a cursor, in order, a page at a time, within the caller’s scope',
        description:
          'Pass `next` back as `after` to read on; a cursor never skips nor repeats an event, also while several ' +
          'writers commit at once (an event appears once every older transaction has ended). `types` is comma-separated ' +
          '(order.created, order.statusChanged); `limit` 1-500, default 100. Each event carries the data of its GET call ' +
          'as the caller reads it now (GET Orders/{id} for order events); an event whose subject the caller may no longer ' +
          'read is passed over. Events are kept EVENT_RETENTION_DAYS (default 90 days).',
        querystring: ZEventsQuery,
        response: { 200: ok(ZEventPage) },
      },
    },
    async (request) => ({ data: await findEvents(app.db, requireAuth(request), request.query) }),
  );
  const tags = ['integrations'];
  const admins =
    'Customer admins of the acting customer, provider staff and global admins (403 otherwise); another customer’s endpoint or delivery answers 404.';
  r.get(
    '/WebhookEndpoints',
    {
      schema: {
        tags,
        summary: 'The acting customer’s webhook endpoints (never their secrets)',
        description: admins,
        response: { 200: ok(z.array(ZWebhookEndpoint)) },
      },
    },
    async (request) => ({ data: await findWebhookEndpoints(app.db, requireAuth(request)) }),
  );
  r.post(
    '/WebhookEndpoints',
    {
      schema: {
        tags,
        summary: 'Registers an endpoint (its signing secret answered this once) or changes one (url, event types, active or paused)',
        description: `${admins} https only (http to localhost for a receiver under test); a change names the version read (409 otherwise); at most 20 endpoints.`,
        body: ZSaveWebhookEndpointRequest,
        response: { 200: ok(ZSavedWebhookEndpoint) },
      },
    },
    async (request) => ({ data: await saveWebhookEndpoint(app.db, requireAuth(request), request.body) }),
  );
  r.post(
    '/WebhookEndpointSecret',
    {
      schema: {
        tags,
        summary: 'A new signing secret (answered this once); the previous one keeps signing beside it for overlapHours (default 24)',
        description: admins,
        body: ZRotateWebhookSecretRequest,
        response: { 200: ok(ZRotatedWebhookSecret) },
      },
    },
    async (request) => ({ data: await rotateWebhookSecret(app.db, requireAuth(request), request.body) }),
  );
  r.get(
    '/WebhookDeliveries',
    {
      schema: {
        tags,
        summary: 'An endpoint’s deliveries, newest first (at most 200): status, attempts, the last answer’s code and duration',
        description: admins,
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: ok(z.array(ZWebhookDelivery)) },
      },
    },
    async (request) => ({ data: await findWebhookDeliveries(app.db, requireAuth(request), request.query.endpointId) }),
  );
  r.post(
    '/WebhookDeliveryResend',
    {
      schema: {
        tags,
        summary: 'Sends a delivery’s event to its endpoint again (a new delivery, due now)',
        description: admins,
        body: ZResendWebhookDeliveryRequest,
        response: { 200: ok(ZWebhookDelivery) },
      },
    },
    async (request) => ({ data: await resendWebhookDelivery(app.db, requireAuth(request), request.body.id) }),
  );
}
