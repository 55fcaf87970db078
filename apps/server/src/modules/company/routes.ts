/**
 * Company calls (spec sections 2 and 3, Company > External locations; Delivery > External
 * locations): GET, POST and DELETE ExternalLocations, on the acting customer's own external
 * locations.
 */
import {
  ZDeleteExternalLocationResponse,
  ZExternalLocation,
  ZExternalLocationsQuery,
  ZIdParam,
  ZSaveExternalLocationRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { deleteExternalLocation } from './delete-external-location.js';
import { findExternalLocations, saveExternalLocation } from './external-locations.js';

export async function companyRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/ExternalLocations',
    {
      schema: {
        tags: ['company'],
        summary:
          'The acting customer’s external locations (the delivery dialog’s external recipients), by name; active ones unless includeInactive. 403 without the SHIPMENT task or customer admin',
        querystring: ZExternalLocationsQuery,
        response: { 200: ok(z.array(ZExternalLocation)) },
      },
    },
    async (request) => ({ data: await findExternalLocations(app.db, requireAuth(request), request.query) }),
  );
  r.post(
    '/ExternalLocations',
    {
      schema: {
        tags: ['company'],
        summary:
          'Create (no id) or update one of the acting customer’s external locations. 409 LOCATION_NUMBER_EXISTS for a location number in use; 400 for a GLN with a wrong check digit or a postal code that does not fit the country',
        body: ZSaveExternalLocationRequest,
        response: { 200: ok(ZExternalLocation) },
      },
    },
    async (request) => ({ data: await saveExternalLocation(app.db, requireAuth(request), request.body, request) }),
  );
  r.delete(
    '/ExternalLocations/:id',
    {
      schema: {
        tags: ['company'],
        summary:
          'Delete one of the acting customer’s external locations; one that orders name as receiver is made inactive instead (outcome deactivated). 403 without the SHIPMENT task or customer admin; 404 for another customer’s',
        params: ZIdParam,
        response: { 200: ok(ZDeleteExternalLocationResponse) },
      },
    },
    async (request) => ({ data: await deleteExternalLocation(app.db, requireAuth(request), request.params.id, request) }),
  );
}
