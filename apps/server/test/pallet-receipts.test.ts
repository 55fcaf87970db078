/**
 * Pallet receipts (issue 11; docs/pallet-receipts.md): ole writes a receipt at his brewery's dock
 * with kari's location as the counterparty; who sees it (scope, the counterparty's side, 404 for
 * anyone else, 403 without the dock's tasks); an external counterparty's receipt is final and
 * posts once when both sign; the link mailed to the counterparty confirms once, objects, and
 * reveals nothing of another receipt; the provider's decision; the job after the window; the log,
 * the counterparty lookup, the PDF in Norwegian and Finnish, and the inventory variant's count
 * audit. Issue 20's consent, approval, limits and disputes: pallet-receipts-consent.test.ts,
 * pallet-receipts-disputes.test.ts, pallet-receipts-notices.test.ts. The ledger invariant is
 * checked after every test (helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { finalizeDueReceipts } from '../src/modules/pallet-receipts/finalize-due-receipts.js';
import { backends } from './helpers.js';
import { norwegianToday, openReceiptWorld, png, type ReceiptWorld, tokenOf } from './pallet-receipt-helpers.js';
import { pdfText } from './pdf-text.js';

describe.each(backends)('pallet receipts (%s)', (kind) => {
  let w: ReceiptWorld;
  let containerProduct: number | null;
  const db = () => w.ctx.database.db;
  const externalOfOle = async () =>
    Number(
      (
        await rows<{ id: number }>(
          db(),
          sql`SELECT e.id FROM external_locations e JOIN locations l ON l.customer_id = e.customer_id WHERE l.id = ${w.ole} AND e.active ORDER BY e.id LIMIT 1`,
        )
      )[0]?.id,
    );

  beforeAll(async () => {
    w = await openReceiptWorld(kind);
    const [container] = await rows<{ id: number }>(
      db(),
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND ct.is_container ORDER BY p.id LIMIT 1`,
    );
    containerProduct = container ? Number(container.id) : null;
  });
  afterAll(() => w.ctx.close());

  it('writes a receipt with a number, a QR link and a due date, and shows it to both sides only', async () => {
    const { status, body } = await w.write(w.tokens.ole, w.handover());
    expect(status).toBe(200);
    const receipt = body.data;
    expect(receipt.receiptNumber).toMatch(/^PK-\d{4}-\d{6}$/);
    expect(receipt.status).toBe('open');
    expect(receipt.counterparty).toMatchObject({ kind: 'location', id: w.kari });
    expect(receipt.qrUrl).toMatch(/\/receipt\/[A-Za-z0-9_-]{43}$/);
    expect(receipt.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Only its hash is stored.
    const [stored] = await rows<{ hash: string }>(db(), sql`SELECT qr_token_hash AS hash FROM pallet_receipts WHERE id = ${receipt.id}`);
    expect(stored?.hash).not.toContain(tokenOf(receipt.qrUrl));

    const again = await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.ole });
    expect(again.status).toBe(200);
    expect(again.body.data.qrUrl).toBeNull();
    expect(again.body.data.lines).toHaveLength(2);
    // kari's location is the counterparty: she sees it; lise (another customer) does not.
    expect((await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.kari })).status).toBe(200);
    expect((await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.lise })).status).toBe(404);
    expect((await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: w.tokens.lise })).status).toBe(404);
    expect((await w.sign(w.tokens.lise, receipt.id, 'from', 'Lise')).status).toBe(404);
    expect((await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: w.tokens.kari })).status).toBe(200);
    const log = await w.ctx.call('GET', '/api/PalletReceipts', { token: w.tokens.lise });
    expect(log.body.data.map((r: { id: number }) => r.id)).not.toContain(receipt.id);
    const own = await w.ctx.call('GET', `/api/PalletReceipts?term=${encodeURIComponent(receipt.receiptNumber)}`, { token: w.tokens.kari });
    expect(own.body.data.map((r: { id: number }) => r.id)).toEqual([receipt.id]);
    // Nothing posts while it is open; the counterparty's users are alerted.
    expect(await w.entries(receipt.id)).toBe(0);
    const alerts = await w.ctx.call('GET', '/api/Alerts', { token: w.tokens.kari });
    expect(
      alerts.body.data.some((a: { source: string; sourceId: number }) => a.source === 'PalletReceipt' && a.sourceId === receipt.id),
    ).toBe(true);
  });

  it('refuses bad input with field messages, another customer’s location with 404, and users without the dock’s tasks with 403', async () => {
    const same = await w.write(w.tokens.ole, w.handover({ counterpartyLocationId: w.ole }));
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.error.fields ?? {})).toContain('counterpartyLocationId');
    expect((await w.write(w.tokens.ole, w.handover({ externalLocationId: 1 }))).status).toBe(400);
    const empty = await w.write(w.tokens.ole, w.handover({ lines: [{ productId: w.products[0], delivered: 0, returned: 0 }] }));
    expect(empty.status).toBe(400);
    if (containerProduct) {
      const container = await w.write(w.tokens.ole, w.handover({ lines: [{ productId: containerProduct, delivered: 1 }] }));
      expect(container.status).toBe(400);
      expect(container.body.error.fields).toHaveProperty(['lines.0.productId']);
    }
    const future = await w.write(w.tokens.ole, w.handover({ handedOverAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }));
    expect(future.status).toBe(400);
    expect(future.body.error.fields).toHaveProperty('handedOverAt');
    expect((await w.write(w.tokens.ole, w.handover({ locationId: w.lise }))).status).toBe(404);

    const saved = await rows<{ task: string }>(
      db(),
      sql`SELECT task FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`,
    );
    await db().execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`);
    await db().execute(sql`INSERT INTO user_tasks (user_id, task) SELECT id, 'ORDER' FROM users WHERE login_name = 'ole'`);
    try {
      const token = await w.ctx.login('ole');
      expect((await w.write(token, w.handover())).status).toBe(403);
      expect((await w.ctx.call('GET', '/api/PalletReceipts', { token })).status).toBe(403);
      expect((await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}`, { token })).status).toBe(403);
    } finally {
      await db().execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'ole')`);
      for (const { task } of saved)
        await db().execute(sql`INSERT INTO user_tasks (user_id, task) SELECT id, ${task} FROM users WHERE login_name = 'ole'`);
    }
  });

  it('with an external counterparty, both signatures make it final, posted once at the location only, as commission', async () => {
    const [p0, p1] = w.products;
    const receipt = (
      await w.write(w.tokens.ole, w.handover({ counterpartyLocationId: undefined, externalLocationId: await externalOfOle() }))
    ).body.data;
    expect(receipt).toMatchObject({ needsConsent: false, counterparty: { kind: 'external' } });
    const before = [await w.balance(w.ole, p0), await w.balance(w.ole, p1)];
    const bad = await w.ctx.call('POST', '/api/PalletReceiptSignature', {
      token: w.tokens.ole,
      body: {
        id: receipt.id,
        party: 'to',
        name: 'Ole',
        image: `data:image/png;base64,${Buffer.from('not a png at all, really not').toString('base64')}`,
      },
    });
    expect(bad.status).toBe(400);
    expect((await w.sign(w.tokens.ole, receipt.id, 'to')).body.data.status).toBe('open');
    expect((await w.sign(w.tokens.ole, receipt.id, 'to')).status).toBe(409);
    const last = await w.sign(w.tokens.ole, receipt.id, 'from');
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'final', finalReason: 'signatures' });
    expect(last.body.data.signatures).toHaveLength(2);
    expect(await w.balance(w.ole, p0)).toBe((before[0] as number) + 6);
    expect(await w.balance(w.ole, p1)).toBe((before[1] as number) - 3);
    expect(await w.entries(receipt.id)).toBe(2);
    const posted = await rows<{ locationId: number; kind: string }>(
      db(),
      sql`SELECT DISTINCT location_id AS "locationId", balance_kind AS kind FROM ledger_entries WHERE pallet_receipt_id = ${receipt.id}`,
    );
    expect(posted).toEqual([{ locationId: w.ole, kind: 'commission' }]);
    // The balance history shows the movement as the receipt's, booked today (Norway's date), by its number.
    const today = norwegianToday();
    const history = await w.ctx.call('GET', `/api/BalanceHistory?locationId=${w.ole}&productId=${p0}&from=${today}&to=${today}`, {
      token: w.tokens.ole,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.entries).toContainEqual(
      expect.objectContaining({ source: 'receipt', quantity: 6, palletReceiptId: receipt.id, palletReceiptNumber: receipt.receiptNumber }),
    );
    // Final: the dock's link can no longer answer.
    const answer = await w.ctx.call('POST', '/api/PalletReceiptAnswer', {
      body: { token: tokenOf(receipt.qrUrl), confirm: true, name: 'Kari' },
    });
    expect(answer.status).toBe(409);
    expect(await w.entries(receipt.id)).toBe(2);
  });

  it('posts once when the mailed link confirms twice at the same moment, and the link reveals nothing of another receipt', async () => {
    const one = (await w.write(w.tokens.ole, w.handover())).body.data;
    const other = (await w.write(w.tokens.ole, w.handover({ haulier: 'Secret Haulier AS', carNumber: 'ZZ 99999' }))).body.data;
    const token = (await w.mailedToken(one.receiptNumber)) ?? '';
    expect(token).not.toBe(tokenOf(one.qrUrl));
    const summary = await w.ctx.call('GET', `/api/PalletReceiptPublic?token=${token}`);
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({ receiptNumber: one.receiptNumber, status: 'open', mayAnswer: true });
    const text = JSON.stringify(summary.body.data);
    expect(text).not.toContain(other.receiptNumber);
    expect(text).not.toContain('Secret Haulier');
    expect(text).not.toContain('Ole Hansen');
    expect(text).not.toMatch(/"(id|userId|locationId)"/);
    expect((await w.ctx.call('GET', `/api/PalletReceiptPublic?token=${token.slice(0, -2)}xx`)).status).toBe(404);

    const answers = await Promise.all(
      [1, 2].map(() => w.ctx.call('POST', '/api/PalletReceiptAnswer', { body: { token, confirm: true, name: 'Kari Nordmann' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await w.entries(one.id)).toBe(4);
    const detail = (await w.ctx.call('GET', `/api/PalletReceipts/${one.id}`, { token: w.tokens.ole })).body.data;
    expect(detail).toMatchObject({ status: 'final', finalReason: 'confirmed', confirmedByName: 'Kari Nordmann' });
    expect(await w.entries(other.id)).toBe(0);
  });

  it('an objection makes it disputed, the job leaves it, and provider staff decide it', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    const token = (await w.mailedToken(receipt.receiptNumber)) ?? '';
    const noReason = await w.ctx.call('POST', '/api/PalletReceiptAnswer', { body: { token, confirm: false, name: 'Kari' } });
    expect(noReason.status).toBe(400);
    const object = await w.ctx.call('POST', '/api/PalletReceiptAnswer', {
      body: { token, confirm: false, name: 'Kari', objection: 'Only 2 pallets came back' },
    });
    expect(object.status).toBe(200);
    expect(object.body.data.status).toBe('disputed');
    const oleAlerts = await w.ctx.call('GET', '/api/Alerts', { token: w.tokens.ole });
    expect(
      oleAlerts.body.data.some((a: { sourceId: number; source: string }) => a.source === 'PalletReceipt' && a.sourceId === receipt.id),
    ).toBe(true);
    // The job past its due date leaves a disputed receipt alone.
    await finalizeDueReceipts(db(), '2999-01-01');
    expect(await w.entries(receipt.id)).toBe(0);
    const decide = (token: string, final: boolean) =>
      w.ctx.call('POST', '/api/PalletReceiptDecision', { token, body: { id: receipt.id, final, comment: 'Checked the camera footage' } });
    expect((await decide(w.tokens.ole, true)).status).toBe(403);
    const decided = await decide(w.tokens.admin, true);
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: 'final', finalReason: 'provider' });
    expect(await w.entries(receipt.id)).toBe(4);
    expect((await decide(w.tokens.admin, false)).status).toBe(409);
  });

  it('the job makes open receipts final after their due date, each once', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    await finalizeDueReceipts(db(), receipt.dueDate);
    expect(await w.entries(receipt.id)).toBe(0);
    const after = new Date(Date.parse(`${receipt.dueDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await finalizeDueReceipts(db(), after)).toBeGreaterThanOrEqual(1);
    expect(await finalizeDueReceipts(db(), after)).toBe(0);
    expect(await w.entries(receipt.id)).toBe(4);
    const detail = (await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}`, { token: w.tokens.ole })).body.data;
    expect(detail).toMatchObject({ status: 'final', finalReason: 'receptionDays' });
  });

  it('offers counterparties by name, and only for a location in scope', async () => {
    const { status, body } = await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.ole}&term=Fjordland`, {
      token: w.tokens.ole,
    });
    expect(status).toBe(200);
    expect(body.data.some((c: { id: number; kind: string }) => c.kind === 'location' && c.id === w.kari)).toBe(true);
    expect(body.data.some((c: { id: number; kind: string }) => c.kind === 'location' && c.id === w.ole)).toBe(false);
    expect((await w.ctx.call('GET', `/api/PalletReceiptCounterparties?locationId=${w.lise}`, { token: w.tokens.ole })).status).toBe(404);
  });

  it('prints the PDF in Norwegian and Finnish', async () => {
    const receipt = (await w.write(w.tokens.ole, w.handover())).body.data;
    await w.sign(w.tokens.ole, receipt.id, 'to', 'Ole Hansen');
    const nb = await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, {
      token: w.tokens.ole,
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
    const finnish = await w.ctx.login('ole');
    await w.ctx.call('POST', '/api/Language', { token: finnish, body: { language: 'fi-FI' } });
    const fi = await w.ctx.call('GET', `/api/PalletReceipts/${receipt.id}/document`, { token: finnish });
    await w.ctx.call('POST', '/api/Language', { token: finnish, body: { language: 'nb-NO' } });
    const fiText = pdfText(fi.response.rawPayload);
    expect(fiText).toContain('LAVAKUITTI');
    expect(fiText).toContain('Kuljetusliike');
  });

  it('gives receipts written at the same moment different numbers', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => w.write(w.tokens.ole, w.handover())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.receiptNumber)).size).toBe(4);
  });

  it('filters the log by status, variant and handover days', async () => {
    const open = await w.ctx.call('GET', `/api/PalletReceipts?status=open&inventory=false&locationId=${w.ole}`, { token: w.tokens.ole });
    expect(open.status).toBe(200);
    expect(open.body.data.length).toBeGreaterThan(0);
    expect(open.body.data.every((r: { status: string; inventory: boolean }) => r.status === 'open' && !r.inventory)).toBe(true);
    // The demo's inventory receipt and its count.
    const inventory = await w.ctx.call('GET', '/api/PalletReceipts?inventory=true', { token: w.tokens.ole });
    expect(inventory.body.data.some((r: { countAuditId: number | null }) => r.countAuditId !== null)).toBe(true);
    const future = await w.ctx.call('GET', '/api/PalletReceipts?from=2999-01-01', { token: w.tokens.ole });
    expect(future.body.data).toEqual([]);
    expect((await w.ctx.call('GET', `/api/PalletReceipts?from=${norwegianToday()}&to=2000-01-01`, { token: w.tokens.ole })).status).toBe(
      400,
    );
  });

  it('the inventory variant registers a count audit of the location for the handover day, and shows no QR link', async () => {
    const { status, body } = await w.write(w.tokens.ole, {
      inventory: true,
      locationId: w.ole,
      lines: [{ productId: w.products[0], counted: 17 }],
    });
    expect(status).toBe(200);
    // A count has nothing to confirm: its answer carries no link (issue 20: the link answered "not found").
    expect(body.data).toMatchObject({ inventory: true, counterparty: null, qrUrl: null });
    const [audit] = await rows<{ locationId: number; status: string; counted: number }>(
      db(),
      sql`SELECT a.location_id AS "locationId", a.status, l.counted_quantity AS counted
          FROM count_audits a JOIN count_audit_lines l ON l.audit_id = a.id WHERE a.id = ${body.data.countAuditId}`,
    );
    expect(audit).toEqual({ locationId: w.ole, status: 'registered', counted: 17 });
    expect(await w.entries(body.data.id)).toBe(0);
    expect(png).toMatch(/^data:image\/png;base64,/);
  });
});
