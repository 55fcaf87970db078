/**
 * Balance calls (spec sections 3 "Inventory" and 7; docs/domain.md, "Balance screen"):
 * GET stockDetails, GET Inventory, GET BalanceLocations, GET BalanceHistory, GET and POST
 * StockLevels.
 */
import {
  ZBalanceHistory,
  ZBalanceHistoryQuery,
  ZBalanceLocation,
  ZInventory,
  ZInventoryQuery,
  ZSaveStockLevelRequest,
  ZStockDetails,
  ZStockDetailsQuery,
  ZStockLevel,
  ZStockLevelsQuery,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findBalanceLocations } from './find-balance-locations.js';
import { findStockLevels } from './find-stock-levels.js';
import { getBalanceHistory } from './get-balance-history.js';
import { getInventory } from './get-inventory.js';
import { getStockDetails } from './get-stock-details.js';
import { saveStockLevel } from './save-stock-level.js';

export async function balanceRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['balance'];
  r.get(
    '/stockDetails',
    {
      schema: {
        tags,
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
  r.get(
    '/Inventory',
    {
      schema: {
        tags,
        summary:
          'The balance per product of a location (default the acting one) or of all locations in scope (all=true): pooling, commission, credit / owes (money only with the finance permission, else null), physical balance, in transit, expected, stock levels; 404 outside scope',
        querystring: ZInventoryQuery,
        response: { 200: ok(ZInventory) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getInventory(app.db, auth, locale, request.query) };
    },
  );
  r.get(
    '/BalanceLocations',
    {
      schema: {
        tags,
        summary: 'The locations whose balance the caller may read (its scope), the acting location first',
        response: { 200: ok(z.array(ZBalanceLocation)) },
      },
    },
    async (request) => ({ data: await findBalanceLocations(app.db, requireAuth(request)) }),
  );
  r.get(
    '/BalanceHistory',
    {
      schema: {
        tags,
        summary:
          'The ledger entries of one location and product from..to (yyyy-MM-dd) with the running balance after each, and the balance at from; 404 outside scope',
        querystring: ZBalanceHistoryQuery,
        response: { 200: ok(ZBalanceHistory) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getBalanceHistory(app.db, auth, locale, request.query) };
    },
  );
  r.get(
    '/StockLevels',
    {
      schema: {
        tags,
        summary: 'The stock levels of a location (default the acting one) with the balance each is measured against; 404 outside scope',
        querystring: ZStockLevelsQuery,
        response: { 200: ok(z.array(ZStockLevel)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await findStockLevels(app.db, auth, locale, request.query.locationId) };
    },
  );
  r.post(
    '/StockLevels',
    {
      schema: {
        tags,
        summary:
          'Set the lower and upper stock level of a product at a location (carriers, 0-100,000, lower <= upper; null clears, left out keeps); 404 outside scope',
        body: ZSaveStockLevelRequest,
        response: { 200: ok(ZStockLevel) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await saveStockLevel(app.db, auth, locale, request.body) };
    },
  );
}
