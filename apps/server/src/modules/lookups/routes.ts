/**
 * Lookup calls (spec section 7): GET Customers, GET Locations / locations, GET Users,
 * GET Days, GET /products, GET AvailableProducts, GET TruckTypes, GET GLNValidate (GET Messages:
 * modules/messages).
 */
import {
  GLN_LENGTH,
  validateGln,
  ZAvailableProductsQuery,
  ZCustomersQuery,
  ZDay,
  ZDaysQuery,
  ZGlnValidateQuery,
  ZGlnValidateResponse,
  ZLocationsQuery,
  ZOrderLocationsQuery,
  ZProduct,
  ZProductsQuery,
  ZTruckType,
  ZUsersQuery,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rows, sql } from '../../db/client.js';
import { negotiateLocale, translator } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { assertLocationInScope } from '../session/scope.js';
import { listDays } from './days.js';
import { listCustomers, listOrderParties, listSwitchLocations, listUsers } from './parties.js';
import { availableProducts, listProducts, mayOrderAnyProduct } from './products.js';
import { listTruckTypes } from './truck-types.js';

export async function lookupRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/Customers',
    { schema: { tags: ['lookups'], summary: 'Customers the caller may switch to', querystring: ZCustomersQuery } },
    async (request) => ({
      data: await listCustomers(app.db, requireAuth(request), request.query.term),
    }),
  );

  r.get(
    '/Locations',
    {
      schema: {
        tags: ['lookups'],
        summary:
          'Without transactiontype: locations of a customer to switch to (GET Locations). With transactiontype: candidate other parties of an order (GET locations)',
        querystring: z.object({ ...ZLocationsQuery.shape, ...ZOrderLocationsQuery.shape }),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      if (q.transactiontype !== undefined || q.all !== undefined) return { data: await listOrderParties(app.db, auth, q) };
      return { data: await listSwitchLocations(app.db, auth, q.customerId ?? auth.customerId) };
    },
  );

  r.get(
    '/Users',
    {
      schema: {
        tags: ['lookups'],
        summary:
          'Users for the switch dialog: those the signed-in user may act as (a customer admin: within their own rights), and themselves',
        querystring: ZUsersQuery,
      },
    },
    async (request) => ({
      data: await listUsers(app.db, requireAuth(request), request.query),
    }),
  );

  r.get(
    '/Days',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Days of the months from..to (yyyy-MM) with isOpen for the location’s country',
        querystring: ZDaysQuery,
        response: { 200: ok(z.array(ZDay)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locationId = request.query.locationId ?? auth.locationId;
      if (request.query.locationId) await assertLocationInScope(app.db, auth, request.query.locationId);
      return { data: await listDays(app.db, request.query.from, request.query.to, locationId, app.caches.days) };
    },
  );

  r.get(
    '/products',
    { schema: { tags: ['lookups'], summary: 'All products', querystring: ZProductsQuery, response: { 200: ok(z.array(ZProduct)) } } },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const all = request.query.all ?? false;
      return { data: await app.caches.products.load(`${locale}|${all}`, () => listProducts(app.db, locale, all)) };
    },
  );

  r.get(
    '/AvailableProducts',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Products a location may order and receive; with locationIdTo, only those the receiver takes too',
        querystring: ZAvailableProductsQuery,
        response: { 200: ok(z.array(ZProduct)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await assertLocationInScope(app.db, auth, request.query.locationId);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const { locationId, locationIdTo, isPooling } = request.query;
      const receiverId = locationIdTo !== undefined && locationIdTo !== locationId && !mayOrderAnyProduct(auth) ? locationIdTo : undefined;
      return { data: await availableProducts(app.db, locale, locationId, { isPooling, receiverId }) };
    },
  );

  r.get(
    '/TruckTypes',
    { schema: { tags: ['lookups'], summary: 'Truck types', response: { 200: ok(z.array(ZTruckType)) } } },
    async (request) => {
      const auth = requireAuth(request);
      return {
        data: await listTruckTypes(app.db, negotiateLocale(request.headers['accept-language'], auth.language), app.caches.truckTypes),
      };
    },
  );

  r.get(
    '/GLNValidate',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Checks a GLN (13 digits, GS1 mod-10 check digit) and whether a location already uses it',
        querystring: ZGlnValidateQuery,
        response: { 200: ok(ZGlnValidateResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const t = translator(negotiateLocale(request.headers['accept-language'], auth.language));
      const gln = request.query.gln.trim();
      const result = validateGln(gln);
      const [used] =
        gln && result.ok ? await rows<{ n: number }>(app.db, sql`SELECT 1 AS n FROM locations WHERE gln = ${gln} LIMIT 1`) : [];
      const reasonKey = { digits: 'validation.glnDigits', length: 'validation.glnLength', checkDigit: 'validation.glnCheckDigit' } as const;
      return {
        data: {
          ok: result.ok,
          reason: result.ok ? null : t(reasonKey[result.reason], { n: GLN_LENGTH }),
          inUse: !!used,
        },
      };
    },
  );
}
