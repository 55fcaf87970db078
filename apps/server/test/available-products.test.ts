/**
 * GET AvailableProducts with the order's receiver (spec section 7; section 5: "Product not
 * allowed at the location gives an invalid-location message"): the order dialog offers only the
 * products both ends allow, so what it offers POST Orders accepts, and what it leaves out is what
 * POST Orders would refuse. Provider staff may order any product (spec section 6).
 */
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('products offered for an order to a receiver (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let kariLocation: number;
  /** A delivery receiver of kari's that takes only some of kari's products, and one it does not take. */
  let receiver: { id: number; takes: number[]; refused: number };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    kari = await ctx.login('kari');
    kariLocation = (await ctx.call('GET', '/api/location', { token: kari })).body.data.id;
    const partners = (await ctx.call('GET', '/api/locations?transactiontype=3', { token: kari })).body.data as { id: number }[];
    const found = await rows<{ id: number; takes: number[]; refused: number }>(
      ctx.database.db,
      sql`SELECT r.location_id AS id, array_agg(DISTINCT r.product_id ORDER BY r.product_id) AS takes,
                 min(own.product_id) FILTER (WHERE NOT EXISTS (
                   SELECT 1 FROM location_products x WHERE x.location_id = r.location_id AND x.product_id = own.product_id)) AS refused
            FROM location_products r JOIN location_products own ON own.location_id = ${kariLocation}
           WHERE r.location_id IN (${sql.join(
             partners.map((p) => sql`${p.id}`),
             sql`, `,
           )})
           GROUP BY r.location_id
          HAVING min(own.product_id) FILTER (WHERE NOT EXISTS (
                   SELECT 1 FROM location_products x WHERE x.location_id = r.location_id AND x.product_id = own.product_id)) IS NOT NULL
           ORDER BY r.location_id LIMIT 1`,
    );
    expect(found[0], 'a receiver that takes fewer products than kari has').toBeDefined();
    receiver = { id: Number(found[0]?.id), takes: (found[0]?.takes ?? []).map(Number), refused: Number(found[0]?.refused) };
  });
  afterAll(() => ctx.close());

  const offered = async (token: string, query: string) => {
    const { status, body } = await ctx.call('GET', `/api/AvailableProducts?${query}`, { token });
    expect(status).toBe(200);
    return body.data as { id: number; qtyHeight: number }[];
  };
  const delivery = (productId: number, quantity: number) => ({
    transactionTypeId: 3,
    locationIdFrom: kariLocation,
    locationIdTo: receiver.id,
    dateSend: nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO'),
    lines: [{ productId, quantityOrdered: quantity }],
    draft: true,
  });

  it('offers only the products both ends allow, and POST Orders accepts each of them', async () => {
    const own = await offered(kari, `locationId=${kariLocation}`);
    expect(own.map((p) => p.id)).toContain(receiver.refused);
    const both = await offered(kari, `locationId=${kariLocation}&locationIdTo=${receiver.id}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.map((p) => p.id)).not.toContain(receiver.refused);
    expect(both.map((p) => p.id)).toEqual(own.map((p) => p.id).filter((id) => receiver.takes.includes(id)));
    for (const product of both) {
      const saved = await ctx.call('POST', '/api/Orders', { token: kari, body: delivery(product.id, product.qtyHeight) });
      expect(saved.status, `product ${product.id}`).toBe(200);
    }
  });

  it('leaves out exactly what POST Orders refuses', async () => {
    const refused = (await offered(kari, `locationId=${kariLocation}`)).find((p) => p.id === receiver.refused);
    const saved = await ctx.call('POST', '/api/Orders', { token: kari, body: delivery(receiver.refused, refused?.qtyHeight ?? 1) });
    expect(saved.status).toBe(400);
    expect(saved.body.error.type).toBe('INVALID_LOCATION');
  });

  it('offers provider staff every product of the location, as they may order any', async () => {
    const admin = await ctx.login('admin');
    const all = await offered(admin, `locationId=${kariLocation}`);
    expect(await offered(admin, `locationId=${kariLocation}&locationIdTo=${receiver.id}`)).toEqual(all);
  });
});
