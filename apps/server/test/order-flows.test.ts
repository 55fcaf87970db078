/**
 * Every order flow end to end through the API (issue 3): each step by the party that makes
 * it, with the balances read before and after, and the ledger checked as a whole at the end.
 */
import type { Country } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { autoCommitDue } from '../src/modules/orders/auto-commit.js';
import { checkLedgerInvariant } from '../src/modules/orders/ledger.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface Line {
  productId: number;
  quantity: number;
}

describe.each(backends)('order flows (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  /** Acting locations of the demo users. */
  const at: Record<string, { id: number; customerId: number; countryId: Country }> = {};
  let sendDate: string;
  /** Ids of products: EUR new, EUR quality A, EUR quality B, half pallet A (names as seeded). */
  const product: Record<'eurNew' | 'eurA' | 'eurB' | 'halfA', number> = { eurNew: 0, eurA: 0, eurB: 0, halfA: 0 };
  let oslo: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'mikko']) {
      tokens[name] = await ctx.login(name);
      at[name] = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
    }
    const ids = await rows<{ id: number; name: string }>(ctx.database.db, sql`SELECT id, name FROM products`);
    const byName = (name: string) => Number(ids.find((p) => p.name === name)?.id);
    product.eurNew = byName('EUR pallet, new');
    product.eurA = byName('EUR pallet, quality A');
    product.eurB = byName('EUR pallet, quality B');
    product.halfA = byName('Half pallet, quality A');
    const [depot] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM locations WHERE name = 'Nordic Pallet Pool Oslo'`);
    oslo = Number(depot?.id);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO', new Set(closures.map((c) => c.day)));
  });

  afterAll(() => ctx.close());

  const balance = async (locationId: number, productId: number, balanceKind = 'pooling') =>
    (
      await rows<{ q: number }>(
        ctx.database.db,
        sql`SELECT quantity AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId} AND balance_kind = ${balanceKind}`,
      )
    )[0]?.q ?? 0;
  const ledgerCount = async (orderId: number) =>
    (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE order_id = ${orderId}`))[0]?.n ?? 0;
  const step = (who: string, body: Record<string, unknown>) => ctx.call('POST', '/api/OrderStatus', { token: tokens[who], body });
  const arrive = (who: string, id: number) => ctx.call('POST', '/api/OrderArrival', { token: tokens[who], body: { id } });
  const order = async (who: string, id: number) => (await ctx.call('GET', `/api/Orders/${id}`, { token: tokens[who] })).body.data;
  const place = async (who: string, body: Record<string, unknown>) => {
    const res = await ctx.call('POST', '/api/Orders', { token: tokens[who], body: { dateSend: sendDate, draft: false, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  type OrderLine = { productId: number; quantityOrdered: number; quantityPicked: number | null; quantityDelivered: number | null };
  const lineOf = (o: { transactions: OrderLine[] }, productId: number) =>
    o.transactions.find((l) => l.productId === productId) as OrderLine;

  it('a purchase goes 0 -> 1 -> 2 -> 3 -> 4 -> 5: picked volumes warn, the waybill is stored, the customer confirms and both balances move', async () => {
    const ole = at.ole as { id: number };
    const draft = await place('ole', {
      transactionTypeId: 1,
      draft: true,
      lines: [
        { productId: product.eurA, quantityOrdered: 150 },
        { productId: product.eurNew, quantityOrdered: 75 },
        { productId: product.halfA, quantityOrdered: 40 },
      ],
    });
    expect(draft.transactionStatusId).toBe(0);
    expect(draft.ids).toEqual([draft.id]);
    const id = draft.id;
    const depot = draft.locationIdFrom;
    expect((await step('ole', { id, transactionStatusId: 1 })).status).toBe(200);
    expect((await step('admin', { id, transactionStatusId: 2 })).status).toBe(200);

    // Picking: every line needs its picked quantity, in whole stacks.
    const missing = await step('admin', { id, transactionStatusId: 3, lines: [{ productId: product.eurA, quantity: 150 }] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.type).toBe('ORDER_STATUS');
    expect(missing.body.error.message).toContain('plukket antall mangler for EUR-pall');
    expect(Object.keys(missing.body.error.fields)).toEqual(['transactions.1.quantityPicked', 'transactions.2.quantityPicked']);
    const offStep = await step('admin', {
      id,
      transactionStatusId: 3,
      lines: [
        { productId: product.eurA, quantity: 150 },
        { productId: product.eurNew, quantity: 70 },
        { productId: product.halfA, quantity: 0 },
      ],
    });
    expect(offStep.status).toBe(400);
    expect(offStep.body.error.type).toBe('QUANTITY_STEP');
    expect(offStep.body.error.fields['lines.1.quantity']).toContain('15');
    expect((await order('admin', id)).transactionStatusId).toBe(2);

    const picked = await step('admin', {
      id,
      transactionStatusId: 3,
      lines: [
        { productId: product.eurA, quantity: 150 },
        { productId: product.eurNew, quantity: 45 },
        { productId: product.halfA, quantity: 0 },
      ],
    });
    expect(picked.status).toBe(200);
    expect(picked.body.data.transactionStatusId).toBe(3);
    expect(picked.body.data.warnings.map((w: { code: string; productId: number }) => [w.code, w.productId])).toEqual([
      ['pickedDeviation', product.eurNew],
      ['lineRemoved', product.halfA],
    ]);
    expect(picked.body.data.warnings[0].message).toMatch(/45 plukket, 75 bestilt/);
    expect(picked.body.data.transactions.map((l: { productId: number }) => l.productId).sort()).toEqual(
      [product.eurA, product.eurNew].sort(),
    );
    expect(picked.body.data.quantity).toBe(225);

    // Sending: the waybill needs a car number.
    const noWaybill = await step('admin', { id, transactionStatusId: 4 });
    expect(noWaybill.status).toBe(400);
    expect(noWaybill.body.error.fields['waybill.carNumber']).toBeDefined();
    const sent = await step('admin', {
      id,
      transactionStatusId: 4,
      waybill: { carNumber: 'EL 12345', trailer: 'EL 54321', cartman: 'Fjordfrakt AS', transporter: 'Fjordfrakt AS', sealing: 'S1234567' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      transactionStatusId: 4,
      carNumber: 'EL 12345',
      trailer: 'EL 54321',
      cartman: 'Fjordfrakt AS',
      sealing: 'S1234567',
    });

    const before = {
      depotA: await balance(depot, product.eurA),
      depotNew: await balance(depot, product.eurNew),
      oleA: await balance(ole.id, product.eurA),
      oleNew: await balance(ole.id, product.eurNew),
    };
    // Confirming other quantities than sent is a disagreement, not a confirmation.
    const other = await step('ole', { id, transactionStatusId: 5, lines: [{ productId: product.eurA, quantity: 135 }] });
    expect(other.status).toBe(400);
    expect(other.body.error.fields['lines.0.quantity']).toBe('Avviker fra sendt antall: meld uenighet i stedet');
    expect(await ledgerCount(id)).toBe(0);

    const received = await step('ole', { id, transactionStatusId: 5, lines: [{ productId: product.eurA, quantity: 150 }] });
    expect(received.status).toBe(200);
    expect(received.body.data.transactionStatusId).toBe(5);
    expect(lineOf(received.body.data, product.eurNew).quantityDelivered).toBe(45);
    expect(await balance(depot, product.eurA)).toBe(before.depotA - 150);
    expect(await balance(depot, product.eurNew)).toBe(before.depotNew - 45);
    expect(await balance(ole.id, product.eurA)).toBe(before.oleA + 150);
    expect(await balance(ole.id, product.eurNew)).toBe(before.oleNew + 45);
    expect(received.body.data.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a sale to a sorting depot is sorted by quality, disputed by the customer and resolved by the provider; only then balances move', async () => {
    const ole = at.ole as { id: number };
    const sale = await place('ole', {
      transactionTypeId: 2,
      locationIdTo: oslo,
      lines: [{ productId: product.eurA, quantityOrdered: 300 }],
    });
    const id = sale.id;
    expect(sale.transactionStatusId).toBe(1);
    expect((await step('admin', { id, transactionStatusId: 2 })).status).toBe(200);
    expect(
      (await step('admin', { id, transactionStatusId: 3, lines: [{ productId: product.eurA, quantity: 300 }] })).body.data.warnings,
    ).toEqual([]);
    // The customer hands the carriers over: the sender may register the waybill.
    expect((await step('ole', { id, transactionStatusId: 4, waybill: { carNumber: 'AB 11111' } })).status).toBe(200);

    // Only provider staff register arrivals; at a sorting depot the order waits for sorting.
    expect((await arrive('ole', id)).status).toBe(403);
    const arrived = await arrive('admin', id);
    expect(arrived.status).toBe(200);
    expect(arrived.body.data.transactionStatusId).toBe(9);
    expect((await arrive('admin', id)).status).toBe(409);
    const withLines = await step('admin', { id, transactionStatusId: 10, lines: [{ productId: product.eurA, quantity: 300 }] });
    expect(withLines.status).toBe(400);
    expect(withLines.body.error.fields.lines).toBe('Dette steget tar ikke imot antall');
    expect((await step('admin', { id, transactionStatusId: 10 })).status).toBe(200);

    const sortedLines: Line[] = [
      { productId: product.eurA, quantity: 240 },
      { productId: product.eurB, quantity: 45 },
    ];
    const sorted = await step('admin', { id, transactionStatusId: 12, lines: sortedLines });
    expect(sorted.status).toBe(200);
    expect(lineOf(sorted.body.data, product.eurA).quantityDelivered).toBe(240);
    expect(lineOf(sorted.body.data, product.eurB)).toMatchObject({ quantityOrdered: 0, quantityDelivered: 45, shallReturn: true });

    // 285 of 300 came back: a shortage, so "sorted, awaiting acceptance" is refused.
    const accept = await step('admin', { id, transactionStatusId: 13 });
    expect(accept.status).toBe(409);
    expect(accept.body.error.message).toBe('Kunne ikke sette ordrestatus: sorteringsresultatet har mangler; velg Sortert med mangler');
    expect((await step('admin', { id, transactionStatusId: 14 })).status).toBe(200);

    const before = {
      oleA: await balance(ole.id, product.eurA),
      oleB: await balance(ole.id, product.eurB),
      osloA: await balance(oslo, product.eurA),
      osloB: await balance(oslo, product.eurB),
    };
    const noComment = await step('ole', { id, transactionStatusId: 6 });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error.fields.comment).toBe('Skriv hvorfor du er uenig');
    const disputed = await step('ole', { id, transactionStatusId: 6, comment: 'We sent 300 quality A pallets.' });
    expect(disputed.status).toBe(200);
    expect(await ledgerCount(id)).toBe(0);
    expect(await balance(ole.id, product.eurA)).toBe(before.oleA);

    // The provider settles on 255 A and 45 B.
    const resolved = await step('admin', {
      id,
      transactionStatusId: 5,
      lines: [{ productId: product.eurA, quantity: 255 }],
      comment: 'Recounted.',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([1, 2, 3, 4, 9, 10, 12, 14, 6, 5]);
    expect(await balance(ole.id, product.eurA)).toBe(before.oleA - 255);
    expect(await balance(ole.id, product.eurB)).toBe(before.oleB - 45);
    expect(await balance(oslo, product.eurA)).toBe(before.osloA + 255);
    expect(await balance(oslo, product.eurB)).toBe(before.osloB + 45);
  });

  it('a delivery between customers waits for the receiver, who reports fewer pallets; the provider resolves the disagreement', async () => {
    const ole = at.ole as { id: number };
    const kari = at.kari as { id: number };
    const draft = await place('ole', {
      transactionTypeId: 3,
      locationIdTo: kari.id,
      draft: true,
      lines: [{ productId: product.eurA, quantityOrdered: 90 }],
    });
    const id = draft.id;
    const sent = await step('ole', { id, transactionStatusId: 4, waybill: { carNumber: 'CD 22222' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.carNumber).toBe('CD 22222');
    // The receiver is in the portal and does not auto-commit: it confirms.
    const arrived = await arrive('admin', id);
    expect(arrived.body.data.transactionStatusId).toBe(11);
    const before = { ole: await balance(ole.id, product.eurA), kari: await balance(kari.id, product.eurA) };

    const same = await step('kari', {
      id,
      transactionStatusId: 6,
      comment: 'Counted.',
      lines: [{ productId: product.eurA, quantity: 90 }],
    });
    expect(same.status).toBe(400);
    expect(same.body.error.fields.lines).toBe('Antallene er som sendt: bekreft ordren i stedet');
    const disagree = await step('kari', {
      id,
      transactionStatusId: 6,
      comment: 'Two pallets missing.',
      lines: [{ productId: product.eurA, quantity: 88 }],
    });
    expect(disagree.status).toBe(200);
    expect(lineOf(disagree.body.data, product.eurA).quantityDelivered).toBe(88);
    expect(await balance(kari.id, product.eurA)).toBe(before.kari);

    // The sender may not settle its own disagreement; the provider does, and the receiver's count stands.
    expect((await step('ole', { id, transactionStatusId: 5 })).status).toBe(403);
    const resolved = await step('admin', { id, transactionStatusId: 5 });
    expect(resolved.status).toBe(200);
    expect(await balance(ole.id, product.eurA)).toBe(before.ole - 88);
    expect(await balance(kari.id, product.eurA)).toBe(before.kari + 88);
    expect(resolved.body.data.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([0, 4, 11, 6, 5]);
  });

  it('a return to a sorting depot keeps the return choice of each line; another order refuses a choice and stores nothing', async () => {
    const [bergen] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM locations WHERE name = 'Nordic Pallet Pool Bergen'`);
    const returned = await place('ole', {
      transactionTypeId: 2,
      locationIdTo: oslo,
      lines: [
        { productId: product.eurA, quantityOrdered: 30, shallReturn: false },
        { productId: product.halfA, quantityOrdered: 40 },
      ],
    });
    const choices = (await order('ole', returned.id)).transactions.map((l: { productId: number; shallReturn: boolean | null }) => [
      l.productId,
      l.shallReturn,
    ]);
    expect(choices).toEqual(
      expect.arrayContaining([
        [product.eurA, false],
        [product.halfA, true],
      ]),
    );

    const count = async () => (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n;
    const before = await count();
    const refused = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 2,
        locationIdTo: Number(bergen?.id),
        dateSend: sendDate,
        draft: false,
        lines: [{ productId: product.eurA, quantityOrdered: 30, shallReturn: true }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['lines.0.shallReturn']).toBe('Returvalget gjelder bare returer til et sorteringsdepot');
    expect(await count()).toBe(before);
    const plain = await place('ole', {
      transactionTypeId: 2,
      locationIdTo: Number(bergen?.id),
      lines: [{ productId: product.eurA, quantityOrdered: 30 }],
    });
    expect((await order('ole', plain.id)).transactions[0].shallReturn).toBeNull();
  });

  it('a delivery the receiver does not confirm is committed by the system after the reception days, as sent', async () => {
    const ole = at.ole as { id: number };
    const kari = at.kari as { id: number };
    const placed = await place('ole', {
      transactionTypeId: 3,
      locationIdTo: kari.id,
      lines: [{ productId: product.eurA, quantityOrdered: 30 }],
    });
    const id = placed.id;
    expect((await arrive('admin', id)).body.data.transactionStatusId).toBe(11);
    const today = new Date().toISOString().slice(0, 10);

    // Within the reception days nothing happens to it, nor to the demo data's waiting orders.
    expect(await autoCommitDue(ctx.database.db, today)).toEqual({ fromWaitForConfirmation: 0, fromWaitForAccept: 0 });
    expect((await order('kari', id)).transactionStatusId).toBe(11);
    const before = { ole: await balance(ole.id, product.eurA), kari: await balance(kari.id, product.eurA) };

    // Once they have run out (the arrival moved back 30 days), the sent quantities are committed.
    await ctx.database.db.execute(
      sql`UPDATE order_status_history SET at = at - interval '30 days' WHERE order_id = ${id} AND to_status_id = 11`,
    );
    const result = await autoCommitDue(ctx.database.db, today);
    expect(result).toEqual({ fromWaitForConfirmation: 1, fromWaitForAccept: 0 });
    const committed = await order('kari', id);
    expect(committed.transactionStatusId).toBe(5);
    expect(committed.history.at(-1)).toMatchObject({ fromStatusId: 11, toStatusId: 5, userName: null });
    expect(await balance(ole.id, product.eurA)).toBe(before.ole - 30);
    expect(await balance(kari.id, product.eurA)).toBe(before.kari + 30);
    // A second run finds nothing more to do for it.
    await autoCommitDue(ctx.database.db, today);
    expect(await ledgerCount(id)).toBe(2);
  });

  it('a delivery to an external location posts at the sender only, as commission, and is listed among external orders', async () => {
    const ole = at.ole as { id: number; customerId: number };
    const [external] = await rows<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO external_locations (customer_id, name, location_number, country_id, street, postal_code, postal_name)
          VALUES (${ole.customerId}, 'Bryggerikunden Drammen', 'EXT-FLOW-1', 'NO', 'Havnegata 1', '3015', 'Drammen') RETURNING id`,
    );
    const externalId = Number(external?.id);
    const purchase = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 1,
        externalLocationIdTo: externalId,
        dateSend: sendDate,
        draft: true,
        lines: [{ productId: product.eurA, quantityOrdered: 15 }],
      },
    });
    expect(purchase.status).toBe(400);
    expect(purchase.body.error.fields.externalLocationIdTo).toBe('Bare en levering kan gå til en ekstern lokasjon');

    const delivery = await place('ole', {
      transactionTypeId: 3,
      externalLocationIdTo: externalId,
      lines: [{ productId: product.eurA, quantityOrdered: 30 }],
    });
    expect(delivery).toMatchObject({
      transactionStatusId: 4,
      locationIdTo: null,
      locationNameTo: 'Bryggerikunden Drammen',
      isReceiverRegistered: false,
    });
    const listed = await ctx.call('GET', `/api/ExternalOrders?locationId=${ole.id}&count=100`, { token: tokens.ole });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((o: { id: number }) => o.id)).toContain(delivery.id);
    expect(listed.body.data.items.every((o: { locationIdTo: number | null }) => o.locationIdTo === null)).toBe(true);
    expect((await ctx.call('GET', `/api/ExternalOrders?locationId=${ole.id}`, { token: tokens.kari })).body.data.items).toEqual([]);

    const before = { commission: await balance(ole.id, product.eurA, 'commission'), pooling: await balance(ole.id, product.eurA) };
    const arrived = await arrive('admin', delivery.id);
    expect(arrived.body.data.transactionStatusId).toBe(5);
    expect(await balance(ole.id, product.eurA, 'commission')).toBe(before.commission - 30);
    expect(await balance(ole.id, product.eurA)).toBe(before.pooling);
    const entries = await rows<{ locationId: number; quantity: number }>(
      ctx.database.db,
      sql`SELECT location_id AS "locationId", quantity FROM ledger_entries WHERE order_id = ${delivery.id}`,
    );
    expect(entries).toEqual([{ locationId: ole.id, quantity: -30 }]);
  });

  it('refused transitions and refused data change nothing', async () => {
    const kari = at.kari as { id: number };
    const delivery = await place('ole', {
      transactionTypeId: 3,
      locationIdTo: kari.id,
      lines: [{ productId: product.eurA, quantityOrdered: 15 }],
    });
    const id = delivery.id;
    const attempts = [
      // the sender confirming its own delivery: a receiver's step
      { who: 'ole', body: { id, transactionStatusId: 5 }, status: 403 },
      // 4 -> 9 is the system's (OrderArrival), not anyone's choice
      { who: 'admin', body: { id, transactionStatusId: 9 }, status: 403 },
      // no such step
      { who: 'admin', body: { id, transactionStatusId: 2 }, status: 409 },
      // already there
      { who: 'admin', body: { id, transactionStatusId: 4 }, status: 409 },
      // a stale version
      { who: 'kari', body: { id, transactionStatusId: 5, version: delivery.version - 1 }, status: 409 },
      // bad input: a negative quantity, a step that takes no lines
      { who: 'kari', body: { id, transactionStatusId: 5, lines: [{ productId: product.eurA, quantity: -15 }] }, status: 400 },
      // a product that is not on the order
      { who: 'kari', body: { id, transactionStatusId: 6, comment: 'x', lines: [{ productId: product.eurB, quantity: 15 }] }, status: 400 },
      // someone the order is not addressed to
      { who: 'mikko', body: { id, transactionStatusId: 5 }, status: 404 },
    ];
    for (const attempt of attempts) {
      const res = await step(attempt.who, attempt.body);
      expect(res.status, `${attempt.who} ${JSON.stringify(attempt.body)}: ${JSON.stringify(res.body)}`).toBe(attempt.status);
    }
    const stale = await step('kari', { id, transactionStatusId: 5, version: delivery.version - 1 });
    expect(stale.body.error.type).toBe('CONFLICT');
    const negative = await step('kari', { id, transactionStatusId: 5, lines: [{ productId: product.eurA, quantity: -15 }] });
    expect(negative.body.error.fields['lines.0.quantity']).toBeDefined();
    const after = await order('admin', id);
    expect(after.transactionStatusId).toBe(4);
    expect(after.version).toBe(delivery.version);
    expect(after.history).toHaveLength(1);
    expect(lineOf(after, product.eurA).quantityDelivered).toBeNull();
    expect(await ledgerCount(id)).toBe(0);
  });

  it('of two users changing one order at once, one wins and the other gets 409', async () => {
    const a = await place('ole', { transactionTypeId: 1, lines: [{ productId: product.eurA, quantityOrdered: 15 }] });
    const same = await Promise.all([
      step('admin', { id: a.id, transactionStatusId: 2 }),
      step('admin', { id: a.id, transactionStatusId: 2 }),
    ]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(same.find((r) => r.status === 409)?.body.error.message).toBe(
      'Kunne ikke sette ordrestatus: ordren har allerede status Bekreftet',
    );

    // Both saw version v: the provider confirms while the customer cancels.
    const b = await place('ole', { transactionTypeId: 1, lines: [{ productId: product.eurA, quantityOrdered: 15 }] });
    const raced = await Promise.all([
      step('admin', { id: b.id, transactionStatusId: 2, version: b.version }),
      step('ole', { id: b.id, transactionStatusId: 7, version: b.version, comment: 'Not needed after all.' }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(raced.find((r) => r.status === 409)?.body.error.type).toBe('CONFLICT');
    const final = await order('admin', b.id);
    const winner = raced.find((r) => r.status === 200)?.body.data.transactionStatusId;
    expect(final.transactionStatusId).toBe(winner);
    expect(final.version).toBe(b.version + 1);
    expect(final.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([1, winner]);
  });

  it('places copies of an order in one go', async () => {
    const before = (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n ?? 0;
    const copies = await place('ole', {
      transactionTypeId: 1,
      draft: true,
      copies: 3,
      referenceOwn: 'COPY-1',
      lines: [{ productId: product.eurA, quantityOrdered: 30 }],
    });
    expect(copies.ids).toHaveLength(3);
    expect(copies.ids[0]).toBe(copies.id);
    const listed = await ctx.call('GET', `/api/Orders?ids=${copies.ids.join(',')}`, { token: tokens.ole });
    expect(listed.body.data.items).toHaveLength(3);
    expect(
      listed.body.data.items.every((o: { referenceOwn: string; quantity: number }) => o.referenceOwn === 'COPY-1' && o.quantity === 30),
    ).toBe(true);

    const tooMany = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 1,
        dateSend: sendDate,
        draft: true,
        copies: 51,
        lines: [{ productId: product.eurA, quantityOrdered: 15 }],
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.copies).toBe('Velg 1 til 50 kopier');
    // A refused order writes none of its copies.
    const bad = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: { transactionTypeId: 1, dateSend: sendDate, draft: true, copies: 5, lines: [{ productId: product.eurA, quantityOrdered: 16 }] },
    });
    expect(bad.status).toBe(400);
    const after = (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n ?? 0;
    expect(after).toBe(before + 3);
  });

  it('sends drafts in bulk, each on its own, and says why one could not be sent', async () => {
    const good = await place('ole', { transactionTypeId: 2, draft: true, lines: [{ productId: product.eurA, quantityOrdered: 15 }] });
    const delivery = await place('ole', {
      transactionTypeId: 3,
      locationIdTo: (at.kari as { id: number }).id,
      draft: true,
      lines: [{ productId: product.eurA, quantityOrdered: 15 }],
    });
    const past = await place('ole', {
      transactionTypeId: 1,
      draft: true,
      dateSend: '2020-01-06',
      lines: [{ productId: product.eurA, quantityOrdered: 15 }],
    });
    const [foreign] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE transaction_status_id = 0 AND location_id_from <> ${(at.ole as { id: number }).id}
            AND COALESCE(location_id_to, 0) <> ${(at.ole as { id: number }).id} LIMIT 1`,
    );
    const ids = [good.id, past.id, delivery.id, Number(foreign?.id), good.id + 0];
    const duplicate = await ctx.call('POST', '/api/OrdersSend', { token: tokens.ole, body: { ids } });
    expect(duplicate.status).toBe(400);

    const res = await ctx.call('POST', '/api/OrdersSend', { token: tokens.ole, body: { ids: ids.slice(0, 4) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: good.id, ok: true, transactionStatusId: 1 },
      { id: past.id, ok: false, type: 'CLOSED_DAY', error: '06.01.2020 er ikke en åpen dag.' },
      { id: delivery.id, ok: true, transactionStatusId: 4 },
      { id: Number(foreign?.id), ok: false, type: 'NOT_FOUND', error: 'Ikke funnet.' },
    ]);
    expect((await order('ole', past.id)).transactionStatusId).toBe(0);
    const again = await ctx.call('POST', '/api/OrdersSend', { token: tokens.ole, body: { ids: [good.id] } });
    expect(again.body.data[0]).toMatchObject({
      ok: false,
      type: 'ORDER_STATUS',
      error: 'Kunne ikke sette ordrestatus: ordren er ikke lenger et utkast',
    });
  });

  it('shows a location’s stock from the running balances, with carriers in transit apart', async () => {
    const ole = at.ole as { id: number };
    const res = await ctx.call('GET', `/api/stockDetails?locationId=${ole.id}`, { token: tokens.ole });
    expect(res.status).toBe(200);
    const stored = await rows<{ productId: number; balanceKind: string; quantity: number }>(
      ctx.database.db,
      sql`SELECT product_id AS "productId", balance_kind AS "balanceKind", quantity FROM balances WHERE location_id = ${ole.id} ORDER BY 1, 2`,
    );
    expect(res.body.data.balances.map(({ productName, ...b }: { productName: string }) => b)).toEqual(
      stored.map((b) => ({ ...b, productId: Number(b.productId) })),
    );
    expect(res.body.data.balances.every((b: { productName: string }) => b.productName.length > 0)).toBe(true);
    const transit = await rows<{ productId: number; incoming: number; outgoing: number }>(
      ctx.database.db,
      sql`SELECT ol.product_id AS "productId",
            COALESCE(sum(COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered)) FILTER (WHERE o.location_id_to = ${ole.id}), 0)::int AS incoming,
            COALESCE(sum(COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered)) FILTER (WHERE o.location_id_from = ${ole.id}), 0)::int AS outgoing
          FROM orders o JOIN order_lines ol ON ol.order_id = o.id
          WHERE o.transaction_status_id IN (3, 4, 9, 10, 11, 12, 13, 14) AND ${ole.id} IN (o.location_id_from, o.location_id_to)
          GROUP BY 1 HAVING sum(COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered)) <> 0 ORDER BY 1`,
    );
    expect(res.body.data.inTransit.map(({ productName, ...t }: { productName: string }) => t)).toEqual(
      transit.map((t) => ({ ...t, productId: Number(t.productId) })),
    );
    // Without a location: the acting one. Another customer's location answers as if it did not exist.
    expect((await ctx.call('GET', '/api/stockDetails', { token: tokens.ole })).body.data.locationId).toBe(ole.id);
    expect((await ctx.call('GET', `/api/stockDetails?locationId=${(at.kari as { id: number }).id}`, { token: tokens.ole })).status).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/stockDetails?locationId=abc', { token: tokens.ole })).status).toBe(400);
  });

  it('a user without the task of a step is refused, and so is a receiver without RECEPTION', async () => {
    const ole = at.ole as { id: number };
    const purchase = await place('ole', { transactionTypeId: 1, lines: [{ productId: product.eurA, quantityOrdered: 15 }] });
    const id = purchase.id;
    await step('admin', { id, transactionStatusId: 2 });
    await step('admin', { id, transactionStatusId: 3, lines: [{ productId: product.eurA, quantity: 15 }] });
    await step('admin', { id, transactionStatusId: 4, waybill: { carNumber: 'EF 33333' } });
    const arrived = await arrive('admin', id);
    expect(arrived.body.data.transactionStatusId).toBe(11);

    const [user] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = 'ole'`);
    await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = ${user?.id} AND task = 'RECEPTION'`);
    try {
      const refused = await step('ole', { id, transactionStatusId: 5 });
      expect(refused.status).toBe(403);
      expect(refused.body.error.type).toBe('FORBIDDEN');
      expect((await order('ole', id)).transactionStatusId).toBe(11);
    } finally {
      await ctx.database.db.execute(sql`INSERT INTO user_tasks (user_id, task) VALUES (${user?.id}, 'RECEPTION')`);
    }
    const before = await balance(ole.id, product.eurA);
    expect((await step('ole', { id, transactionStatusId: 5 })).status).toBe(200);
    expect(await balance(ole.id, product.eurA)).toBe(before + 15);
  });

  it('computes the fill degree of an order and of unsaved lines', async () => {
    const unsaved = await ctx.call('GET', `/api/OrderFill?truckTypeId=1&lines=${product.eurA}:330,${product.halfA}:40`, {
      token: tokens.ole,
    });
    expect(unsaved.status).toBe(200);
    // 22 EUR stacks + 2 half-pallet stacks on 33 places.
    expect(unsaved.body.data).toEqual({ truckTypeId: 1, stacks: 24, capacity: 33, fill: 0.7273 });
    const saved = await place('ole', {
      transactionTypeId: 1,
      draft: true,
      truckTypeId: 2,
      lines: [{ productId: product.eurA, quantityOrdered: 180 }],
    });
    const byId = await ctx.call('GET', `/api/OrderFill?id=${saved.id}`, { token: tokens.ole });
    expect(byId.body.data).toEqual({ truckTypeId: 2, stacks: 12, capacity: 36, fill: 0.3333 });
    expect((await ctx.call('GET', `/api/OrderFill?id=${saved.id}`, { token: tokens.mikko })).status).toBe(404);
    const bad = await ctx.call('GET', '/api/OrderFill?lines=abc', { token: tokens.ole });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.lines).toBe('Skriv linjer som produkt-id:antall skilt med komma');
  });

  it('offers the other parties of an order: active, never the current location, each once, of the allowed types', async () => {
    const ole = at.ole as { id: number };
    const depots = (await ctx.call('GET', '/api/locations?transactiontype=1', { token: tokens.ole })).body.data;
    expect(depots.length).toBeGreaterThan(0);
    expect(depots.every((l: { typeId: string; statusId: number }) => l.typeId === 'NLP' && l.statusId === 1)).toBe(true);
    const partners = (await ctx.call('GET', '/api/locations?transactiontype=3', { token: tokens.ole })).body.data;
    const ids = partners.map((l: { id: number }) => l.id);
    expect(ids).not.toContain(ole.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(partners.every((l: { typeId: string; statusId: number }) => l.typeId !== 'NLP' && l.statusId === 1)).toBe(true);
    const [blocked] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM locations WHERE status_id <> 1 AND id IN (${sql.join(
        ids.map((i: number) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(blocked?.n).toBe(0);
  });

  it('the ledger check notices a running balance that differs from its entries', async () => {
    const [row] = await rows<{ locationId: number; productId: number; balanceKind: string }>(
      ctx.database.db,
      sql`SELECT location_id AS "locationId", product_id AS "productId", balance_kind AS "balanceKind" FROM balances LIMIT 1`,
    );
    const where = sql`location_id = ${row?.locationId} AND product_id = ${row?.productId} AND balance_kind = ${row?.balanceKind}`;
    await ctx.database.db.execute(sql`UPDATE balances SET quantity = quantity + 1 WHERE ${where}`);
    try {
      expect(await checkLedgerInvariant(ctx.database.db)).toEqual([
        expect.objectContaining({ problem: 'balanceDiffers', locationId: row?.locationId, productId: row?.productId }),
      ]);
    } finally {
      await ctx.database.db.execute(sql`UPDATE balances SET quantity = quantity - 1 WHERE ${where}`);
    }
    expect(await checkLedgerInvariant(ctx.database.db)).toEqual([]);
  });

  it('documents the new calls in OpenAPI with their tags', async () => {
    const { body } = await ctx.call('GET', '/api/docs/json');
    const expected: [string, 'get' | 'post', string][] = [
      ['/api/OrderStatus', 'post', 'orders'],
      ['/api/OrderArrival', 'post', 'orders'],
      ['/api/OrdersSend', 'post', 'orders'],
      ['/api/ExternalOrders', 'get', 'orders'],
      ['/api/OrderFill', 'get', 'orders'],
      ['/api/stockDetails', 'get', 'balance'],
    ];
    for (const [path, method, tag] of expected) {
      expect(body.paths[path]?.[method]?.tags, path).toEqual([tag]);
      expect(body.paths[path]?.[method]?.summary, path).toBeTruthy();
    }
  });

  it('keeps temporary addresses and refuses prices from customers', async () => {
    const withAddress = await place('ole', {
      transactionTypeId: 1,
      draft: true,
      tempAddress: { name: 'Festivalplassen', street: 'Tollbugata 2', postalCode: '0152', postalName: 'Oslo', countryId: 'NO' },
      lines: [{ productId: product.eurA, quantityOrdered: 15 }],
    });
    expect(withAddress.addressTo).toMatchObject({ name: 'Festivalplassen', street: 'Tollbugata 2', postalCode: '0152' });
    const badCode = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 1,
        dateSend: sendDate,
        draft: true,
        tempAddress: { name: 'X', street: 'Y', postalCode: '12345', postalName: 'Z', countryId: 'NO' },
        lines: [{ productId: product.eurA, quantityOrdered: 15 }],
      },
    });
    expect(badCode.body.error.fields['tempAddress.postalCode']).toBe('Postnummeret passer ikke til landet');
    const priced = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 1,
        dateSend: sendDate,
        draft: true,
        price: 100,
        lines: [{ productId: product.eurA, quantityOrdered: 15 }],
      },
    });
    expect(priced.status).toBe(400);
    expect(priced.body.error.fields.price).toBe('Bare leverandøren kan sette priser');
  });
});
