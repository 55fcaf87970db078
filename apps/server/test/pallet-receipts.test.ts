/**
 * Pallet receipts (issue 11; docs/pallet-receipts.md): ole writes a receipt at his brewery's dock
 * with kari's location as the counterparty; who sees it (scope, the counterparty's side, 404 for
 * anyone else, 403 without the dock's tasks); both signatures make it final and post it once; the
 * QR link's public summary and answers (confirm once, object, nothing of another receipt); the
 * provider's decision; the job after the reception days; the log, the counterparty lookup, the
 * PDF in Norwegian and Finnish, and the inventory variant's count audit. The ledger invariant is
 * checked after every test (helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { signaturePng } from '../src/db/seed/pallet-receipts.js';
import { Rng } from '../src/db/seed/random.js';
import { finalizeDueReceipts } from '../src/modules/pallet-receipts/finalize-due-receipts.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { pdfText } from './pdf-text.js';

const png = `data:image/png;base64,${signaturePng(new Rng(7)).toString('base64')}`;

describe.each(backends)('pallet receipts (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'lise', string> = { admin: '', kari: '', ole: '', lise: '' };
  let oleLocation: number;
  let kariLocation: number;
  let liseLocation: number;
  let products: number[];
  let containerProduct: number | null;

  const db = () => ctx.database.db;
  const balance = async (locationId: number, productId: number) =>
    Number(
      (
        await rows<{ q: number }>(
          db(),
          sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId}`,
        )
      )[0]?.q,
    );
  const entries = async (id: number) =>
    Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ledger_entries WHERE pallet_receipt_id = ${id}`))[0]?.n);
  const write = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/PalletReceipts', { token, body });
  const handover = (extra: Record<string, unknown> = {}) => ({
    locationId: oleLocation,
    counterpartyLocationId: kariLocation,
    haulier: 'Bring Cargo',
    carNumber: 'EL 12345',
    lines: [
      { productId: products[0], delivered: 10, returned: 4 },
      { productId: products[1], delivered: 0, returned: 3 },
    ],
    ...extra,
  });
  const tokenOf = (qrUrl: string) => qrUrl.slice(qrUrl.lastIndexOf('/') + 1);

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const login of ['admin', 'kari', 'ole', 'lise'] as const) tokens[login] = await ctx.login(login);
    oleLocation = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data.id;
    kariLocation = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id;
    liseLocation = (await ctx.call('GET', '/api/location', { token: tokens.lise })).body.data.id;
    products = (
      await rows<{ id: number }>(
        db(),
        sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND NOT ct.is_container ORDER BY p.id LIMIT 2`,
      )
    ).map((p) => Number(p.id));
    const [container] = await rows<{ id: number }>(
      db(),
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND ct.is_container ORDER BY p.id LIMIT 1`,
    );
    containerProduct = container ? Number(container.id) : null;
  });
  afterAll(() => ctx.close());

  it('writes a receipt with a number, a QR link and a due date, and shows it to both sides only', async () => {
    const { status, body } = await write(tokens.ole, handover());
    expect(status).toBe(200);
    const receipt = body.data;
    expect(receipt.receiptNumber).toMatch(/^PK-\d{4}-\d{6}$/);
    expect(receipt.status).toBe('open');
    expect(receipt.counterparty).toMatchObject({ kind: 'location', id: kariLocation });
    expect(receipt.qrUrl).toMatch(/\/receipt\/[A-Za-z0-9_-]{43}$/);
    expect(receipt.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Only its hash is stored.
    const [stored] = await rows<{ hash: string }>(db(), sql`SELECT qr_token_hash AS hash FROM pallet_receipts WHERE id = ${receipt.id}`);
    expect(stored?.hash).not.toContain(tokenOf(receipt.qrUrl));

    const again = await ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: tokens.ole });
    expect(again.status).toBe(200);
    expect(again.body.data.qrUrl).toBeNull();
    expect(again.body.data.lines).toHaveLength(2);
    // kari's location is the counterparty: she sees it; lise (another customer) does not.
    expect((await ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: tokens.kari })).status).toBe(200);
    expect((await ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: tokens.lise })).status).toBe(404);
    expect((await ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: tokens.lise })).status).toBe(404);
    const foreignSignature = await ctx.call('POST', '/api/PalletReceiptSignature', {
      token: tokens.lise,
      body: { id: receipt.id, party: 'from', name: 'Lise', image: png },
    });
    expect(foreignSignature.status).toBe(404);
    expect((await ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: tokens.kari })).status).toBe(200);
    const log = await ctx.call('GET', '/api/PalletReceipts', { token: tokens.lise });
    expect(log.body.data.map((r: { id: number }) => r.id)).not.toContain(receipt.id);
    const own = await ctx.call('GET', `/api/PalletReceipts?term=${encodeURIComponent(receipt.receiptNumber)}`, { token: tokens.kari });
    expect(own.body.data.map((r: { id: number }) => r.id)).toEqual([receipt.id]);
    // Nothing posts while it is open; the counterparty's users are alerted.
    expect(await entries(receipt.id)).toBe(0);
    const alerts = await ctx.call('GET', '/api/Alerts', { token: tokens.kari });
    expect(
      alerts.body.data.some((a: { source: string; sourceId: number }) => a.source === 'PalletReceipt' && a.sourceId === receipt.id),
    ).toBe(true);
  });

  it('refuses bad input with field messages, another customer’s location with 404, and users without the dock’s tasks with 403', async () => {
    const same = await write(tokens.ole, handover({ counterpartyLocationId: oleLocation }));
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.error.fields ?? {})).toContain('counterpartyLocationId');
    const both = await write(tokens.ole, handover({ externalLocationId: 1 }));
    expect(both.status).toBe(400);
    const empty = await write(tokens.ole, handover({ lines: [{ productId: products[0], delivered: 0, returned: 0 }] }));
    expect(empty.status).toBe(400);
    if (containerProduct) {
      const container = await write(tokens.ole, handover({ lines: [{ productId: containerProduct, delivered: 1 }] }));
      expect(container.status).toBe(400);
      expect(container.body.error.fields).toHaveProperty(['lines.0.productId']);
    }
    const future = await write(tokens.ole, handover({ handedOverAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }));
    expect(future.status).toBe(400);
    expect(future.body.error.fields).toHaveProperty('handedOverAt');
    expect((await write(tokens.ole, handover({ locationId: liseLocation }))).status).toBe(404);

    const saved = await rows<{ task: string }>(
      db(),
      sql`SELECT task FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`,
    );
    await db().execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`);
    await db().execute(sql`INSERT INTO user_tasks (user_id, task) SELECT id, 'ORDER' FROM users WHERE login_name = 'ole'`);
    try {
      const token = await ctx.login('ole');
      expect((await write(token, handover())).status).toBe(403);
      expect((await ctx.call('GET', '/api/PalletReceipts', { token })).status).toBe(403);
      expect((await ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${oleLocation}`, { token })).status).toBe(403);
    } finally {
      await db().execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`);
      for (const { task } of saved)
        await db().execute(sql`INSERT INTO user_tasks (user_id, task) SELECT id, ${task} FROM users WHERE login_name = 'ole'`);
    }
  });

  it('becomes final when both sides have signed and moves the balances exactly once', async () => {
    const receipt = (await write(tokens.ole, handover())).body.data;
    const [p0, p1] = products as [number, number];
    const before = [await balance(oleLocation, p0), await balance(kariLocation, p0), await balance(oleLocation, p1)];
    const sign = (party: string, name: string) =>
      ctx.call('POST', '/api/PalletReceiptSignature', { token: tokens.ole, body: { id: receipt.id, party, name, image: png } });
    const bad = await ctx.call('POST', '/api/PalletReceiptSignature', {
      token: tokens.ole,
      body: {
        id: receipt.id,
        party: 'to',
        name: 'Ole',
        image: `data:image/png;base64,${Buffer.from('not a png at all, really not').toString('base64')}`,
      },
    });
    expect(bad.status).toBe(400);
    expect((await sign('to', 'Ole Hansen')).body.data.status).toBe('open');
    expect((await sign('to', 'Ole Hansen')).status).toBe(409);
    const last = await sign('from', 'Tomasz Nowak');
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'final', finalReason: 'signatures' });
    expect(last.body.data.signatures).toHaveLength(2);
    expect(await balance(oleLocation, p0)).toBe((before[0] as number) + 6);
    expect(await balance(kariLocation, p0)).toBe((before[1] as number) - 6);
    expect(await balance(oleLocation, p1)).toBe((before[2] as number) - 3);
    expect(await entries(receipt.id)).toBe(4);
    // The balance history shows the movement as the receipt's, booked today, by its number.
    const today = new Date().toISOString().slice(0, 10);
    const history = await ctx.call('GET', `/api/BalanceHistory?locationId=${oleLocation}&productId=${p0}&from=${today}&to=${today}`, {
      token: tokens.ole,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.entries).toContainEqual(
      expect.objectContaining({
        source: 'receipt',
        quantity: 6,
        palletReceiptId: receipt.id,
        palletReceiptNumber: receipt.receiptNumber,
        rentalId: null,
      }),
    );
    // Final: the QR link can no longer answer.
    const answer = await ctx.call('POST', '/api/PalletReceiptAnswer', {
      body: { token: tokenOf(receipt.qrUrl), confirm: true, name: 'Kari' },
    });
    expect(answer.status).toBe(409);
    expect(await entries(receipt.id)).toBe(4);
  });

  it('posts once when the QR link confirms twice at the same moment, and the link reveals nothing of another receipt', async () => {
    const one = (await write(tokens.ole, handover())).body.data;
    const other = (await write(tokens.ole, handover({ haulier: 'Secret Haulier AS', carNumber: 'ZZ 99999' }))).body.data;
    const token = tokenOf(one.qrUrl);
    const summary = await ctx.call('GET', `/api/PalletReceiptPublic?token=${token}`);
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({ receiptNumber: one.receiptNumber, status: 'open', mayAnswer: true });
    const text = JSON.stringify(summary.body.data);
    expect(text).not.toContain(other.receiptNumber);
    expect(text).not.toContain('Secret Haulier');
    expect(text).not.toContain('Ole Hansen');
    expect(text).not.toMatch(/"(id|userId|locationId)"/);
    expect((await ctx.call('GET', `/api/PalletReceiptPublic?token=${token.slice(0, -2)}xx`)).status).toBe(404);

    const answers = await Promise.all(
      [1, 2].map(() => ctx.call('POST', '/api/PalletReceiptAnswer', { body: { token, confirm: true, name: 'Kari Nordmann' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await entries(one.id)).toBe(4);
    const detail = (await ctx.call('GET', `/api/PalletReceipts/${one.id}`, { token: tokens.ole })).body.data;
    expect(detail).toMatchObject({ status: 'final', finalReason: 'confirmed', confirmedByName: 'Kari Nordmann' });
    expect(await entries(other.id)).toBe(0);
  });

  it('an objection makes it disputed, the job leaves it, and provider staff decide it', async () => {
    const receipt = (await write(tokens.ole, handover())).body.data;
    const token = tokenOf(receipt.qrUrl);
    const noReason = await ctx.call('POST', '/api/PalletReceiptAnswer', { body: { token, confirm: false, name: 'Kari' } });
    expect(noReason.status).toBe(400);
    const object = await ctx.call('POST', '/api/PalletReceiptAnswer', {
      body: { token, confirm: false, name: 'Kari', objection: 'Only 2 pallets came back' },
    });
    expect(object.status).toBe(200);
    expect(object.body.data.status).toBe('disputed');
    const oleAlerts = await ctx.call('GET', '/api/Alerts', { token: tokens.ole });
    expect(
      oleAlerts.body.data.some((a: { sourceId: number; source: string }) => a.source === 'PalletReceipt' && a.sourceId === receipt.id),
    ).toBe(true);
    // The job past its due date leaves a disputed receipt alone.
    await finalizeDueReceipts(db(), '2999-01-01');
    expect(await entries(receipt.id)).toBe(0);
    const decide = (token: string, final: boolean) =>
      ctx.call('POST', '/api/PalletReceiptDecision', { token, body: { id: receipt.id, final, comment: 'Checked the camera footage' } });
    expect((await decide(tokens.ole, true)).status).toBe(403);
    const decided = await decide(tokens.admin, true);
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: 'final', finalReason: 'provider' });
    expect(await entries(receipt.id)).toBe(4);
    expect((await decide(tokens.admin, false)).status).toBe(409);
  });

  it('the job makes open receipts final after their due date, each once', async () => {
    const receipt = (await write(tokens.ole, handover())).body.data;
    await finalizeDueReceipts(db(), receipt.dueDate);
    expect(await entries(receipt.id)).toBe(0);
    const after = new Date(Date.parse(`${receipt.dueDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await finalizeDueReceipts(db(), after)).toBeGreaterThanOrEqual(1);
    expect(await finalizeDueReceipts(db(), after)).toBe(0);
    expect(await entries(receipt.id)).toBe(4);
    const detail = (await ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: tokens.ole })).body.data;
    expect(detail).toMatchObject({ status: 'final', finalReason: 'receptionDays' });
  });

  it('an external counterparty posts at the location only, as commission', async () => {
    const [external] = await rows<{ id: number }>(
      db(),
      sql`SELECT e.id FROM external_locations e JOIN locations l ON l.customer_id = e.customer_id WHERE l.id = ${oleLocation} AND e.active ORDER BY e.id LIMIT 1`,
    );
    expect(external).toBeDefined();
    const receipt = (await write(tokens.ole, handover({ counterpartyLocationId: undefined, externalLocationId: Number(external?.id) })))
      .body.data;
    expect(receipt.counterparty.kind).toBe('external');
    for (const party of ['from', 'to'])
      await ctx.call('POST', '/api/PalletReceiptSignature', { token: tokens.ole, body: { id: receipt.id, party, name: 'X', image: png } });
    const posted = await rows<{ locationId: number; kind: string }>(
      db(),
      sql`SELECT DISTINCT location_id AS "locationId", balance_kind AS kind FROM ledger_entries WHERE pallet_receipt_id = ${receipt.id}`,
    );
    expect(posted).toEqual([{ locationId: oleLocation, kind: 'commission' }]);
  });

  it('offers counterparties by name, and only for a location in scope', async () => {
    const { status, body } = await ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${oleLocation}&term=Fjordland`, {
      token: tokens.ole,
    });
    expect(status).toBe(200);
    expect(body.data.some((c: { id: number; kind: string }) => c.kind === 'location' && c.id === kariLocation)).toBe(true);
    expect(body.data.some((c: { id: number; kind: string }) => c.kind === 'location' && c.id === oleLocation)).toBe(false);
    expect((await ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${liseLocation}`, { token: tokens.ole })).status).toBe(404);
  });

  it('prints the PDF in Norwegian and Finnish', async () => {
    const receipt = (await write(tokens.ole, handover())).body.data;
    await ctx.call('POST', '/api/PalletReceiptSignature', {
      token: tokens.ole,
      body: { id: receipt.id, party: 'to', name: 'Ole Hansen', image: png },
    });
    const nb = await ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, {
      token: tokens.ole,
      headers: { 'accept-language': 'nb-NO' },
    });
    expect(nb.status).toBe(200);
    expect(nb.response.headers['content-type']).toContain('application/pdf');
    const text = pdfText(nb.response.rawPayload);
    expect(text).toContain('PALLEKVITTERING');
    expect(text).toContain(receipt.receiptNumber);
    expect(text).toContain('Bring Cargo');
    expect(text).toContain('Ole Hansen');
    expect(text).toContain('Ikke signert');
    // The PDF speaks the session's language: ole reads Finnish for a moment.
    const finnish = await ctx.login('ole');
    await ctx.call('POST', '/api/Language', { token: finnish, body: { language: 'fi-FI' } });
    const fi = await ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: finnish });
    await ctx.call('POST', '/api/Language', { token: finnish, body: { language: 'nb-NO' } });
    const fiText = pdfText(fi.response.rawPayload);
    expect(fiText).toContain('LAVAKUITTI');
    expect(fiText).toContain('Kuljetusliike');
  });

  it('gives receipts written at the same moment different numbers', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => write(tokens.ole, handover())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.receiptNumber)).size).toBe(4);
  });

  it('filters the log by status, variant and handover days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const open = await ctx.call('GET', `/api/PalletReceipts?status=open&inventory=false&locationId=${oleLocation}`, { token: tokens.ole });
    expect(open.status).toBe(200);
    expect(open.body.data.length).toBeGreaterThan(0);
    expect(open.body.data.every((r: { status: string; inventory: boolean }) => r.status === 'open' && !r.inventory)).toBe(true);
    // The demo's inventory receipt and its count.
    const inventory = await ctx.call('GET', '/api/PalletReceipts?inventory=true', { token: tokens.ole });
    expect(inventory.body.data.some((r: { countAuditId: number | null }) => r.countAuditId !== null)).toBe(true);
    const future = await ctx.call('GET', '/api/PalletReceipts?from=2999-01-01', { token: tokens.ole });
    expect(future.body.data).toEqual([]);
    expect((await ctx.call('GET', `/api/PalletReceipts?from=${today}&to=2000-01-01`, { token: tokens.ole })).status).toBe(400);
  });

  it('the inventory variant registers a count audit of the location for the handover day', async () => {
    const { status, body } = await write(tokens.ole, {
      inventory: true,
      locationId: oleLocation,
      lines: [{ productId: products[0], counted: 17 }],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ inventory: true, counterparty: null });
    const [audit] = await rows<{ locationId: number; status: string; counted: number }>(
      db(),
      sql`SELECT a.location_id AS "locationId", a.status, l.counted_quantity AS counted
          FROM count_audits a JOIN count_audit_lines l ON l.audit_id = a.id WHERE a.id = ${body.data.countAuditId}`,
    );
    expect(audit).toEqual({ locationId: oleLocation, status: 'registered', counted: 17 });
    expect(await entries(body.data.id)).toBe(0);
  });
});
