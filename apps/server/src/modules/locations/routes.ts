/**
 * Address and location calls (spec sections 3, 5 and 7; docs/company-locations.md):
 * GET AddressCountryRegions and GET AddressZipCode (open without a session, rate limited per
 * address: the registration page uses them), and for the acting customer's admin or a global
 * admin: GET CompanyLocations, GET CompanyLocations/{id}, POST Locations, DELETE Locations/{id},
 * POST Addresses, DELETE Addresses/{id}.
 */
import {
  ZAddressZipCodeQuery,
  ZAddressZipCodeResponse,
  ZCompanyLocation,
  ZCompanyLocationRow,
  ZCompanyLocationsQuery,
  ZCountryRegion,
  ZDeleteLocationResponse,
  ZDeliveryAddress,
  ZIdParam,
  ZSaveAddressRequest,
  ZSaveLocationRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { deleteAddress, listCountryRegions, lookupZipCode, saveAddress } from './addresses.js';
import { deleteLocation } from './delete-location.js';
import { findCompanyLocations, getCompanyLocation } from './find-locations.js';
import { saveLocation } from './save-location.js';

/** Lookups a form makes while the user types: generous, but bounded per address. */
const lookupLimit = { rateLimit: { max: 300, timeWindow: '1 minute' } };

export async function locationRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['locations'];

  r.get(
    '/AddressCountryRegions',
    {
      schema: {
        tags,
        summary:
          'The available countries with their postal code masks, the default first, names in the caller’s language. Open without a session; 429 RATE_LIMITED above 300 calls a minute from one address',
        response: { 200: ok(z.array(ZCountryRegion)) },
      },
      config: lookupLimit,
    },
    async (request) => ({
      data: await listCountryRegions(
        app.db,
        negotiateLocale(request.headers['accept-language'], request.auth?.language),
        app.caches.countries,
      ),
    }),
  );
  r.get(
    '/AddressZipCode',
    {
      schema: {
        tags,
        summary:
          'The postal place of a postal code in a country’s register (spaces ignored); name null when the register does not know the code. 400 for a code that fits none of the country’s masks. Open without a session; 429 RATE_LIMITED above 300 calls a minute from one address',
        querystring: ZAddressZipCodeQuery,
        response: { 200: ok(ZAddressZipCodeResponse) },
      },
      config: lookupLimit,
    },
    async (request) => ({ data: await lookupZipCode(app.db, request.query) }),
  );

  r.get(
    '/CompanyLocations',
    {
      schema: {
        tags,
        summary:
          'The acting customer’s locations (Company > Locations) with status and order count, by the type filter. 403 unless customer admin of the acting customer or global admin',
        querystring: ZCompanyLocationsQuery,
        response: { 200: ok(z.array(ZCompanyLocationRow)) },
      },
    },
    async (request) => ({ data: await findCompanyLocations(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/CompanyLocations/:id',
    {
      schema: {
        tags,
        summary:
          'One of the acting customer’s locations with its flags, delivery addresses and sub-locations. 403 unless customer admin or global admin; 404 for another customer’s location',
        params: ZIdParam,
        response: { 200: ok(ZCompanyLocation) },
      },
    },
    async (request) => ({ data: await getCompanyLocation(app.db, requireAuth(request), request.params.id) }),
  );
  r.post(
    '/Locations',
    {
      schema: {
        tags,
        summary:
          'Create (no id) or update one of the acting customer’s locations. 409 LOCATION_NUMBER_EXISTS for a number in use; 400 for a bad GLN (check digit, in use), a postal code that fits no mask, a parent that is not the customer’s or would make a cycle; 403 unless customer admin or global admin, and for a customer admin changing the provider’s flags or type NLP; 404 for another customer’s location',
        body: ZSaveLocationRequest,
        response: { 200: ok(ZCompanyLocation) },
      },
    },
    async (request) => ({ data: await saveLocation(app.db, requireAuth(request), request.body, request) }),
  );
  r.delete(
    '/Locations/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of the acting customer’s locations; one with orders, ledger entries or users (or anything else pointing at it) is blocked (status 2) instead: outcome deleted or blocked. 403 unless customer admin or global admin; 404 for another customer’s location',
        params: ZIdParam,
        response: { 200: ok(ZDeleteLocationResponse) },
      },
    },
    async (request) => ({ data: await deleteLocation(app.db, requireAuth(request), request.params.id, request) }),
  );
  r.post(
    '/Addresses',
    {
      schema: {
        tags,
        summary:
          'Create (no id) or update a delivery address of one of the acting customer’s locations. 400 for a postal code that fits none of the country’s masks; 403 unless customer admin or global admin; 404 for another customer’s location or address',
        body: ZSaveAddressRequest,
        response: { 200: ok(ZDeliveryAddress) },
      },
    },
    async (request) => ({ data: await saveAddress(app.db, requireAuth(request), request.body) }),
  );
  r.delete(
    '/Addresses/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a delivery address of one of the acting customer’s locations (kept inactive for history). 403 unless customer admin or global admin; 404 for another customer’s address',
        params: ZIdParam,
        response: { 200: ok(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteAddress(app.db, requireAuth(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}
