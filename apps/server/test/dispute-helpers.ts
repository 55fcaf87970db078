/**
 * What the dispute tests share (disputes*.test.ts; docs/disputes.md): the demo's people (kari at
 * Fjordland Dagligvare Alnabru opens disputes; ole at Tinde Bryggeri Lørenskog, or provider staff
 * for a depot, answers; lise at a Swedish store sees none of it), received orders to dispute, and
 * the calls and reads the tests repeat.
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { expect } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { openTestContext, type TestContext } from './helpers.js';

/** The demo's users read Norwegian; their locations are in Norway. */
export const nb = translator('nb-NO');
/** Today in Norway: booking days and deadlines count there. */
export const today = () => todayIn('NO');

/** A received order to dispute and one product of it with what is in force at its receiver. */
export interface OrderToDispute {
  id: number;
  fromId: number;
  toId: number;
  productId: number;
  quantity: number;
  booked: string;
}

/** A test context with the dispute people signed in, and the helpers of the file comment. */
export interface DisputeWorld {
  ctx: TestContext;
  tokens: Record<'admin' | 'kari' | 'ole' | 'lise', string>;
  ole: number;
  kari: number;
  /**
   * A received order between kari's location and ole's (`partner` 'ole') or ole's or a provider
   * depot, booked `minDays`..`maxDays` ago with no unended dispute, and a product of it with at
   * least 3 carriers in force at its receiver.
   */
  order(minDays?: number, maxDays?: number, partner?: 'ole' | 'any'): Promise<OrderToDispute>;
  /** Who answers for the side of `o` other than kari's: ole, or provider staff for a depot. */
  other(o: { fromId: number; toId: number }): string;
  /** Sum of a location's balance of a product, both kinds. */
  balance(locationId: number, productId: number): Promise<number>;
  /** The ledger entries of a dispute, by location. */
  entries(disputeId: number): Promise<{ locationId: number; quantity: number; bookingDate: string; source: string }[]>;
  open(token: string, body: Record<string, unknown>): ReturnType<TestContext['call']>;
  answer(token: string, body: Record<string, unknown>): ReturnType<TestContext['call']>;
  /** kari disputes order `o`: `quantity` (default 2 fewer) instead of what it moved of its product; answers the dispute. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read any answer's body loosely
  kariOpens(o: OrderToDispute, quantity?: number, extra?: Record<string, unknown>): Promise<any>;
}

/** Opens a test context on `kind` and signs the dispute people in. */
export async function openDisputeWorld(kind: 'pglite' | 'postgres'): Promise<DisputeWorld> {
  const ctx = await openTestContext(kind);
  const db = ctx.database.db;
  const tokens = { admin: '', kari: '', ole: '', lise: '' };
  for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = await ctx.login(login);
  const locationOf = async (token: string) => Number((await ctx.call('GET', '/api/location', { token })).body.data.id);
  const ole = await locationOf(tokens.ole);
  const kari = await locationOf(tokens.kari);
  const open = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/Disputes', { token, body });
  return {
    ctx,
    tokens,
    ole,
    kari,
    async order(minDays = 0, maxDays = 25, partner = 'any') {
      const other =
        partner === 'ole'
          ? sql`= ${ole}`
          : sql`IN (SELECT l.id FROM locations l JOIN customers c ON c.id = l.customer_id WHERE c.is_provider OR l.id = ${ole})`;
      const [found] = await rows<OrderToDispute>(
        db,
        sql`SELECT o.id, o.location_id_from AS "fromId", o.location_id_to AS "toId", e.product_id AS "productId",
              sum(e.quantity)::int AS quantity, min(e.booking_date)::text AS booked
            FROM orders o JOIN ledger_entries e ON e.location_id = o.location_id_to
              AND (e.order_id = o.id OR e.dispute_id IN (SELECT id FROM disputes WHERE order_id = o.id))
            WHERE o.transaction_status_id = 5
              AND ((o.location_id_from ${other} AND o.location_id_to = ${kari}) OR (o.location_id_from = ${kari} AND o.location_id_to ${other}))
              AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id AND d.status IN ('open', 'rejected'))
              AND EXISTS (SELECT 1 FROM ledger_entries b WHERE b.order_id = o.id
                AND b.booking_date BETWEEN ${addPlainDays(today(), -maxDays)}::date AND ${addPlainDays(today(), -minDays)}::date)
            GROUP BY 1, 2, 3, 4 HAVING sum(e.quantity) >= 3
            ORDER BY min(e.booking_date) DESC, o.id DESC, e.product_id LIMIT 1`,
      );
      if (!found) throw new Error(`no order booked ${minDays}-${maxDays} days ago left`);
      return { ...found, id: Number(found.id), fromId: Number(found.fromId), toId: Number(found.toId), productId: Number(found.productId) };
    },
    other: (o) => (o.fromId === ole || o.toId === ole ? tokens.ole : tokens.admin),
    async balance(locationId, productId) {
      const [row] = await rows<{ q: number }>(
        db,
        sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId}`,
      );
      return Number(row?.q);
    },
    entries: (disputeId) =>
      rows(
        db,
        sql`SELECT location_id AS "locationId", quantity, booking_date::text AS "bookingDate", source FROM ledger_entries
            WHERE dispute_id = ${disputeId} ORDER BY location_id`,
      ),
    open,
    answer: (token, body) => ctx.call('POST', '/api/DisputeAnswer', { token, body }),
    async kariOpens(o, quantity = o.quantity - 2, extra = {}) {
      const opened = await open(tokens.kari, {
        orderId: o.id,
        problem: 'quantity',
        comment: 'Our goods receipt counted fewer',
        lines: [{ productId: o.productId, quantity }],
        ...extra,
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      return opened.body.data;
    },
  };
}
