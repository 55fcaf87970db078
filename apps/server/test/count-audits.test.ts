/**
 * Count audits (Company > Counting; spec section 3 "Count audit"; docs/domain.md "Count audits"):
 * a location registers a count and sees the ledger balance at the date, the carriers in and out
 * since and the difference; provider staff confirm it (posting one correction per product at the
 * count date, so the balance at the date equals the count) or reject it with a reason; a count
 * is decided once. The ledger check holds after every test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { checkLedgerInvariant } from '../src/modules/orders/ledger.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const DAY = 86_400_000;
/** yyyy-MM-dd `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** The demo users write Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');
/** The COUNT_AUDIT message with the reason of `key`. */
const refusal = (key: string, params: Record<string, unknown> = {}) =>
  nb('errors.COUNT_AUDIT', { reason: nb(`countAuditReasons.${key}`, params) });

describe.each(backends)('count audits (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'lise' | 'staff', string> = { admin: '', kari: '', ole: '', lise: '', staff: '' };
  /** kari's acting location (Fjordland Dagligvare Alnabru), and a location of another customer (ole's). */
  let kariLocation: number;
  let otherLocation: number;
  /** Products kari's location holds carriers of, most first. */
  let products: number[];

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'lise'] as const) tokens[name] = await ctx.login(name);
    // Provider staff who is not a global admin (a support user at a depot).
    const [staff] = await rows<{ loginName: string }>(
      ctx.database.db,
      sql`SELECT u.login_name AS "loginName" FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE c.is_provider AND NOT u.is_global_admin AND u.is_active ORDER BY u.id LIMIT 1`,
    );
    tokens.staff = await ctx.login(staff?.loginName ?? '');
    kariLocation = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id;
    otherLocation = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data.id;
    products = (
      await rows<{ productId: number }>(
        ctx.database.db,
        sql`SELECT product_id AS "productId" FROM balances WHERE location_id = ${kariLocation}
            GROUP BY product_id HAVING sum(quantity) > 0 ORDER BY sum(quantity) DESC, product_id LIMIT 3`,
      )
    ).map((p) => Number(p.productId));
  });
  afterAll(() => ctx.close());

  const register = (token: string, body: unknown) => ctx.call('POST', '/api/CountAudits', { token, body });
  const decide = (token: string, body: unknown) => ctx.call('POST', '/api/CountAuditConfirm', { token, body });
  const audits = async () => Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM count_audits`))[0]?.n);
  const corrections = async () =>
    Number(
      (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE source = 'correction'`))[0]?.n,
    );

  /** The ledger's answer, the long way (every entry up to the date): carriers at the end of `date`, in and out after it. */
  async function fromLedger(locationId: number, productId: number, date: string) {
    const [r] = await rows<{ balance: number; inbound: number; outbound: number }>(
      ctx.database.db,
      sql`SELECT COALESCE(sum(quantity) FILTER (WHERE booking_date <= ${date}::date), 0)::int AS balance,
            COALESCE(sum(quantity) FILTER (WHERE booking_date > ${date}::date AND quantity > 0 AND source <> 'correction'), 0)::int AS inbound,
            COALESCE(-sum(quantity) FILTER (WHERE booking_date > ${date}::date AND quantity < 0 AND source <> 'correction'), 0)::int AS outbound
          FROM ledger_entries WHERE location_id = ${locationId} AND product_id = ${productId}`,
    );
    return { balance: Number(r?.balance), inbound: Number(r?.inbound), outbound: Number(r?.outbound) };
  }
  /** The running balance (pooling + commission) of a location's product. */
  async function running(locationId: number, productId: number) {
    const [r] = await rows<{ q: number }>(
      ctx.database.db,
      sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId}`,
    );
    return Number(r?.q);
  }
  /** kari registers a count on `date` of the given differences from the ledger balance there. */
  async function registerAtDifferences(date: string, differences: number[]) {
    const lines = [];
    for (const [index, difference] of differences.entries()) {
      const productId = products[index] as number;
      lines.push({ productId, countedQuantity: (await fromLedger(kariLocation, productId, date)).balance + difference });
    }
    const answer = await register(tokens.kari, { locationId: kariLocation, date, lines });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  it('the demo holds confirmed counts with their corrections, one awaiting confirmation at kari’s company and one rejected with a reason', async () => {
    const list = (await ctx.call('GET', '/api/CountAudits', { token: tokens.admin })).body.data;
    expect(list.filter((a: { status: string }) => a.status === 'confirmed').length).toBeGreaterThanOrEqual(5);
    const pending = (await ctx.call('GET', '/api/CountAudits?status=registered', { token: tokens.kari })).body.data;
    expect(pending).toHaveLength(1);
    expect(pending[0].customerName).toBe('Fjordland Dagligvare AS');
    const rejected = (await ctx.call('GET', '/api/CountAudits?status=rejected', { token: tokens.kari })).body.data[0];
    const detail = (await ctx.call('GET', `/api/CountAudits/${rejected.id}`, { token: tokens.kari })).body.data;
    expect(detail.comment).toMatch(/Tell hele lageret/);
    expect(detail.decided.name).toBe('Anders Haugen');
    expect(await corrections()).toBeGreaterThan(0);
  });

  it('a registered count shows the balance at the end of the date, inbound and outbound since and the difference, as the ledger has them', async () => {
    const date = day(-40);
    const data = await registerAtDifferences(date, [7, -2, 0]);
    expect(data).toMatchObject({ status: 'registered', date, locationId: kariLocation, decided: null, mayDecide: false });
    expect(data.registered.name).toBe('Kari Nordmann');
    expect(Date.now() - Date.parse(data.registered.at)).toBeLessThan(60_000);
    for (const line of data.lines) {
      const ledger = await fromLedger(kariLocation, line.productId, date);
      expect(line).toMatchObject({ ...ledger, difference: line.countedQuantity - ledger.balance });
      expect(line.productName).toMatch(/\w/);
      expect(line.correction).toBeNull();
    }
    const differenceOf = (productId: number) => data.lines.find((l: { productId: number }) => l.productId === productId).difference;
    expect(products.map(differenceOf)).toEqual([7, -2, 0]);
    expect(data.differenceCount).toBe(2);
    // The provider sees the same count, and may decide it.
    const seen = (await ctx.call('GET', `/api/CountAudits/${data.id}`, { token: tokens.admin })).body.data;
    expect(seen.mayDecide).toBe(true);
    expect(seen.lines).toEqual(data.lines);
    await decide(tokens.admin, { id: data.id, confirm: false, comment: 'Test done.' });
  });

  it('refuses a future date, repeated products, bad ids, inactive products and counts out of range with 400, writing nothing', async () => {
    const before = await audits();
    const line = { productId: products[0], countedQuantity: 10 };
    const cases: [unknown, string][] = [
      [{ locationId: kariLocation, date: day(2), lines: [line] }, 'date'],
      [{ locationId: kariLocation, date: '2026-02-30', lines: [line] }, 'date'],
      [{ locationId: kariLocation, date: day(-1), lines: [line, { ...line, countedQuantity: 3 }] }, 'lines.1.productId'],
      [{ locationId: kariLocation, date: day(-1), lines: [] }, 'lines'],
      [{ locationId: kariLocation, date: day(-1), lines: [{ productId: 999_999, countedQuantity: 1 }] }, 'lines.0.productId'],
      [{ locationId: kariLocation, date: day(-1), lines: [{ productId: 'x', countedQuantity: 1 }] }, 'lines.0.productId'],
      [{ locationId: kariLocation, date: day(-1), lines: [{ ...line, countedQuantity: 1_000_001 }] }, 'lines.0.countedQuantity'],
      [{ locationId: kariLocation, date: day(-1), lines: [{ ...line, countedQuantity: -1 }] }, 'lines.0.countedQuantity'],
      [{ locationId: 0, date: day(-1), lines: [line] }, 'locationId'],
    ];
    for (const [body, field] of cases) {
      const answer = await register(tokens.kari, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.type).toBe('VALIDATION');
      expect(Object.keys(answer.body.error.fields)).toContain(field);
    }
    expect((await register(tokens.kari, { locationId: kariLocation, date: day(2), lines: [line] })).body.error.fields.date).toBe(
      nb('validation.futureDate'),
    );
    await ctx.database.db.execute(sql`UPDATE products SET active = false WHERE id = ${products[0]}`);
    try {
      const inactive = await register(tokens.kari, { locationId: kariLocation, date: day(-1), lines: [line] });
      expect(inactive.status).toBe(400);
      expect(inactive.body.error.fields['lines.0.productId']).toBe(nb('validation.productInactive'));
    } finally {
      await ctx.database.db.execute(sql`UPDATE products SET active = true WHERE id = ${products[0]}`);
    }
    // Today is not the future.
    const today = await register(tokens.kari, { locationId: kariLocation, date: day(0), lines: [line] });
    expect(today.status).toBe(200);
    expect(await audits()).toBe(before + 1);
    await decide(tokens.admin, { id: today.body.data.id, confirm: false, comment: 'Test done.' });
  });

  it('another customer’s location and count answer 404; users who are neither customer admins nor provider staff get 403', async () => {
    const line = { productId: products[0], countedQuantity: 10 };
    expect((await register(tokens.kari, { locationId: otherLocation, date: day(-1), lines: [line] })).status).toBe(404);
    expect((await ctx.call('GET', `/api/CountAudits?locationId=${otherLocation}`, { token: tokens.kari })).status).toBe(404);
    const [foreign] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT a.id FROM count_audits a JOIN locations l ON l.id = a.location_id JOIN customers c ON c.id = l.customer_id
          WHERE c.name <> 'Fjordland Dagligvare AS' LIMIT 1`,
    );
    expect((await ctx.call('GET', `/api/CountAudits/${foreign?.id}`, { token: tokens.kari })).status).toBe(404);
    expect((await ctx.call('GET', '/api/CountAudits/2147483647', { token: tokens.admin })).status).toBe(404);
    const before = await audits();
    for (const who of ['ole', 'lise'] as const) {
      const own = who === 'ole' ? otherLocation : kariLocation;
      expect((await register(tokens[who], { locationId: own, date: day(-1), lines: [line] })).status).toBe(403);
      expect((await ctx.call('GET', '/api/CountAudits', { token: tokens[who] })).status).toBe(403);
      expect((await ctx.call('GET', `/api/CountAudits/${foreign?.id}`, { token: tokens[who] })).status).toBe(403);
      expect((await ctx.call('GET', '/api/CountAuditLocations', { token: tokens[who] })).status).toBe(403);
      expect((await decide(tokens[who], { id: foreign?.id, confirm: true })).status).toBe(403);
    }
    expect(await audits()).toBe(before);
  });

  it('kari cannot confirm or reject a count, not even her own company’s (403, nothing posted)', async () => {
    const data = await registerAtDifferences(day(-30), [3]);
    const before = await corrections();
    for (const body of [
      { id: data.id, confirm: true },
      { id: data.id, confirm: false, comment: 'No.' },
    ]) {
      const answer = await decide(tokens.kari, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.type).toBe('COUNT_AUDIT');
      expect(answer.body.error.message).toBe(refusal('notProvider'));
    }
    expect(await corrections()).toBe(before);
    expect((await ctx.call('GET', `/api/CountAudits/${data.id}`, { token: tokens.kari })).body.data.status).toBe('registered');
    await decide(tokens.admin, { id: data.id, confirm: false, comment: 'Test done.' });
  });

  it('admin confirms: one correction per differing product at the count date; the balance at the date equals the count; balances move', async () => {
    const date = day(-25);
    const data = await registerAtDifferences(date, [5, -3, 0]);
    const runningBefore = await Promise.all(products.map((p) => running(kariLocation, p)));
    const answer = await decide(tokens.admin, { id: data.id, confirm: true, comment: 'Agreed with the site manager.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const confirmed = answer.body.data;
    expect(confirmed).toMatchObject({ status: 'confirmed', comment: 'Agreed with the site manager.', mayDecide: false });
    expect(confirmed.decided.name).toBe('Anders Haugen');
    // kari's location is a pooling location: the corrections post to its pooling balance.
    const correctionOf = (productId: number) => confirmed.lines.find((l: { productId: number }) => l.productId === productId).correction;
    expect(products.map(correctionOf)).toEqual([{ quantity: 5, balanceKind: 'pooling' }, { quantity: -3, balanceKind: 'pooling' }, null]);
    const entries = await rows<{ productId: number; quantity: number; date: string }>(
      ctx.database.db,
      sql`SELECT product_id AS "productId", quantity, booking_date AS date FROM ledger_entries WHERE count_audit_id = ${data.id}`,
    );
    expect(entries.map((e) => [Number(e.productId), e.quantity, e.date]).sort()).toEqual(
      [
        [products[0], 5, date],
        [products[1], -3, date],
      ].sort(),
    );
    for (const [index, productId] of products.entries()) {
      const line = confirmed.lines.find((l: { productId: number }) => l.productId === productId);
      expect((await fromLedger(kariLocation, productId, date)).balance).toBe(line.countedQuantity);
      expect(await running(kariLocation, productId)).toBe((runningBefore[index] as number) + ([5, -3, 0][index] as number));
    }
    // kari reads the decision; her location's bell says so, in her language.
    expect((await ctx.call('GET', `/api/CountAudits/${data.id}`, { token: tokens.kari })).body.data.status).toBe('confirmed');
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.kari, headers: { 'accept-language': 'nb-NO' } })).body.data;
    const alert = alerts.find((a: { source: string; sourceId: number }) => a.source === 'CountAudit' && a.sourceId === data.id);
    expect(alert).toMatchObject({ target: `company/audit/${data.id}`, data: { read: false } });
    expect(alert.title).toMatch(/^Tellingen .* er godkjent$/);
    expect(alert.text).toContain('korreksjoner bokført: 2');
  });

  it('a second confirm or reject answers 409 and posts nothing', async () => {
    const data = await registerAtDifferences(day(-22), [4]);
    expect((await decide(tokens.admin, { id: data.id, confirm: true })).status).toBe(200);
    const before = await corrections();
    for (const [body, reason] of [
      [{ id: data.id, confirm: true }, 'decidedConfirmed'],
      [{ id: data.id, confirm: false, comment: 'Too late.' }, 'decidedConfirmed'],
    ] as const) {
      const again = await decide(tokens.staff, body);
      expect(again.status).toBe(409);
      expect(again.body.error.type).toBe('COUNT_AUDIT');
      // The staff user writes Norwegian too (Oslo depot).
      expect(again.body.error.message).toBe(refusal(reason));
    }
    expect(await corrections()).toBe(before);
    const detail = (await ctx.call('GET', `/api/CountAudits/${data.id}`, { token: tokens.admin })).body.data;
    expect(detail.decided.name).toBe('Anders Haugen');
  });

  it('two confirms at the same moment: one wins, the other gets 409, the corrections post once', async () => {
    const data = await registerAtDifferences(day(-21), [6, -1]);
    const answers = await Promise.all([
      decide(tokens.admin, { id: data.id, confirm: true }),
      decide(tokens.staff, { id: data.id, confirm: true }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const entries = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE count_audit_id = ${data.id}`,
    );
    expect(Number(entries[0]?.n)).toBe(2);
    for (const productId of products.slice(0, 2)) {
      const line = answers.find((a) => a.status === 200)?.body.data.lines.find((l: { productId: number }) => l.productId === productId);
      expect((await fromLedger(kariLocation, productId, day(-21))).balance).toBe(line.countedQuantity);
    }
  });

  it('rejecting needs a reason; a rejected count posts nothing and tells the location why', async () => {
    const data = await registerAtDifferences(day(-19), [9]);
    const before = await corrections();
    for (const comment of [undefined, '   ']) {
      const answer = await decide(tokens.admin, { id: data.id, confirm: false, comment });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields.comment).toBe(nb('validation.rejectReason'));
    }
    const rejected = await decide(tokens.admin, { id: data.id, confirm: false, comment: 'The yard was not counted.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', comment: 'The yard was not counted.' });
    expect(rejected.body.data.lines[0].correction).toBeNull();
    expect(await corrections()).toBe(before);
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.kari, headers: { 'accept-language': 'en-US' } })).body.data;
    const alert = alerts.find((a: { sourceId: number; source: string }) => a.source === 'CountAudit' && a.sourceId === data.id);
    expect(alert.text).toContain('The yard was not counted.');
    // A rejected count cannot be confirmed afterwards.
    expect((await decide(tokens.admin, { id: data.id, confirm: true })).body.error.message).toBe(refusal('decidedRejected'));
  });

  it('tells the customer admin who registered a count when its location has no users of its own (issue 20)', async () => {
    // A location of kari's company that nobody works at: new, so no user has it.
    const location = await ctx.call('POST', '/api/Locations', {
      token: tokens.kari,
      body: {
        name: `Telling uten brukere ${kind}`,
        number: `CNT-${kind}-${Date.now()}`,
        typeId: 'GRS',
        statusId: 1,
        hasRamp: false,
        needsLift: false,
        street: 'Brynsveien 5',
        postalCode: '0667',
        postalName: 'OSLO',
        countryId: 'NO',
      },
    });
    expect(location.status, JSON.stringify(location.body)).toBe(200);
    const locationId = location.body.data.id as number;
    const alertsOfKari = async (auditId: number) =>
      (await ctx.call('GET', '/api/Alerts', { token: tokens.kari, headers: { 'accept-language': 'nb-NO' } })).body.data.filter(
        (a: { source: string; sourceId: number }) => a.source === 'CountAudit' && a.sourceId === auditId,
      );
    for (const confirm of [true, false]) {
      const registered = await register(tokens.kari, {
        locationId,
        date: day(confirm ? -6 : -5),
        lines: [{ productId: products[0], countedQuantity: 4 }],
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const id = registered.body.data.id as number;
      const decided = await decide(tokens.admin, confirm ? { id, confirm } : { id, confirm, comment: 'Telt på feil sted.' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      // kari acts at her own location, yet the decision reaches her bell, once, and opens the count.
      const alerts = await alertsOfKari(id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ target: `company/audit/${id}`, data: { read: false } });
      expect(alerts[0].title).toMatch(confirm ? /^Tellingen .* er godkjent$/ : /avvist/);
    }
  });

  it('a count is never settled before a confirmed later count of the same product', async () => {
    const early = await registerAtDifferences(day(-12), [2]);
    const late = await registerAtDifferences(day(-10), [1]);
    expect((await decide(tokens.admin, { id: late.id, confirm: true })).status).toBe(200);
    const before = await corrections();
    const refused = await decide(tokens.admin, { id: early.id, confirm: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/ble telt på nytt \d\d\.\d\d\.\d{4}, og den tellingen er godkjent$/);
    expect(await corrections()).toBe(before);
    const again = await register(tokens.kari, {
      locationId: kariLocation,
      date: day(-11),
      lines: [{ productId: products[0], countedQuantity: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.error.fields.date).toMatch(/og den tellingen er godkjent: velg en senere dag$/);
    // Rejecting the earlier count still works.
    expect((await decide(tokens.admin, { id: early.id, confirm: false, comment: 'Superseded.' })).status).toBe(200);
  });

  it('two counts of one location confirmed at the same moment: the earlier-dated never settles after the later one', async () => {
    for (const [earlyDay, lateDay] of [
      [-9, -8],
      [-7, -6],
    ] as const) {
      const late = await registerAtDifferences(day(lateDay), [1]);
      const early = await registerAtDifferences(day(earlyDay), [2]);
      const [lateAnswer, earlyAnswer] = await Promise.all([
        decide(tokens.admin, { id: late.id, confirm: true }),
        decide(tokens.staff, { id: early.id, confirm: true }),
      ]);
      expect(lateAnswer.status).toBe(200);
      // The early count is either confirmed first (then the late one settles on top of it) or refused.
      expect([200, 409]).toContain(earlyAnswer.status);
      if (earlyAnswer.status === 409)
        expect((await decide(tokens.admin, { id: early.id, confirm: false, comment: 'Superseded.' })).status).toBe(200);
      const counted = lateAnswer.body.data.lines[0].countedQuantity;
      expect((await fromLedger(kariLocation, products[0] as number, day(lateDay))).balance).toBe(counted);
    }
  });

  it('a depot’s count is decided by provider staff other than the one who registered it', async () => {
    const depots = (await ctx.call('GET', '/api/CountAuditLocations', { token: tokens.admin })).body.data;
    const depot = depots.find((l: { customerName: string }) => l.customerName === 'Nordic Pallet Pool AS');
    const [held] = await rows<{ productId: number }>(
      ctx.database.db,
      sql`SELECT product_id AS "productId" FROM balances WHERE location_id = ${depot.id} ORDER BY quantity DESC LIMIT 1`,
    );
    const productId = Number(held?.productId);
    const { balance } = await fromLedger(depot.id, productId, day(-5));
    const registered = await register(tokens.admin, {
      locationId: depot.id,
      date: day(-5),
      lines: [{ productId, countedQuantity: balance + 12 }],
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data.mayDecide).toBe(false);
    const own = await decide(tokens.admin, { id: registered.body.data.id, confirm: true });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(refusal('registeredIt'));
    const other = await decide(tokens.staff, { id: registered.body.data.id, confirm: true });
    expect(other.status).toBe(200);
    expect(other.body.data.lines[0].correction).toEqual({ quantity: 12, balanceKind: 'pooling' });
    expect((await fromLedger(depot.id, productId, day(-5))).balance).toBe(balance + 12);
  });

  it('the list: newest count date first, narrowed by location, dates and status; kari sees her company’s, the provider every location’s', async () => {
    const all = (await ctx.call('GET', '/api/CountAudits', { token: tokens.admin })).body.data;
    const dates = all.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.map((a: { customerName: string }) => a.customerName)).size).toBeGreaterThan(2);
    const kari = (await ctx.call('GET', '/api/CountAudits', { token: tokens.kari })).body.data;
    expect(kari.length).toBeGreaterThan(0);
    expect(kari.every((a: { customerName: string }) => a.customerName === 'Fjordland Dagligvare AS')).toBe(true);
    const narrowed = (
      await ctx.call('GET', `/api/CountAudits?locationId=${kariLocation}&from=${day(-30)}&to=${day(-20)}&status=confirmed`, {
        token: tokens.kari,
      })
    ).body.data;
    expect(narrowed.length).toBeGreaterThan(0);
    for (const a of narrowed) {
      expect(a).toMatchObject({ locationId: kariLocation, status: 'confirmed' });
      expect(a.date >= day(-30) && a.date <= day(-20)).toBe(true);
    }
    expect((await ctx.call('GET', `/api/CountAudits?from=${day(-1)}&to=${day(-2)}`, { token: tokens.kari })).status).toBe(400);
    expect((await ctx.call('GET', '/api/CountAudits?status=open', { token: tokens.kari })).status).toBe(400);
    const locations = (await ctx.call('GET', '/api/CountAuditLocations', { token: tokens.kari })).body.data;
    expect(locations.every((l: { customerName: string }) => l.customerName === 'Fjordland Dagligvare AS')).toBe(true);
    expect(locations.reduce((sum: number, l: { pending: number }) => sum + l.pending, 0)).toBe(1);
  });

  it('the ledger check names corrections without a confirmed count, out of place, or not matching the count’s difference', async () => {
    const db = ctx.database.db;
    const [audit] = await rows<{ id: number; locationId: number; productId: number; date: string }>(
      db,
      sql`SELECT a.id, a.location_id AS "locationId", e.product_id AS "productId", a.count_date AS date
          FROM count_audits a JOIN ledger_entries e ON e.count_audit_id = a.id ORDER BY a.id LIMIT 1`,
    );
    const { id, locationId, productId, date } = audit as { id: number; locationId: number; productId: number; date: string };
    const stray = async (values: ReturnType<typeof sql>) =>
      Number(
        (
          await rows<{ id: number }>(
            db,
            sql`INSERT INTO ledger_entries (product_id, location_id, balance_kind, quantity, source, count_audit_id, booking_date) VALUES ${values} RETURNING id`,
          )
        )[0]?.id,
      );
    const ids = [
      await stray(sql`(${productId}, ${locationId}, 'pooling', 0, 'correction', NULL, ${date}::date)`),
      await stray(sql`(${productId}, ${locationId}, 'pooling', 0, 'correction', ${id}, ${day(-700)}::date)`),
    ];
    await db.execute(sql`UPDATE count_audit_lines SET balance = balance + 1 WHERE audit_id = ${id} AND product_id = ${productId}`);
    try {
      const problems = await checkLedgerInvariant(db);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ problem: 'correctionWithoutAudit', locationId, productId }),
          expect.objectContaining({ problem: 'correctionMisplaced', countAuditId: id, locationId, productId }),
          expect.objectContaining({ problem: 'correctionDiffers', countAuditId: id, productId }),
        ]),
      );
      expect(problems).toHaveLength(3);
    } finally {
      await db.execute(sql`UPDATE count_audit_lines SET balance = balance - 1 WHERE audit_id = ${id} AND product_id = ${productId}`);
      await db.execute(sql`DELETE FROM ledger_entries WHERE id IN (${ids[0]}, ${ids[1]})`);
    }
  });
});
