/**
 * Global admin calls of issue 10 (docs/global.md): GET Log, GET Log/{id}, GET Downtimes,
 * POST Downtimes, POST DowntimeCancel (global admins; others 403), and GET Badges (provider
 * staff's counts; zeros for others).
 */
import {
  ZBadges,
  ZDowntime,
  ZDowntimeCancel,
  ZDowntimeRequest,
  ZDowntimesResponse,
  ZLogDetail,
  ZLogParam,
  ZLogQuery,
  ZLogResponse,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { cancelDowntime } from './cancel-downtime.js';
import { findBadges } from './find-badges.js';
import { findDowntimes } from './find-downtimes.js';
import { findLog, getLogEntry } from './find-log.js';
import { scheduleDowntime } from './schedule-downtime.js';

export async function globalRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Log',
    {
      schema: {
        tags: ['global'],
        summary:
          'The application log, newest first, with the total: filters from/to (instants or UTC days, inclusive), userId, user (part of a login name or name), kind, level, text; count/offset paging. Global admins only (403)',
        querystring: ZLogQuery,
        response: { 200: ok(ZLogResponse) },
      },
    },
    async (request) => ({ data: await findLog(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/Log/:id',
    {
      schema: {
        tags: ['global'],
        summary:
          'One log row with its data and, for an admin change, the record before and after. Global admins only (403); 404 when there is none',
        params: ZLogParam,
        response: { 200: ok(ZLogDetail) },
      },
    },
    async (request) => ({ data: await getLogEntry(app.db, requireAuth(request), request.params.id) }),
  );
  r.get(
    '/Downtimes',
    {
      schema: {
        tags: ['global'],
        summary: 'Downtime windows, newest start first, each planned, active, past or cancelled. Global admins only (403)',
        response: { 200: ok(ZDowntimesResponse) },
      },
    },
    async (request) => ({ data: { items: await findDowntimes(app.db, requireAuth(request)) } }),
  );
  r.post(
    '/Downtimes',
    {
      schema: {
        tags: ['global'],
        summary:
          'Schedule a downtime window (startsAt, endsAt: instants): during it every call but those of global admins answers 503 DOWNTIME and GET Status names the window. 400 when it ends before it starts, in the past, lasts over 14 days or overlaps another window. Global admins only (403)',
        body: ZDowntimeRequest,
        response: { 200: ok(ZDowntime) },
      },
    },
    async (request) => ({ data: await scheduleDowntime(app.db, requireAuth(request), request.body, request) }),
  );
  r.post(
    '/DowntimeCancel',
    {
      schema: {
        tags: ['global'],
        summary:
          'Cancel a downtime window that has not ended; the portal opens at once. 404 for an unknown window, 409 for one ended or cancelled. Global admins only (403)',
        body: ZDowntimeCancel,
        response: { 200: ok(ZDowntime) },
      },
    },
    async (request) => ({ data: await cancelDowntime(app.db, requireAuth(request), request.body.id, request) }),
  );
  r.get(
    '/Badges',
    {
      schema: {
        tags: ['global'],
        summary:
          'Counts for the badges of provider staff: new support cases and new customer requests (global admins); zeros for customers',
        response: { 200: ok(ZBadges) },
      },
    },
    async (request) => ({ data: await findBadges(app.db, requireAuth(request)) }),
  );
}
