/**
 * Alerts of the bell (spec section 7: GET Alerts, POST MessageRead; with `source: 'Message'` the
 * call marks a published message read instead, modules/messages). Alerts are addressed to
 * a user or to every user of a location; read state is per user. A written alert (a System
 * notice) comes in the caller's language when it was written in it (alerts.texts).
 */
import { orderTargetRoute, ZAlert, ZMessageReadRequest } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { isoInstant, ok, typed } from '../http.js';
import { markMessageRead } from '../messages/mark-message-read.js';

export async function alertRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: 'The acting user’s alerts, newest first (polled every 30 s); written ones in the caller’s language',
        response: { 200: ok(z.array(ZAlert)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const list = await rows<{
        id: number;
        source: string;
        sourceId: number | null;
        title: string;
        text: string;
        createdAt: Date | string;
        read: boolean;
        mustRead: boolean;
        transactionStatusId: number | null;
        transactionTypeId: number | null;
        locationIdTo: number | null;
        invoiceType: string | null;
      }>(
        app.db,
        sql`SELECT a.id, a.source, a.source_id AS "sourceId",
              COALESCE(a.texts -> ${locale}::text ->> 'title', a.title) AS title,
              COALESCE(a.texts -> ${locale}::text ->> 'text', a.text) AS text, a.created_at AS "createdAt",
              (ar.alert_id IS NOT NULL) AS read, a.must_read AS "mustRead",
              o.transaction_status_id AS "transactionStatusId", o.transaction_type_id AS "transactionTypeId",
              o.location_id_to AS "locationIdTo", inv.invoice_type AS "invoiceType"
            FROM alerts a
            LEFT JOIN alert_reads ar ON ar.alert_id = a.id AND ar.user_id = ${auth.user.id}
            LEFT JOIN orders o ON a.source = 'Order' AND o.id = a.source_id
            LEFT JOIN invoices inv ON a.source = 'Invoice' AND inv.id = a.source_id
            WHERE a.user_id = ${auth.user.id} OR (a.user_id IS NULL AND a.location_id = ${auth.locationId ?? 0})
            ORDER BY a.created_at DESC, a.id DESC LIMIT 100`,
      );
      // A count's page is under My company: only those who may open it get a link (docs/domain.md, "Count audits").
      const opensCounts = auth.user.isCustomerAdmin || auth.user.isGlobalAdmin;
      return {
        data: list.map((a) => ({
          id: Number(a.id),
          source: a.source,
          sourceId: a.sourceId === null ? null : Number(a.sourceId),
          title: a.title,
          text: a.text,
          createdAt: isoInstant(a.createdAt) ?? '',
          data: { read: a.read, mustRead: a.mustRead },
          target:
            a.source === 'Order' && a.sourceId !== null && a.transactionStatusId !== null
              ? orderTargetRoute(
                  {
                    id: Number(a.sourceId),
                    transactionStatusId: a.transactionStatusId as never,
                    transactionTypeId: a.transactionTypeId as never,
                    locationIdTo: a.locationIdTo ?? 0,
                  },
                  auth.locationId,
                )
              : a.source === 'Invoice' && a.sourceId !== null && a.invoiceType !== null
                ? `reports/invoices/${a.invoiceType}/${a.sourceId}`
                : a.source === 'CountAudit' && a.sourceId !== null && opensCounts
                  ? `company/audit/${a.sourceId}`
                  : a.source === 'Support' && a.sourceId !== null
                    ? `support/tickets/${a.sourceId}`
                    : a.source === 'PalletReceipt' && a.sourceId !== null
                      ? `pallet-receipts/${a.sourceId}`
                      : a.source === 'ContainerOrder' && a.sourceId !== null
                        ? `containers/orders/${a.sourceId}`
                        : a.source === 'Rental' && a.sourceId !== null
                          ? `containers/rentals/${a.sourceId}`
                          : a.source === 'Dispute' && a.sourceId !== null
                            ? `disputes/${a.sourceId}`
                            : null,
        })),
      };
    },
  );
  r.post(
    '/MessageRead',
    {
      schema: {
        tags: ['alerts'],
        summary:
          'Mark an alert (source absent or Alert) or a published message (source Message: lifts a must-read block) read or unread for the acting user; 404 for one the user does not see',
        body: ZMessageReadRequest,
        response: { 200: ok(z.boolean()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, read, source } = request.body;
      if (source === 'Message') {
        await markMessageRead(app.db, auth, id, read);
        return { data: true };
      }
      const [alert] = await rows<{ id: number }>(
        app.db,
        sql`SELECT id FROM alerts WHERE id = ${id} AND (user_id = ${auth.user.id} OR (user_id IS NULL AND location_id = ${auth.locationId ?? 0}))`,
      );
      if (!alert) throw notFound();
      await app.db.execute(
        read
          ? sql`INSERT INTO alert_reads (alert_id, user_id) VALUES (${id}, ${auth.user.id}) ON CONFLICT DO NOTHING`
          : sql`DELETE FROM alert_reads WHERE alert_id = ${id} AND user_id = ${auth.user.id}`,
      );
      return { data: true };
    },
  );
}
