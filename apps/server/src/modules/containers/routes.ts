/**
 * Container and rental calls (issue 11; spec sections 2, 3, 6 and 7, "Container";
 * docs/containers.md): GET Containers, GET Containers/{id}, GET ContainerProducts, GET/POST Rentals, GET Rentals/{id},
 * GET Rentals/{id}/photo and POST RentalStatus. Every call needs the Container menu area (403).
 */
import {
  ZContainer,
  ZContainerProduct,
  ZContainerSummary,
  ZContainersQuery,
  ZIdParam,
  ZRegisterRentalRequest,
  ZRental,
  ZRentalPhotoQuery,
  ZRentalStatusRequest,
  ZRentalSummary,
  ZRentalsQuery,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { fileAnswer, ok, typed } from '../http.js';
import { assignContainers } from './assign-containers.js';
import { closeRental } from './close-rental.js';
import { findContainerProducts } from './find-container-products.js';
import { findContainers } from './find-containers.js';
import { findRentals } from './find-rentals.js';
import { getContainer } from './get-container.js';
import { getRental, getRentalPhoto } from './get-rental.js';
import { registerRental } from './register-rental.js';
import { returnContainers } from './return-containers.js';

export async function containerRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['containers'];
  r.get(
    '/Containers',
    {
      schema: {
        tags,
        summary:
          'The caller’s containers (at or rented by its scope’s locations; provider staff all) by serial number; filters location, product, status, term (serial or GRAI) and available',
        querystring: ZContainersQuery,
        response: { 200: ok(z.array(ZContainerSummary)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await findContainers(app.db, auth, request.query, locale) };
    },
  );
  r.get(
    '/Containers/:id',
    {
      schema: {
        tags,
        summary: 'One container: where it is, its status and note, and its rentals with their return checks; 404 outside scope',
        params: ZIdParam,
        response: { 200: ok(ZContainer) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getContainer(app.db, auth, request.params.id, locale) };
    },
  );
  r.get(
    '/ContainerProducts',
    {
      schema: {
        tags,
        summary: 'The container products a rental may be of (active, carrier type a container), named in the caller’s language',
        response: { 200: ok(z.array(ZContainerProduct)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await findContainerProducts(app.db, auth, locale) };
    },
  );
  r.get(
    '/Rentals',
    {
      schema: {
        tags,
        summary: 'The rentals of the caller’s scope (provider staff all), newest start first; filters location, status and a day covered',
        querystring: ZRentalsQuery,
        response: { 200: ok(z.array(ZRentalSummary)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await findRentals(app.db, auth, request.query, locale) };
    },
  );
  r.get(
    '/Rentals/:id',
    {
      schema: {
        tags,
        summary:
          'One rental: its containers with assigned and returned days and checks, days held, the day rent so far (only for those who may see money) and the steps the caller may take',
        params: ZIdParam,
        response: { 200: ok(ZRental) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getRental(app.db, auth, request.params.id, locale) };
    },
  );
  r.get(
    '/Rentals/:id/photo',
    {
      schema: {
        tags,
        summary: 'The return photo of one container of a rental (JPEG or PNG); 404 when there is none',
        params: ZIdParam,
        querystring: ZRentalPhotoQuery,
        response: { 200: fileAnswer('The photo as taken, in its type (told by its content)', ['image/jpeg', 'image/png']) },
      },
    },
    async (request, reply) => {
      const photo = await getRentalPhoto(app.db, requireAuth(request), request.params.id, request.query.containerId);
      const name = `rental-${request.params.id}-${request.query.containerId}.${photo.type === 'image/png' ? 'png' : 'jpg'}`;
      reply
        .header('Content-Type', photo.type)
        .header('Content-Disposition', contentDisposition(name, true))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(photo.data);
    },
  );
  r.post(
    '/Rentals',
    {
      schema: {
        tags,
        summary:
          'Register a rental: a location of the caller’s scope rents 1-50 containers of a container product from a start date (status Registered); answers the rental',
        body: ZRegisterRentalRequest,
        response: { 200: ok(ZRental) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const id = await registerRental(app.db, auth, request.body);
      return { data: await getRental(app.db, auth, id, locale) };
    },
  );
  r.post(
    '/RentalStatus',
    {
      schema: {
        tags,
        summary:
          'A rental’s step: Open (provider staff assign containers from a depot), Returned (the renter or provider staff return containers with their checks), Closed (provider staff close when all are back; either side cancels a Registered one); a step taken meanwhile answers 409',
        body: ZRentalStatusRequest,
        response: { 200: ok(ZRental) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const body = request.body;
      if (body.status === 'Open') await assignContainers(app.db, auth, body);
      else if (body.status === 'Returned') await returnContainers(app.db, auth, body);
      else await closeRental(app.db, auth, body);
      return { data: await getRental(app.db, auth, body.id, locale) };
    },
  );
}
