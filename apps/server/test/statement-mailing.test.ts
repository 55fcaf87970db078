/**
 * Statements mailed on a schedule (issue 22): the customer admin chooses the schedule and the
 * recipients (GET / POST StatementSettings; other users 403, bad input 400 with a field message);
 * the statement job mails each active location's statement of the last closed period once, with
 * its PDF, in the customer's country's language, through the outbox to a real SMTP server, and a
 * second run (as a second process would) mails nothing more. The job's clock is fixed.
 */
import { todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { mailDueStatements } from '../src/modules/statements/mail-statements.js';
import { lastClosedPeriod } from '../src/modules/statements/statement-periods.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { outboxIdle, plainText, startTestMail, type TestSmtpServer } from './smtp.js';

describe('statement periods', () => {
  it('mails the month before monthly, and the halves of a month twice a month', () => {
    expect(lastClosedPeriod('monthly', '2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastClosedPeriod('monthly', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastClosedPeriod('twiceMonthly', '2026-12-15')).toEqual({ from: '2026-11-16', to: '2026-11-30' });
    expect(lastClosedPeriod('twiceMonthly', '2026-12-16')).toEqual({ from: '2026-12-01', to: '2026-12-15' });
    expect(lastClosedPeriod('twiceMonthly', '2028-03-01')).toEqual({ from: '2028-02-16', to: '2028-02-29' });
    expect(lastClosedPeriod('off', '2026-12-16')).toBeNull();
  });
});

describe.each(backends)('statement mailing (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let kari: string;
  let customerId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    kari = await ctx.login('kari');
    customerId = (await ctx.call('GET', '/api/location', { token: kari })).body.data.customerId;
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  let demoMailedTo = '';

  it('lets the customer admin choose the schedule and recipients, and no one else', async () => {
    const first = await ctx.call('GET', '/api/StatementSettings', { token: kari });
    expect(first.status).toBe(200);
    // The demo's: twice a month to Fjordland's accounts department; the demo mailed kari's location's last half month.
    expect(first.body.data).toMatchObject({
      schedule: 'twiceMonthly',
      recipients: [expect.stringMatching(/^regnskap@/)],
      lastMailedTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    demoMailedTo = first.body.data.lastMailedTo;
    const ole = await ctx.login('ole');
    expect((await ctx.call('GET', '/api/StatementSettings', { token: ole })).status).toBe(403);
    const post = (token: string, body: unknown) => ctx.call('POST', '/api/StatementSettings', { token, body });
    expect((await post(ole, { schedule: 'monthly', recipients: ['a@b.no'] })).status).toBe(403);
    const none = await post(kari, { schedule: 'monthly', recipients: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.recipients).toBe('Legg til minst én adresse kontoutskriftene skal sendes til');
    expect((await post(kari, { schedule: 'monthly', recipients: ['not an address'] })).status).toBe(400);
    expect((await post(kari, { schedule: 'weekly', recipients: ['a@b.no'] })).status).toBe(400);
    const saved = await post(kari, { schedule: 'twiceMonthly', recipients: ['Regnskap@Fjordland.test', 'regnskap@fjordland.test'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ schedule: 'twiceMonthly', recipients: ['regnskap@fjordland.test'] });
    expect((await ctx.call('GET', '/api/StatementSettings', { token: kari })).body.data.schedule).toBe('twiceMonthly');
  });

  it('mails each location’s statement of the last closed period once, with its PDF, in the customer’s language', async () => {
    await ctx.call('POST', '/api/StatementSettings', {
      token: kari,
      body: { schedule: 'monthly', recipients: ['regnskap@fjordland.test'] },
    });
    const now = new Date();
    const period = lastClosedPeriod('monthly', todayIn('NO', now)) as { from: string; to: string };
    const mailed = await mailDueStatements(ctx.database.db, now, 1000);
    expect(mailed).toBeGreaterThan(0);
    // As a second process would: nothing is due any more.
    expect(await mailDueStatements(ctx.database.db, now, 1000)).toBe(0);

    const done = await rows<{ locationId: number; emailId: number | null }>(
      ctx.database.db,
      sql`SELECT location_id AS "locationId", email_id AS "emailId" FROM statement_mailings
          WHERE customer_id = ${customerId} AND period_from = ${period.from}::date AND period_to = ${period.to}::date`,
    );
    const [{ active }] = (await rows<{ active: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS active FROM locations WHERE customer_id = ${customerId} AND status_id = 1`,
    )) as [{ active: number }];
    expect(done).toHaveLength(Number(active));
    const mailedHere = done.filter((d) => d.emailId !== null).length;
    expect(mailedHere).toBeGreaterThan(0);
    // mikko's customer (the demo's monthly mailing, Finnish) was mailed in the same run.
    expect(mailed).toBeGreaterThan(mailedHere);
    const [attachment] = await rows<{ fileName: string; contentType: string; size: number }>(
      ctx.database.db,
      sql`SELECT a.file_name AS "fileName", a.content_type AS "contentType", length(a.data) AS size
          FROM email_attachments a JOIN email_archive e ON e.id = a.email_id JOIN statement_mailings m ON m.email_id = e.id
          WHERE e.topic = 'statement' AND m.period_from = ${period.from}::date AND m.period_to = ${period.to}::date ORDER BY a.id LIMIT 1`,
    );
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.fileName).toMatch(new RegExp(`^statement-\\d+-${period.from}-${period.to}\\.pdf$`));
    expect(Number(attachment?.size)).toBeGreaterThan(1000);

    await outboxIdle(ctx.database.db);
    const mails = smtp.received.filter((m) => m.to.includes('regnskap@fjordland.test'));
    expect(mails).toHaveLength(mailedHere);
    const text = plainText(mails[0]?.raw ?? '');
    expect(text).toContain('Vedlagt er kontoutskriften for');
    expect(mails[0]?.raw).toContain('application/pdf');
    expect(mails[0]?.raw).toContain('text/html');
    const finnish = smtp.received.find((m) => m.to.some((to) => to.startsWith('kirjanpito@')));
    expect(plainText(finnish?.raw ?? '')).toContain('Liitteenä on toimipaikan');
    const settings = await ctx.call('GET', '/api/StatementSettings', { token: kari });
    // The last period mailed: this month's run's or the demo's half month, whichever ends later.
    expect(settings.body.data.lastMailedTo).toBe([period.to, demoMailedTo].sort().at(-1));
  });
});
