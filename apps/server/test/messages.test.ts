/**
 * Messages, news and Global > Publishing (issue 10; docs/messages.md): who sees a published
 * message (language, window, location type, task, customer), that only global admins publish,
 * must-read recorded per user through POST MessageRead, and that no script is ever stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface MessageAnswer {
  id: number;
  title: string;
  text: string;
  mustRead: boolean;
  read: boolean;
  status?: string;
  texts?: Record<string, { title: string; text: string }>;
}

/** A plain date `days` from today (UTC), as the server reckons the window. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(backends)('messages and publishing (%s)', (kind) => {
  let ctx: TestContext;
  let admin = '';
  let lise = '';
  let ole = '';
  let mikko = '';
  let kari = '';
  beforeAll(async () => {
    // No ledger check after each test: this file writes messages, their reads and the log only.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    admin = await ctx.login('admin');
    lise = await ctx.login('lise');
    ole = await ctx.login('ole');
    mikko = await ctx.login('mikko');
    kari = await ctx.login('kari');
  });
  afterAll(() => ctx.close());

  let serial = 0;
  /** Publishes a message as the admin (unique title) and answers its id. */
  const publish = async (fields: Record<string, unknown> = {}, title = `Notice ${++serial}`) => {
    const answer = await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: { type: 'messages', texts: { 'en-US': { title, text: `About ${title}` } }, ...fields },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { id: answer.body.data.id as number, title };
  };
  const list = async (token: string, query = 'type=messages') => {
    const answer = await ctx.call('GET', `/api/Messages?${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data as MessageAnswer[];
  };
  const sees = async (token: string, id: number, query = 'type=messages') => (await list(token, query)).some((m) => m.id === id);

  it('shows a message for Swedish users to a Swedish user and not to a Norwegian one', async () => {
    const { id } = await publish({
      language: 'sv-SE',
      texts: { 'sv-SE': { title: 'Nyhet för svenska kunder', text: 'Bara på svenska.' } },
    });
    expect(await sees(lise, id)).toBe(true);
    expect(await sees(ole, id)).toBe(false);
    expect((await ctx.call('GET', `/api/Messages/${id}`, { token: ole })).status).toBe(404);
    const opened = await ctx.call('GET', `/api/Messages/${id}`, { token: lise });
    expect(opened.body.data).toMatchObject({ title: 'Nyhet för svenska kunder', text: 'Bara på svenska.' });
  });

  it('writes each reader’s language where it was written, the fallback elsewhere', async () => {
    const { id } = await publish({
      texts: {
        'sv-SE': { title: 'Ny prislista', text: 'Gäller från måndag.' },
        'fi-FI': { title: 'Uusi hinnasto', text: 'Voimassa maanantaista.' },
        'en-US': { title: 'New price list', text: 'From Monday.' },
      },
    });
    expect((await list(lise)).find((m) => m.id === id)?.title).toBe('Ny prislista');
    expect((await list(mikko)).find((m) => m.id === id)?.title).toBe('Uusi hinnasto');
    expect((await list(ole)).find((m) => m.id === id)?.title).toBe('New price list');
  });

  it('shows a message only inside its show-from..show-to window', async () => {
    const later = await publish({ showFrom: day(2) });
    const over = await publish({ showFrom: day(-10), showTo: day(-1) });
    const today = await publish({ showFrom: day(0), showTo: day(0) });
    expect(await sees(lise, later.id)).toBe(false);
    expect(await sees(lise, over.id)).toBe(false);
    expect(await sees(lise, today.id)).toBe(true);
    expect((await ctx.call('GET', `/api/Messages/${later.id}`, { token: lise })).status).toBe(404);
    // The admin's Publishing list has them all, with their status.
    const all = await list(admin, 'all=true');
    expect(all.find((m) => m.id === later.id)?.status).toBe('scheduled');
    expect(all.find((m) => m.id === over.id)?.status).toBe('expired');
    expect(all.find((m) => m.id === today.id)?.status).toBe('live');
  });

  it('narrows the audience by location type, task and customer', async () => {
    // lise's store is a retail store (BUT); ole's brewery a supplier (LEV).
    const stores = await publish({ locationType: 'BUT' });
    expect(await sees(lise, stores.id)).toBe(true);
    expect(await sees(ole, stores.id)).toBe(false);
    // ole has the tasks ORDER, DISPATCH, SHIPMENT, RECEPTION, REPORTS; lise has none, which means all.
    const containers = await publish({ taskId: 'CONTAINER' });
    const reception = await publish({ taskId: 'RECEPTION' });
    expect(await sees(ole, containers.id)).toBe(false);
    expect(await sees(ole, reception.id)).toBe(true);
    expect(await sees(lise, containers.id)).toBe(true);
    const [customer] = await rows<{ id: number }>(ctx.database.db, sql`SELECT customer_id AS id FROM users WHERE login_name = 'lise'`);
    const own = await publish({ visibility: 'customer', customerId: Number(customer?.id) });
    expect(await sees(lise, own.id)).toBe(true);
    expect(await sees(ole, own.id)).toBe(false);
    expect((await ctx.call('GET', `/api/Messages/${own.id}`, { token: ole })).status).toBe(404);
    // A customer message needs its customer, and one that exists.
    const missing = await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: { type: 'messages', visibility: 'customer', texts: { 'en-US': { title: 'x', text: 'y' } } },
    });
    expect(missing.status).toBe(400);
    // The admin's session is in Norwegian: field messages come in it.
    expect(missing.body.error.fields.customerId).toBe('Velg kunden som skal se meldingen');
    const unknown = await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: { type: 'messages', visibility: 'customer', customerId: 999_999, texts: { 'en-US': { title: 'x', text: 'y' } } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.customerId).toBe('Kunden finnes ikke');
  });

  it('lets only global admins publish or see every message', async () => {
    const body = { type: 'messages', texts: { 'en-US': { title: 'Not mine to publish', text: 'No.' } } };
    for (const token of [kari, ole, lise]) {
      expect((await ctx.call('POST', '/api/Messages', { token, body })).status).toBe(403);
      expect((await ctx.call('GET', '/api/Messages?all=true', { token })).status).toBe(403);
    }
    const { id } = await publish();
    expect((await ctx.call('GET', `/api/Messages/${id}?all=true`, { token: kari })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Messages', { body })).status).toBe(401);
    const [count] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM messages WHERE title = 'Not mine to publish'`,
    );
    expect(Number(count?.n)).toBe(0);
  });

  it('records a must-read message as read per user, without touching the alerts', async () => {
    const { id } = await publish({ mustRead: true });
    const mustRead = async (token: string) => (await list(token, 'mustRead=true')).find((m) => m.id === id);
    expect(await mustRead(lise)).toMatchObject({ mustRead: true, read: false });
    expect(await mustRead(mikko)).toMatchObject({ read: false });
    const read = await ctx.call('POST', '/api/MessageRead', { token: lise, body: { id, read: true, source: 'Message' } });
    expect(read.status).toBe(200);
    expect(await mustRead(lise)).toMatchObject({ read: true });
    expect(await mustRead(mikko)).toMatchObject({ read: false });
    // Unread again, and a message the user does not see cannot be marked.
    await ctx.call('POST', '/api/MessageRead', { token: lise, body: { id, read: false, source: 'Message' } });
    expect(await mustRead(lise)).toMatchObject({ read: false });
    const swedish = await publish({ language: 'sv-SE' });
    const hidden = await ctx.call('POST', '/api/MessageRead', { token: ole, body: { id: swedish.id, read: true, source: 'Message' } });
    expect(hidden.status).toBe(404);
    // Without a source the call marks an alert of the bell, as before.
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: lise })).body.data as { id: number; data: { read: boolean } }[];
    const alert = alerts.find((a) => !a.data.read);
    expect(alert).toBeDefined();
    expect((await ctx.call('POST', '/api/MessageRead', { token: lise, body: { id: alert?.id, read: true } })).status).toBe(200);
    const after = (await ctx.call('GET', '/api/Alerts', { token: lise })).body.data as { id: number; data: { read: boolean } }[];
    expect(after.find((a) => a.id === alert?.id)?.data.read).toBe(true);
  });

  it('never stores a script: script tags, event attributes and javascript: links are refused', async () => {
    for (const text of [
      'Hello <script>alert(1)</script>',
      '[click](javascript:alert(1))',
      '<img src=x onerror="alert(1)">',
      '<iframe src="https://example.com"></iframe>',
    ]) {
      const answer = await ctx.call('POST', '/api/Messages', {
        token: admin,
        body: { type: 'messages', texts: { 'en-US': { title: 'Unsafe', text } } },
      });
      expect(answer.status, text).toBe(400);
      expect(answer.body.error.fields['texts.en-US.text']).toMatch(/Markdown/);
    }
    const [count] = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM messages WHERE title = 'Unsafe'`);
    expect(Number(count?.n)).toBe(0);
    // Markdown with headings, links, lists and images is kept as written.
    const markdown = '# Heading\n\n- one\n- two\n\n[Site](https://example.com) ![Pallet](https://example.com/p.png)';
    const { id } = await publish({ texts: { 'en-US': { title: 'Rich', text: markdown } } });
    expect((await ctx.call('GET', `/api/Messages/${id}`, { token: lise })).body.data.text).toBe(markdown);
  });

  it('updates, withdraws and restores a message, logging each change with before and after', async () => {
    const { id } = await publish({}, 'Draft title');
    const update = await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: {
        id,
        type: 'messages',
        texts: { 'en-US': { title: 'Final title', text: 'Final text' }, 'nb-NO': { title: 'Endelig tittel', text: 'Endelig tekst' } },
      },
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ title: 'Endelig tittel', status: 'live', texts: { 'en-US': { title: 'Final title' } } });
    expect((await list(ole)).find((m) => m.id === id)?.title).toBe('Endelig tittel');
    const withdraw = await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: { id, type: 'messages', withdrawn: true, texts: { 'en-US': { title: 'Final title', text: 'Final text' } } },
    });
    expect(withdraw.body.data.status).toBe('withdrawn');
    expect(await sees(ole, id)).toBe(false);
    expect((await ctx.call('GET', `/api/Messages/${id}`, { token: ole })).status).toBe(404);
    await ctx.call('POST', '/api/Messages', {
      token: admin,
      body: { id, type: 'messages', withdrawn: false, texts: { 'en-US': { title: 'Final title', text: 'Final text' } } },
    });
    expect(await sees(ole, id)).toBe(true);
    const log = await rows<{ before: unknown; after: { title: string; withdrawnAt: string | null } | string }>(
      ctx.database.db,
      sql`SELECT before, after FROM app_log WHERE kind = 'publish' AND (data ->> 'messageId')::int = ${id} ORDER BY id`,
    );
    expect(log).toHaveLength(4);
    expect(log[0]?.before).toBeNull();
    const after = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(after(log[1]?.before)).toMatchObject({ title: 'Draft title' });
    expect(after(log[1]?.after)).toMatchObject({ title: 'Final title' });
    expect(after(log[2]?.after).withdrawnAt).not.toBeNull();
    expect(after(log[3]?.after).withdrawnAt).toBeNull();
    expect(
      (
        await ctx.call('POST', '/api/Messages', {
          token: admin,
          body: { id: 999_999, type: 'messages', texts: { 'en-US': { title: 'a', text: 'b' } } },
        })
      ).status,
    ).toBe(404);
  });

  it('finds the guides of a route by path or area (the help icon)', async () => {
    const byPath = await publish({ type: 'guides', path: 'orders' });
    const byArea = await publish({ type: 'guides', area: 'company' });
    const guides = (route: string) => list(lise, `type=guides&route=${encodeURIComponent(route)}`);
    expect((await guides('orders/12')).map((m) => m.id)).toContain(byPath.id);
    expect((await guides('orders/12')).map((m) => m.id)).not.toContain(byArea.id);
    expect((await guides('company/users')).map((m) => m.id)).toEqual([byArea.id]);
    expect((await guides('ordersx')).map((m) => m.id)).not.toContain(byPath.id);
  });

  it('opens the demo guide of the delivery pages in the reader’s language, as Markdown', async () => {
    const swedish = await list(lise, 'type=guides&route=delivery');
    expect(swedish.map((m) => m.title)).toContain('Så registrerar du en leverans');
    expect(swedish.find((m) => m.title === 'Så registrerar du en leverans')?.text).toMatch(/^## Steg/);
    // ole has the SHIPMENT task; in Norwegian.
    expect((await list(ole, 'type=guides&route=delivery')).map((m) => m.title)).toContain('Slik registrerer du en levering');
  });

  it('shows the demo articles in the reader’s language (issue 20: they were English for everyone)', async () => {
    const titles = async (token: string) => (await list(token, 'type=articles')).map((m) => m.title).sort();
    expect(await titles(lise)).toEqual(['Därför sparar pooling pengar och CO₂', 'Kvalitet A eller B?']);
    expect(await titles(mikko)).toEqual(['Laatu A vai B?', 'Miksi pooli säästää rahaa ja CO₂-päästöjä']);
    expect(await titles(ole)).toEqual(['Hvorfor pooling sparer penger og CO₂', 'Kvalitet A eller B?']);
    const finnish = (await list(mikko, 'type=articles')).find((m) => m.title === 'Laatu A vai B?');
    expect(finnish?.text).toMatch(/^Laatu A:n lavat ovat puhtaita/);
  });

  it('greets visitors on the login page in their language, and asks a token for anything else', async () => {
    const swedish = await ctx.call('GET', '/api/Messages?type=login&anonymous=true&language=sv-SE');
    expect(swedish.status).toBe(200);
    expect((swedish.body.data as MessageAnswer[]).map((m) => m.title)).toContain('Välkommen till Nordic Pallet Pool');
    expect((swedish.body.data as MessageAnswer[]).map((m) => m.title)).not.toContain('Velkommen til Nordic Pallet Pool');
    expect((await ctx.call('GET', '/api/Messages?type=guides')).status).toBe(401);
    expect((await ctx.call('GET', '/api/Messages?type=login&all=true')).status).toBe(401);
    expect((await ctx.call('GET', '/api/Messages?type=nonsense', { token: lise })).status).toBe(400);
  });
});
