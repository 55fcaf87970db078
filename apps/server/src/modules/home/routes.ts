/**
 * Start-page widgets (spec section 9, "Widgets"): volume = this year's orders, carriers and
 * tonnes at the acting location (orders that reached status 5 or are on their way);
 * environment = the last N months of fill degree, reuse degree and CO2 saved there.
 */
import { ZEnvironmentWidget, ZEnvironmentWidgetQuery, ZVolumeWidget } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { rows, sql } from '../../db/client.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { sessionToday } from '../session/location-today.js';
import { getEnvironmentWidget } from './get-environment-widget.js';

export async function homeRoutes(app: FastifyInstance) {
  typed(app).get(
    '/Widgets/volume',
    {
      schema: {
        tags: ['home'],
        summary: "This year's orders, carriers and weight (kg) at the acting location",
        response: { 200: ok(ZVolumeWidget) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // This year at the acting location (docs/domain.md, "Today").
      const year = Number((await sessionToday(app.db, auth)).slice(0, 4));
      const from = `${year}-01-01`;
      const to = `${year + 1}-01-01`;
      const location = auth.locationId ?? 0;
      // Two index range scans (one per side of the order), cancelled orders and drafts left out.
      const [row] = await rows<{ orders: number; pallets: number; grams: number }>(
        app.db,
        sql`SELECT count(*)::int AS orders, COALESCE(sum(quantity_total), 0)::bigint AS pallets,
              COALESCE(sum(weight_grams), 0)::bigint AS grams
            FROM (
              SELECT id, quantity_total, weight_grams, transaction_status_id FROM orders
                WHERE location_id_from = ${location} AND date_send >= ${from} AND date_send < ${to}
              UNION
              SELECT id, quantity_total, weight_grams, transaction_status_id FROM orders
                WHERE location_id_to = ${location} AND date_send >= ${from} AND date_send < ${to}
            ) o WHERE transaction_status_id NOT IN (0, 7, 8)`,
      );
      return {
        data: { year, orders: Number(row?.orders ?? 0), pallets: Number(row?.pallets ?? 0), weightKg: Number(row?.grams ?? 0) / 1000 },
      };
    },
  );

  typed(app).get(
    '/Widgets/environment',
    {
      schema: {
        tags: ['home'],
        summary:
          'The last N calendar months (default 12, 1-36; the current month last) at the acting location: fill degree, reuse degree, carriers moved and CO2 saved (kg) against new one-way carriers',
        querystring: ZEnvironmentWidgetQuery,
        response: { 200: ok(ZEnvironmentWidget) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const today = await sessionToday(app.db, auth);
      return { data: await getEnvironmentWidget(app.db, auth, request.query.months, today) };
    },
  );
}
