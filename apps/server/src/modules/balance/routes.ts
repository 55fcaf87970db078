/** Balance calls (spec section 7): GET stockDetails. */
import { ZStockDetails, ZStockDetailsQuery } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { getStockDetails } from './get-stock-details.js';

export async function balanceRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/stockDetails',
    {
      schema: {
        tags: ['balance'],
        summary: 'A location’s balances per product and kind (running totals), and the carriers in transit apart; 404 outside scope',
        querystring: ZStockDetailsQuery,
        response: { 200: ok(ZStockDetails) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getStockDetails(app.db, auth, locale, request.query.locationId) };
    },
  );
}
