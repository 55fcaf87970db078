/**
 * Stock levels (issue 8, "Balance"; docs/domain.md, "Balance screen"): GET and POST StockLevels
 * (scope, validation, one transaction), and the stock-level mail: a posting that moves a
 * balance past a level mails each flagged user once, through the archive and a real SMTP
 * server; a second posting beyond it mails nobody; saving a level mails nobody.
 */
import { locales } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { renderStockLevelMail } from '../src/modules/balance/stock-level-mail.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { startTestMail, type TestSmtpServer, outboxIdle as waitForOutbox } from './smtp.js';

describe.each(backends)('stock levels (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const tokens: Record<'admin' | 'kari' | 'mikko', string> = { admin: '', kari: '', mikko: '' };
  let alnabru: number;
  let mikkoLocation: number;
  let kariEmail: string;
  let sendDate: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'mikko'] as const) tokens[name] = await ctx.login(name);
    alnabru = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id;
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: tokens.mikko })).body.data.id;
    kariEmail = String((await rows<{ email: string }>(ctx.database.db, sql`SELECT email FROM users WHERE login_name = 'kari'`))[0]?.email);
    // Only kari (who has it on in the demo data) takes the stock-level notification here.
    await ctx.database.db.execute(sql`UPDATE users SET notify_stock_level = (login_name = 'kari')`);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO', new Set(closures.map((c) => c.day)));
    // The portal's SMTP delivery (nodemailer and the outbox) to a real SMTP server.
    smtp = await startTestMail(ctx.database.db);
  });

  afterAll(async () => {
    await smtp?.close();
    await ctx.close();
  });

  const levels = (who: keyof typeof tokens, locationId = alnabru) =>
    ctx.call('GET', `/api/StockLevels?locationId=${locationId}`, { token: tokens[who] });
  const save = (who: keyof typeof tokens, body: Record<string, unknown>) =>
    ctx.call('POST', '/api/StockLevels', { token: tokens[who], body });
  const stockMails = async () =>
    rows<{ id: number; toAddress: string; subject: string; body: string; status: string }>(
      ctx.database.db,
      sql`SELECT id, to_address AS "toAddress", subject, body, status FROM email_archive WHERE topic = 'stockLevel' ORDER BY id`,
    );
  const held = async (locationId: number, productId: number) =>
    Number(
      (
        await rows<{ q: number }>(
          ctx.database.db,
          sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances
              WHERE location_id = ${locationId} AND product_id = ${productId} AND balance_kind IN ('pooling', 'commission')`,
        )
      )[0]?.q,
    );

  /** A purchase of `quantity` carriers to kari's location, through every step to 5 (it posts). */
  async function purchase(productId: number, quantity: number) {
    const placed = await ctx.call('POST', '/api/Orders', {
      token: tokens.kari,
      body: { transactionTypeId: 1, dateSend: sendDate, draft: false, lines: [{ productId, quantityOrdered: quantity }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.data.id;
    const step = (who: keyof typeof tokens, body: Record<string, unknown>) =>
      ctx.call('POST', '/api/OrderStatus', { token: tokens[who], body: { id, ...body } });
    expect((await step('admin', { transactionStatusId: 2 })).status).toBe(200);
    expect((await step('admin', { transactionStatusId: 3, lines: [{ productId, quantity }] })).status).toBe(200);
    expect((await step('admin', { transactionStatusId: 4, waybill: { carNumber: 'EL 20260' } })).status).toBe(200);
    const received = await step('kari', { transactionStatusId: 5 });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    return id;
  }

  /** Waits until the outbox has sent every queued mail (or 10 s). */
  const outboxIdle = () => waitForOutbox(ctx.database.db);

  it('lists the demo levels with the balance each is measured against, within, below and above, as the balance shows them', async () => {
    const answer = await levels('kari');
    expect(answer.status).toBe(200);
    const list = answer.body.data as {
      productId: number;
      lowerLevel: number | null;
      upperLevel: number | null;
      balance: number;
      state: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(new Set(list.map((l) => l.state))).toEqual(new Set(['within', 'below', 'above']));
    const inventory = (await ctx.call('GET', '/api/Inventory', { token: tokens.kari })).body.data;
    for (const level of list) {
      expect(level.balance).toBe(await held(alnabru, level.productId));
      const expected =
        level.lowerLevel !== null && level.balance < level.lowerLevel
          ? 'below'
          : level.upperLevel !== null && level.balance > level.upperLevel
            ? 'above'
            : 'within';
      expect(level.state).toBe(expected);
      const line = inventory.lines.find((l: { productId: number }) => l.productId === level.productId);
      expect(line).toMatchObject({ lowerLevel: level.lowerLevel, upperLevel: level.upperLevel, levelState: expected });
    }
    // The stored states agree with the balances, so the first crossing mails once.
    const [mismatch] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM stock_levels s WHERE s.state <> CASE
            WHEN s.lower_level IS NOT NULL AND COALESCE((SELECT sum(quantity) FROM balances b WHERE b.location_id = s.location_id
              AND b.product_id = s.product_id AND b.balance_kind IN ('pooling', 'commission')), 0) < s.lower_level THEN 'below'
            WHEN s.upper_level IS NOT NULL AND COALESCE((SELECT sum(quantity) FROM balances b WHERE b.location_id = s.location_id
              AND b.product_id = s.product_id AND b.balance_kind IN ('pooling', 'commission')), 0) > s.upper_level THEN 'above'
            ELSE 'within' END`,
    );
    expect(Number(mismatch?.n)).toBe(0);
  });

  it('refuses bad levels with a translated field message, another scope’s location with 404, and writes nothing', async () => {
    const before = await rows(ctx.database.db, sql`SELECT * FROM stock_levels ORDER BY location_id, product_id`);
    const productId = 1;
    const reversed = await save('kari', { locationId: alnabru, productId, lowerLevel: 300, upperLevel: 150 });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.upperLevel).toBe('Øvre nivå kan ikke være lavere enn nedre nivå');
    for (const bad of [100_001, -1, 1.5, '10', true]) {
      const answer = await save('kari', { locationId: alnabru, productId, lowerLevel: bad });
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.error.fields.lowerLevel).toBeDefined();
    }
    expect((await save('kari', { locationId: alnabru, productId: 99_999, lowerLevel: 10 })).body.error.fields.productId).toBeDefined();
    expect((await save('kari', { locationId: mikkoLocation, productId, lowerLevel: 10 })).status).toBe(404);
    expect((await save('mikko', { locationId: alnabru, productId, lowerLevel: 10 })).status).toBe(404);
    expect((await levels('mikko')).status).toBe(404);
    // Against the level already stored: a lower level above the stored upper one.
    const stored = (await levels('kari')).body.data.find((l: { upperLevel: number | null }) => l.upperLevel !== null);
    const above = await save('kari', { locationId: alnabru, productId: stored.productId, lowerLevel: stored.upperLevel + 15 });
    expect(above.status).toBe(400);
    expect(above.body.error.fields.lowerLevel).toBe('Øvre nivå kan ikke være lavere enn nedre nivå');
    expect(await rows(ctx.database.db, sql`SELECT * FROM stock_levels ORDER BY location_id, product_id`)).toEqual(before);
  });

  it('saves, keeps a level left out, clears one sent as null, and mails nobody, even for a level the balance is already past', async () => {
    const mailsBefore = (await stockMails()).length;
    const without = (await ctx.call('GET', '/api/Inventory', { token: tokens.kari })).body.data.lines.find(
      (l: { lowerLevel: number | null; upperLevel: number | null; poolingBalance: number; commissionBalance: number }) =>
        l.lowerLevel === null && l.upperLevel === null,
    );
    expect(without).toBeDefined();
    const balance = without.poolingBalance + without.commissionBalance;
    const lower = balance + 30;
    const saved = await save('kari', { locationId: alnabru, productId: without.productId, lowerLevel: lower, upperLevel: lower + 300 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      lowerLevel: lower,
      upperLevel: lower + 300,
      balance,
      state: 'below',
      updatedByUserName: 'Kari Nordmann',
    });
    const kept = await save('kari', { locationId: alnabru, productId: without.productId, upperLevel: null });
    expect(kept.body.data).toMatchObject({ lowerLevel: lower, upperLevel: null, state: 'below' });
    const cleared = await save('kari', { locationId: alnabru, productId: without.productId, lowerLevel: null });
    expect(cleared.body.data).toMatchObject({ lowerLevel: null, upperLevel: null, state: 'within', updatedAt: null });
    expect((await levels('kari')).body.data.some((l: { productId: number }) => l.productId === without.productId)).toBe(false);
    // A Location-level user sets the levels of a location of their own scope.
    expect((await save('mikko', { locationId: mikkoLocation, productId: without.productId, lowerLevel: 0, upperLevel: 40 })).status).toBe(
      200,
    );
    expect(await stockMails()).toHaveLength(mailsBefore);
  });

  it('a posting that moves the balance past a level mails each flagged user once, through SMTP; a second posting beyond it mails nobody', async () => {
    const products = (await ctx.call('GET', `/api/AvailableProducts?locationId=${alnabru}`, { token: tokens.kari })).body.data;
    const product = products.find((p: { name: string }) => p.name.startsWith('EUR')) ?? products[0];
    const balance = await held(alnabru, product.id);
    const step = product.qtyHeight as number;
    const set = await save('kari', { locationId: alnabru, productId: product.id, lowerLevel: 0, upperLevel: balance + step });
    expect(set.body.data.state).toBe('within');
    const mailsBefore = (await stockMails()).length;

    // Within -> above: one mail, in kari's language, to kari's address, received by the SMTP server.
    await purchase(product.id, 3 * step);
    expect(await held(alnabru, product.id)).toBe(balance + 3 * step);
    const mails = (await stockMails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.toAddress).toBe(kariEmail);
    expect(mail?.subject).toMatch(/^Høy beholdning: .+ på Fjordland Dagligvare Alnabru$/);
    expect(mail?.body).toContain(`over det øvre nivået på ${new Intl.NumberFormat('nb-NO').format(balance + step)}`);
    await outboxIdle();
    // The order's own mails go to the location's addresses; kari's address gets the stock-level mail only.
    const toKari = () => smtp.received.filter((m) => m.to.includes(kariEmail));
    expect(toKari().map((m) => m.to)).toEqual([[kariEmail]]);
    expect(toKari()[0]?.from).toBe('portal@example.test');
    expect(toKari()[0]?.raw).toMatch(/^Subject: /m);
    expect((await stockMails()).at(-1)?.status).toBe('sent');
    const [state] = await rows<{ state: string }>(
      ctx.database.db,
      sql`SELECT state FROM stock_levels WHERE location_id = ${alnabru} AND product_id = ${product.id}`,
    );
    expect(state?.state).toBe('above');

    // Still above after another posting: nothing more.
    await purchase(product.id, step);
    await outboxIdle();
    expect((await stockMails()).slice(mailsBefore)).toHaveLength(1);
    expect(toKari()).toHaveLength(1);

    // Raising the level returns the state within silently; the next crossing mails again.
    const raised = await save('kari', { locationId: alnabru, productId: product.id, upperLevel: balance + 5 * step });
    expect(raised.body.data.state).toBe('within');
    expect((await stockMails()).slice(mailsBefore)).toHaveLength(1);
    await purchase(product.id, 2 * step);
    await outboxIdle();
    expect((await stockMails()).slice(mailsBefore)).toHaveLength(2);
    expect(toKari()).toHaveLength(2);
  });
});

describe('the stock-level mail', () => {
  it('is written in all five languages, with the level passed and the balance', () => {
    for (const locale of locales) {
      const below = renderStockLevelMail(
        locale,
        { crossing: 'below', balance: 1200, lowerLevel: 1500, upperLevel: null },
        { product: 'EUR <A>', location: 'Alnabru', day: '2026-11-25' },
      );
      expect(below.subject, locale).toContain('Alnabru');
      expect(`${below.subject}\n${below.text}`, locale).not.toMatch(/mail\.stockLevel/);
      expect(below.text, locale).toContain(new Intl.NumberFormat(locale).format(1500));
      expect(below.html, locale).toContain('EUR &lt;A&gt;');
      const above = renderStockLevelMail(
        locale,
        { crossing: 'above', balance: 900, lowerLevel: 100, upperLevel: 800 },
        { product: 'EUR', location: 'Alnabru', day: '2026-11-25' },
      );
      expect(above.subject, locale).not.toBe(below.subject.replace('EUR <A>', 'EUR'));
    }
  });
});
