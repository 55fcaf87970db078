/**
 * Registration calls (spec section 2, new-customer and visitors; section 3 "New customer
 * request"; issue 9; docs/registration.md): POST NewCustomerRequests (anonymous) and the
 * provider's GET NewCustomerRequests, GET NewCustomerRequests/{id},
 * POST NewCustomerRequestConversion and POST NewCustomerRequestStatus (global admins).
 */
import {
  ZNewCustomerRequest,
  ZNewCustomerRequestConversion,
  ZNewCustomerRequestDetail,
  ZNewCustomerRequestParam,
  ZNewCustomerRequestStatusChange,
  ZNewCustomerRequestsQuery,
  ZNewCustomerRequestsResponse,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { convertNewCustomerRequest } from './convert-new-customer-request.js';
import { findNewCustomerRequests } from './find-new-customer-requests.js';
import { getNewCustomerRequest } from './get-new-customer-request.js';
import { rejectNewCustomerRequest } from './reject-new-customer-request.js';
import { RequestLimitError } from './request-limits.js';
import { NEW_CUSTOMER_REQUEST_LIMIT, submitNewCustomerRequest } from './submit-new-customer-request.js';

export async function registrationRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.post(
    '/NewCustomerRequests',
    {
      schema: {
        tags: ['registration'],
        summary:
          'A prospective customer’s request (no sign-in): stored, mailed to the provider’s users with the “new customer” notification and confirmed to the contact (a fixed text: nothing the visitor wrote), in one transaction. 400 with field messages (VAT number per country, postal code, terms); 429 past 10 requests an hour from one address, or 3 a day to one contact email',
        body: ZNewCustomerRequest,
        response: { 200: ok(z.object({ received: z.literal(true) })) },
      },
      config: { rateLimit: NEW_CUSTOMER_REQUEST_LIMIT },
    },
    async (request, reply) => {
      try {
        return {
          data: await submitNewCustomerRequest(app.db, request.body, request.ip, negotiateLocale(request.headers['accept-language'])),
        };
      } catch (error) {
        if (error instanceof RequestLimitError) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );
  r.get(
    '/NewCustomerRequests',
    {
      schema: {
        tags: ['registration'],
        summary: 'New customer requests, newest first, optionally of one status (new, converted, rejected). 403 unless a global admin',
        querystring: ZNewCustomerRequestsQuery,
        response: { 200: ok(ZNewCustomerRequestsResponse) },
      },
    },
    async (request) => ({ data: await findNewCustomerRequests(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/NewCustomerRequests/:id',
    {
      schema: {
        tags: ['registration'],
        summary: 'One new customer request with every field and what became of it. 403 unless a global admin; 404 for no such request',
        params: ZNewCustomerRequestParam,
        response: { 200: ok(ZNewCustomerRequestDetail) },
      },
    },
    async (request) => ({ data: await getNewCustomerRequest(app.db, requireAuth(request), request.params.id) }),
  );
  r.post(
    '/NewCustomerRequestConversion',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Turns a new request into a customer, its first location and its administrator, who gets a welcome mail with a link to set a password; one transaction. 400 for a login name or location number in use; 403 unless a global admin; 404 for no such request; 409 when it was handled meanwhile',
        body: ZNewCustomerRequestConversion,
        response: { 200: ok(ZNewCustomerRequestDetail) },
      },
    },
    async (request) => ({ data: await convertNewCustomerRequest(app.db, requireAuth(request), request.body) }),
  );
  r.post(
    '/NewCustomerRequestStatus',
    {
      schema: {
        tags: ['registration'],
        summary: 'Rejects a new request. 403 unless a global admin; 404 for no such request; 409 when it was handled meanwhile',
        body: ZNewCustomerRequestStatusChange,
        response: { 200: ok(ZNewCustomerRequestDetail) },
      },
    },
    async (request) => ({ data: await rejectNewCustomerRequest(app.db, requireAuth(request), request.body) }),
  );
}
