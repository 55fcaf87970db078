/**
 * The outbox's order and the archive's copy of password links (issue 20, "Password links
 * arrive late"; docs/domain.md, "Mail"), over a real SMTP server (`smtp-server`) and the pooled
 * transport of production: a reset link queued behind 200 bulk mails goes out in the first
 * batch; a queue longer than a batch drains without waiting for the next poll; the email
 * archive (list and one mail) never shows a link's token, before or after it is sent, while
 * the mail that arrives carries the working link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { issuePasswordLink } from '../src/modules/accounts/password-link.js';
import { BATCH, deliverQueuedMail, type MailTransport, startMailOutbox } from '../src/modules/mail/outbox.js';
import { type MailInput, sendMails } from '../src/modules/mail/send-mail.js';
import { createSmtpTransport } from '../src/modules/mail/smtp.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { lastLinkTokenTo, outboxIdle, startSmtpServer, type TestSmtpServer } from './smtp.js';

/** A transport that refuses every mail: an outbox with it only queues (what it tries is queued again). */
const refusing: MailTransport = {
  async sendMail() {
    throw new Error('not now');
  },
};

describe.each(backends)('mail outbox (%s)', (kind) => {
  // No call of this file posts orders: the ledger cannot change.
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let admin = '';
  let ole: { id: number; email: string };

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    smtp = await startSmtpServer();
    admin = await ctx.login('admin');
    const [u] = await rows<{ id: number; email: string }>(ctx.database.db, sql`SELECT id, email FROM users WHERE login_name = 'ole'`);
    ole = { id: Number(u?.id), email: String(u?.email) };
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx.close();
  });

  const bulk = (n: number, tag: string): MailInput[] =>
    Array.from({ length: n }, (_, i) => ({ to: `bulk${i}@example.test`, subject: `${tag} ${i}`, text: 'Order mail', topic: 'purchase' }));
  /** Runs `write` with mail queued for SMTP (as in a process that delivers mail), then stops delivering. */
  const queued = async (write: () => Promise<unknown>) => {
    const stop = startMailOutbox(ctx.database.db, { transport: refusing, from: 'portal@example.test', pollMs: 3_600_000 });
    try {
      await write();
    } finally {
      await stop();
    }
  };
  /** A mail as the email archive answers it to the global admin: in the list and on its own. */
  const archived = async (id: number) => {
    const one = await ctx.call('GET', `/api/EmailArchive/${id}`, { token: admin });
    const list = await ctx.call('GET', `/api/EmailArchive?topic=passwordReset&toUserId=${ole.id}&count=500`, { token: admin });
    expect(one.status).toBe(200);
    return JSON.stringify([one.body.data, list.body.data.items.find((m: { id: number }) => m.id === id)]);
  };

  it('sends a reset link queued behind 200 bulk mails in the first batch, and the archive never shows its token', async () => {
    let linkMail = 0;
    await queued(async () => {
      await ctx.database.db.transaction((tx) => sendMails(tx, bulk(200, 'Import')));
      linkMail = Number(await ctx.database.db.transaction((tx) => issuePasswordLink(tx, { userId: ole.id, purpose: 'reset' })));
    });
    const [waiting] = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM email_archive WHERE status = 'queued'`);
    expect(Number(waiting?.n)).toBeGreaterThanOrEqual(201);
    // Before it is sent: the archive shows the link without its token.
    const before = await archived(linkMail);
    expect(before).toContain('/reset-password?token=…');
    expect(before).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);

    const transport = createSmtpTransport(smtp.url, {});
    try {
      const first = await deliverQueuedMail(ctx.database.db, transport, 'portal@example.test');
      expect(first.claimed).toBe(BATCH);
      expect(first.sent).toBe(BATCH);
    } finally {
      transport.close();
    }
    // The link arrived with its token and works; most of the import still waits.
    const token = lastLinkTokenTo(smtp.received, ole.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ctx.call('POST', '/api/PasswordLink', { body: { token } })).toMatchObject({
      status: 200,
      body: { data: { purpose: 'reset' } },
    });
    expect(smtp.received.filter((m) => m.to[0]?.startsWith('bulk')).length).toBe(BATCH - 1);
    // After it is sent: still no token in the archive, nor in the outbox's copy.
    const after = await archived(linkMail);
    expect(after).toContain('/reset-password?token=…');
    expect(after).not.toContain(token);
    const [stored] = await rows<{ status: string; sendBody: string | null; sendHtml: string | null }>(
      ctx.database.db,
      sql`SELECT status, send_body AS "sendBody", send_html AS "sendHtml" FROM email_archive WHERE id = ${linkMail}`,
    );
    expect(stored).toEqual({ status: 'sent', sendBody: null, sendHtml: null });
  });

  it('drains a queue longer than a batch at once, without waiting for the next poll', async () => {
    const transport = createSmtpTransport(smtp.url, {});
    const stop = startMailOutbox(ctx.database.db, { transport, from: 'portal@example.test', pollMs: 3_600_000 });
    try {
      await ctx.database.db.transaction((tx) => sendMails(tx, bulk(BATCH + 10, 'More')));
      await outboxIdle(ctx.database.db, 60_000);
    } finally {
      await stop();
      transport.close();
    }
    const [left] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM email_archive WHERE status <> 'sent'
      AND (subject LIKE 'Import %' OR subject LIKE 'More %')`,
    );
    expect(Number(left?.n)).toBe(0);
    // Each mail went out once.
    const subjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).filter((s) => s?.startsWith('More '));
    expect(new Set(subjects).size).toBe(BATCH + 10);
    expect(subjects).toHaveLength(BATCH + 10);
  });

  it('keeps no token of a welcome link written without SMTP, in the archive or anywhere else', async () => {
    const id = await ctx.database.db.transaction((tx) => issuePasswordLink(tx, { userId: ole.id, purpose: 'welcome' }));
    const one = await ctx.call('GET', `/api/EmailArchive/${id}`, { token: admin });
    expect(one.body.data).toMatchObject({ topic: 'welcome', status: 'stored' });
    expect(one.body.data.body).toContain('/reset-password?token=…');
    expect(one.body.data.html).toContain('/reset-password?token=…');
    const [row] = await rows<Record<string, unknown>>(ctx.database.db, sql`SELECT * FROM email_archive WHERE id = ${id}`);
    expect(JSON.stringify(row)).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
  });
});
