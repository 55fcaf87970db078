/**
 * Support cases (issue 10, "Support"; docs/support.md): who sees which case, the thread with its
 * internal notes, the status machine and its history, templates, the bell and the mail on a
 * comment (over a real SMTP server), and the job that archives cases closed for 30 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { demoPhoto } from '../src/modules/demo-data/demo-photo.js';
import { archiveClosedTickets } from '../src/modules/support/archive-closed-tickets.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';
import { plainText, startTestMail, type TestSmtpServer, outboxIdle as waitForOutbox } from './smtp.js';

describe.each(backends)('support cases (%s)', (kind) => {
  // No call of this file posts orders or moves balances: the ledger cannot change.
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const tokens: Record<string, string> = {};
  const user = async (login: string) =>
    (
      await rows<{ id: number; locationId: number; customerId: number; email: string }>(
        ctx.database.db,
        sql`SELECT id, location_id AS "locationId", customer_id AS "customerId", email FROM users WHERE login_name = ${login}`,
      )
    )[0] as { id: number; locationId: number; customerId: number; email: string };
  const caseOf = async (topic: string) =>
    Number((await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM support_tickets WHERE topic = ${topic}`))[0]?.id);

  const outboxIdle = () => waitForOutbox(ctx.database.db);

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const login of ['admin', 'kari', 'ole', 'lise', 'mikko']) tokens[login] = await ctx.login(login);
    // The portal's SMTP delivery (nodemailer and the outbox) to a real SMTP server.
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  it('shows lise only the cases of her own store, and another customer’s case as if it did not exist', async () => {
    const lise = await user('lise');
    const { status, body } = await ctx.call('GET', '/api/SupportTickets', { token: tokens.lise });
    expect(status).toBe(200);
    expect(body.data.rows.length).toBeGreaterThan(0);
    expect(body.data.count).toBe(body.data.rows.length);
    for (const row of body.data.rows) expect(row.locationId).toBe(lise.locationId);
    // Her colleague's case at another store of her customer: 404, as is ole's case.
    const colleagues = await caseOf('Fel antal pallar på fakturan');
    expect((await ctx.call('GET', `/api/SupportTickets/${colleagues}`, { token: tokens.lise })).status).toBe(404);
    const oles = await caseOf('Mottatt antall stemmer ikke');
    expect((await ctx.call('GET', `/api/SupportTickets/${oles}`, { token: tokens.lise })).status).toBe(404);
    expect(
      (await ctx.call('POST', '/api/SupportTicketComments', { token: tokens.lise, body: { ticketId: oles, text: 'Hej' } })).status,
    ).toBe(404);
    // Provider staff see them all, archived ones when asked.
    const all = await ctx.call('GET', '/api/SupportTickets?status=Archived', { token: tokens.admin });
    expect(all.body.data.rows.map((r: { status: string }) => r.status)).toEqual(all.body.data.rows.map(() => 'Archived'));
    expect(all.body.data.count).toBeGreaterThan(0);
  });

  it('never shows ole the internal note or internal comments of his case, and refuses his internal comment', async () => {
    const oles = await caseOf('Mottatt antall stemmer ikke');
    const mine = await ctx.call('GET', `/api/SupportTickets/${oles}`, { token: tokens.ole });
    expect(mine.status).toBe(200);
    expect(mine.body.data.internalNote).toBeNull();
    expect(mine.body.data.comments.some((c: { internal: boolean }) => c.internal)).toBe(false);
    expect(JSON.stringify(mine.body)).not.toContain('kreditt');
    expect(mine.body.data.orderId).not.toBeNull();
    expect(mine.body.data.orderTarget).toMatch(/^(orders|dispatch|delivery|reception|expedition)\/\d+$/);
    const staff = await ctx.call('GET', `/api/SupportTickets/${oles}`, { token: tokens.admin });
    expect(staff.body.data.internalNote).toContain('kreditt');
    expect(staff.body.data.comments.some((c: { internal: boolean }) => c.internal)).toBe(true);
    const internal = await ctx.call('POST', '/api/SupportTicketComments', {
      token: tokens.ole,
      body: { ticketId: oles, text: 'Bare for oss', internal: true },
    });
    expect(internal.status).toBe(403);
    // Nor may he set a status or take a case.
    expect((await ctx.call('POST', '/api/SupportTickets', { token: tokens.ole, body: { id: oles, status: 'Closed' } })).status).toBe(403);
  });

  it('runs a case through the status machine with its history: open, take, wait, reopen by reply, close', async () => {
    const lise = await user('lise');
    const created = await ctx.call('POST', '/api/SupportTickets', {
      token: tokens.lise,
      body: { topic: 'Pallar saknas i leveransen', description: 'Två pallar saknades.', category: 'delivery', priority: 'High' },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ status: 'New', priority: 'High', locationId: lise.locationId, userId: lise.id });
    // The provider's support desk is alerted in the bell.
    const [desk] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM alerts WHERE source = 'Support' AND source_id = ${id}
            AND user_id IN (SELECT id FROM users WHERE is_support)`,
    );
    expect(Number(desk?.n)).toBeGreaterThan(0);
    // A photo by content; a text file named .png is refused.
    const photo = multipart({ ticketId: id }, { name: 'foto.png', type: 'image/png', data: demoPhoto() });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/SupportTicketAttachments',
      headers: { authorization: `Bearer ${tokens.lise}`, ...photo.headers },
      payload: photo.payload,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data).toMatchObject({ ticketId: id, mime: 'image/png' });
    const fake = multipart({ ticketId: id }, { name: 'fake.png', data: Buffer.from('not an image') });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/SupportTicketAttachments',
      headers: { authorization: `Bearer ${tokens.lise}`, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/SupportTicketAttachments/${upload.json().data.id}`,
      headers: { authorization: `Bearer ${tokens.ole}` },
    });
    expect(file.statusCode).toBe(404);
    // An archived case takes no more files (as no comments): 409, nothing stored.
    await ctx.database.db.execute(sql`UPDATE support_tickets SET status = 'Archived' WHERE id = ${id}`);
    const late = multipart({ ticketId: id }, { name: 'late.png', type: 'image/png', data: demoPhoto() });
    const closedDoor = await ctx.app.inject({
      method: 'POST',
      url: '/api/SupportTicketAttachments',
      headers: { authorization: `Bearer ${tokens.lise}`, ...late.headers },
      payload: late.payload,
    });
    expect(closedDoor.statusCode).toBe(409);
    await ctx.database.db.execute(sql`UPDATE support_tickets SET status = 'New' WHERE id = ${id}`);

    const taken = await ctx.call('POST', '/api/SupportTickets', { token: tokens.admin, body: { id, take: true } });
    expect(taken.body.data).toMatchObject({ status: 'Open', assignedUserName: 'Anders Haugen' });
    const pending = await ctx.call('POST', '/api/SupportTickets', {
      token: tokens.admin,
      body: { id, status: 'Pending', priority: 'Normal' },
    });
    expect(pending.body.data.status).toBe('Pending');
    const reply = await ctx.call('POST', '/api/SupportTicketComments', {
      token: tokens.lise,
      body: { ticketId: id, text: 'Här är fraktsedeln.' },
    });
    expect(reply.body.data.status).toBe('Open');
    const closed = await ctx.call('POST', '/api/SupportTickets', { token: tokens.admin, body: { id, status: 'Closed' } });
    expect(closed.body.data.status).toBe('Closed');
    // Closed: lise can no longer change its text, and Closed -> Pending is no step of the machine.
    expect((await ctx.call('POST', '/api/SupportTickets', { token: tokens.lise, body: { id, topic: 'Ny rubrik' } })).status).toBe(403);
    const wrong = await ctx.call('POST', '/api/SupportTickets', { token: tokens.admin, body: { id, status: 'Pending' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.status ?? JSON.stringify(wrong.body)).toBeTruthy();

    const detail = await ctx.call('GET', `/api/SupportTickets/${id}`, { token: tokens.lise });
    const steps = detail.body.data.history
      .filter((h: { field: string }) => h.field === 'status')
      .map((h: { toValue: string }) => h.toValue);
    expect(steps).toEqual(['New', 'Open', 'Pending', 'Open', 'Closed']);
    expect(detail.body.data.history.some((h: { field: string; toValue: string }) => h.field === 'priority' && h.toValue === 'Normal')).toBe(
      true,
    );
    expect(detail.body.data.attachments).toHaveLength(1);
    // A reply by the customer reopens a closed case too.
    const reopened = await ctx.call('POST', '/api/SupportTicketComments', {
      token: tokens.lise,
      body: { ticketId: id, text: 'Det saknas fortfarande.' },
    });
    expect(reopened.body.data.status).toBe('Open');
  });

  it('alerts lise in the bell and mails her in Swedish when the provider answers', async () => {
    const lise = await user('lise');
    const id = await caseOf('Trasig back i senaste leveransen');
    const answered = await ctx.call('POST', '/api/SupportTicketComments', {
      token: tokens.admin,
      body: { ticketId: id, text: 'Chauffören hämtar backen på torsdag.' },
    });
    expect(answered.status).toBe(200);
    const bell = await ctx.call('GET', '/api/Alerts', { token: tokens.lise });
    const alert = bell.body.data.find((a: { source: string; text: string }) => a.source === 'Support' && a.text.includes('torsdag'));
    expect(alert).toMatchObject({ sourceId: id, target: `support/tickets/${id}` });
    expect(alert.title).toContain(`${id}`);
    await outboxIdle();
    const mail = smtp.received.find((m) => m.to.includes(lise.email) && plainText(m.raw).includes('torsdag'));
    expect(mail).toBeDefined();
    const body = plainText(mail?.raw ?? '');
    expect(body).toContain(`Öppna ärendet: http://localhost:3000/app/support/tickets/${id}`);
    // An internal comment alerts nobody.
    const before = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM alerts WHERE source = 'Support'`);
    await ctx.call('POST', '/api/SupportTicketComments', { token: tokens.admin, body: { ticketId: id, text: 'Notering', internal: true } });
    const after = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM alerts WHERE source = 'Support'`);
    expect(after[0]?.n).toBe(before[0]?.n);
    // Who turned the mails off gets the alert but no mail.
    await ctx.database.db.execute(sql`UPDATE users SET notify_support = false WHERE id = ${lise.id}`);
    const stored = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM email_archive WHERE to_user_id = ${lise.id}`,
    );
    await ctx.call('POST', '/api/SupportTicketComments', { token: tokens.admin, body: { ticketId: id, text: 'En sak till.' } });
    const now = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM email_archive WHERE to_user_id = ${lise.id}`);
    expect(now[0]?.n).toBe(stored[0]?.n);
    await ctx.database.db.execute(sql`UPDATE users SET notify_support = true WHERE id = ${lise.id}`);
  });

  it('names the new status, translated, in the alert’s title in every language and in the mail’s subject (issue 20)', async () => {
    const lise = await user('lise');
    const created = await ctx.call('POST', '/api/SupportTickets', {
      token: tokens.lise,
      body: { topic: 'Status i rubriken', description: 'Vilken status har ärendet?', category: 'other' },
    });
    const id = created.body.data.id as number;
    const set = await ctx.call('POST', '/api/SupportTickets', { token: tokens.admin, body: { id, status: 'Pending' } });
    expect(set.status).toBe(200);
    const [alert] = await rows<{ texts: Record<string, { title: string; text: string }> }>(
      ctx.database.db,
      sql`SELECT texts FROM alerts WHERE source = 'Support' AND source_id = ${id} AND user_id = ${lise.id} ORDER BY id DESC LIMIT 1`,
    );
    const texts = typeof alert?.texts === 'string' ? JSON.parse(alert.texts) : alert?.texts;
    for (const locale of ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const) {
      const t = translator(locale);
      expect(texts?.[locale]?.title, locale).toBe(t('support.alert.statusTitle', { id, status: t('support.status.Pending') }));
      expect(texts?.[locale]?.title, locale).not.toContain('{{');
    }
    // lise reads it in Swedish in the bell, and the mail's subject says the same.
    const bell = await ctx.call('GET', '/api/Alerts', { token: tokens.lise });
    const shown = bell.body.data.find((a: { source: string; sourceId: number }) => a.source === 'Support' && a.sourceId === id);
    expect(shown.title).toContain(translator('sv-SE')('support.status.Pending'));
    const [mail] = await rows<{ subject: string }>(
      ctx.database.db,
      sql`SELECT subject FROM email_archive WHERE to_user_id = ${lise.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(mail?.subject).toBe(texts?.['sv-SE']?.title);
  });

  it('keeps templates for provider staff only, one default per category and language, deactivated not deleted', async () => {
    expect((await ctx.call('GET', '/api/SupportTemplates', { token: tokens.ole })).status).toBe(403);
    expect(
      (
        await ctx.call('POST', '/api/SupportTemplates', {
          token: tokens.kari,
          body: { title: 'x', text: 'y', category: null, language: null, isDefault: false, isActive: true },
        })
      ).status,
    ).toBe(403);
    const first = await ctx.call('POST', '/api/SupportTemplates', {
      token: tokens.admin,
      body: {
        title: 'Leveranstid',
        text: 'Leveransen kommer inom två dagar.',
        category: 'order',
        language: 'sv-SE',
        isDefault: true,
        isActive: true,
      },
    });
    expect(first.status).toBe(200);
    const second = await ctx.call('POST', '/api/SupportTemplates', {
      token: tokens.admin,
      body: {
        title: 'Leveranstid 2',
        text: 'Leveransen kommer i morgon.',
        category: 'order',
        language: 'sv-SE',
        isDefault: true,
        isActive: true,
      },
    });
    expect(second.body.data.isDefault).toBe(true);
    const list = await ctx.call('GET', '/api/SupportTemplates?category=order&language=sv-SE', { token: tokens.admin });
    const defaults = list.body.data.filter(
      (t: { isDefault: boolean; category: string | null; language: string | null }) =>
        t.isDefault && t.category === 'order' && t.language === 'sv-SE',
    );
    expect(defaults.map((t: { title: string }) => t.title)).toEqual(['Leveranstid 2']);
    const off = await ctx.call('POST', '/api/SupportTemplates', {
      token: tokens.admin,
      body: { ...second.body.data, id: second.body.data.id, isActive: false, updatedByName: undefined, updatedAt: undefined },
    });
    expect(off.status).toBe(200);
    const active = await ctx.call('GET', '/api/SupportTemplates', { token: tokens.admin });
    expect(active.body.data.some((t: { id: number }) => t.id === second.body.data.id)).toBe(false);
    const everything = await ctx.call('GET', '/api/SupportTemplates?includeInactive=true', { token: tokens.admin });
    expect(everything.body.data.some((t: { id: number }) => t.id === second.body.data.id)).toBe(true);
    // Each change is in the application log with before and after.
    const [log] = await rows<{ before: { isActive: boolean } }>(
      ctx.database.db,
      sql`SELECT before FROM app_log WHERE kind = 'adminChange' AND data ->> 'entity' = 'supportTemplate' ORDER BY id DESC LIMIT 1`,
    );
    expect(log?.before.isActive).toBe(true);
  });

  it('archives a case closed for 30 days, once, and leaves a younger one closed', async () => {
    const kari = await user('kari');
    const id = await caseOf('Tilgang for ny medarbeider');
    const other = (
      await ctx.call('POST', '/api/SupportTickets', { token: tokens.kari, body: { topic: 'Ung sak', description: 'Lukkes nylig.' } })
    ).body.data.id as number;
    await ctx.call('POST', '/api/SupportTickets', { token: tokens.admin, body: { id: other, status: 'Closed' } });
    await ctx.database.db.execute(sql`UPDATE support_tickets SET closed_at = now() - interval '31 days' WHERE id = ${id}`);
    await ctx.database.db.execute(sql`UPDATE support_tickets SET closed_at = now() - interval '29 days' WHERE id = ${other}`);
    const [first, second] = await Promise.all([archiveClosedTickets(ctx.database.db), archiveClosedTickets(ctx.database.db)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    const [archived] = await rows<{ status: string; customerId: number }>(
      ctx.database.db,
      sql`SELECT status, customer_id AS "customerId" FROM support_tickets WHERE id = ${id}`,
    );
    expect(archived).toEqual({ status: 'Archived', customerId: kari.customerId });
    const [young] = await rows<{ status: string }>(ctx.database.db, sql`SELECT status FROM support_tickets WHERE id = ${other}`);
    expect(young?.status).toBe('Closed');
    // Archived takes no more comments.
    expect((await ctx.call('POST', '/api/SupportTicketComments', { token: tokens.kari, body: { ticketId: id, text: 'Hei' } })).status).toBe(
      409,
    );
  });

  it('counts the new cases for the provider’s badge, filters and sorts the list, and refuses bad input with 400', async () => {
    const count = await ctx.call('GET', '/api/SupportTicketCount', { token: tokens.admin });
    const [news] = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM support_tickets WHERE status = 'New'`);
    expect(count.body.data.newCount).toBe(Number(news?.n));
    expect((await ctx.call('GET', '/api/SupportTicketCount', { token: tokens.lise })).body.data.newCount).toBe(0);
    const high = await ctx.call('GET', '/api/SupportTickets?priority=High&sort=createdAt&descending=false', { token: tokens.admin });
    expect(high.body.data.rows.every((r: { priority: string }) => r.priority === 'High')).toBe(true);
    const created = high.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort());
    const text = await ctx.call('GET', `/api/SupportTickets?text=${encodeURIComponent('kontti')}`, { token: tokens.admin });
    expect(text.body.data.rows.map((r: { topic: string }) => r.topic)).toEqual(['Kontti ei aukea']);
    expect((await ctx.call('GET', '/api/SupportTickets?status=Lost', { token: tokens.admin })).status).toBe(400);
    expect((await ctx.call('GET', '/api/SupportTickets?from=2026-05-02&to=2026-05-01', { token: tokens.admin })).status).toBe(400);
    expect((await ctx.call('POST', '/api/SupportTickets', { token: tokens.lise, body: { topic: '', description: 'x' } })).status).toBe(400);
    const order = await ctx.call('POST', '/api/SupportTickets', {
      token: tokens.lise,
      body: { topic: 'Order', description: 'x', orderId: 1 },
    });
    expect(order.status).toBe(400);
    // A lone surrogate in a JSON string (no character at all) is refused with a field message, not a 500.
    const id = await caseOf('Trasig back i senaste leveransen');
    const odd = await ctx.app.inject({
      method: 'POST',
      url: '/api/SupportTicketComments',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      payload: `{"ticketId":${id},"text":"Trasig \\ud800 back"}`,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.fields.text).toBeTruthy();
  });
});
