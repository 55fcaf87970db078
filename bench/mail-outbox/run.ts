/**
 * bench/mail-outbox: how fast the mail outbox empties a bulk queue, and how long a password
 * link queued behind it waits (issue 20, "Password links arrive late"). For each pool size, N
 * order mails are queued (as a large Excel import leaves them) and then one reset link; the
 * portal's own outbox (modules/mail/outbox.ts, with the pooled SMTP transport of
 * modules/mail/smtp.ts) sends them to a local SMTP server (`smtp-server`) that takes `--latency`
 * ms per message, as a real server across a network does. Prints mails per minute, when the
 * link arrived and how many bulk mails arrived before it, then checks that every mail arrived
 * exactly once and the archive holds no link token. The baseline is the outbox before issue
 * 20: one mail at a time over one connection, 20 per run, one run per 30 s poll (at most 40 a
 * minute, whatever the server); `--baseline` sends 100 mails one at a time over one unpooled
 * connection to show what that loop could do at best without its poll.
 *
 * Usage: npm run mail-outbox -w bench -- [--mails 5000] [--connections 1,5,10] [--latency 20]
 *        [--db pglite|postgres|both] [--baseline] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { type Db, rows, sql } from '@portal/server/src/db/client.js';
import { startMailOutbox } from '@portal/server/src/modules/mail/outbox.js';
import { createSmtpTransport } from '@portal/server/src/modules/mail/smtp.js';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { type Backend, openBenchDatabase } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    mails: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '1,5,10' },
    latency: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    baseline: { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const mails = Number(values.mails);
const latency = Number(values.latency);
const pools = values.connections.split(',').map(Number);
const LINK = 'https://portal.example/reset-password?token=';

/** A local SMTP server taking `latency` ms per message; records each message's subject in arrival order. */
async function startServer() {
  const arrived: { subject: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4000) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        arrived.push({ subject: /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '', at: Date.now() });
        setTimeout(callback, latency);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { arrived, url, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** Queues `n` order mails and then one reset link, as sendMail leaves them for the outbox. */
async function queue(db: Db, n: number, run: string): Promise<void> {
  await db.execute(sql`INSERT INTO email_archive (topic, to_address, subject, body, status, priority)
    SELECT 'purchase', 'depot' || i || '@example.test', ${run} || ' order ' || i, 'Purchase order ' || i, 'queued', 0
    FROM generate_series(1, ${n}) AS i`);
  await db.execute(sql`INSERT INTO email_archive (topic, to_address, subject, body, send_body, status, priority)
    VALUES ('passwordReset', 'user@example.test', ${`${run} reset`}, ${`${LINK}…`}, ${`${LINK}secret-${run}`}, 'queued', 1)`);
}

async function benchOne(backend: Backend): Promise<void> {
  console.log(`\n== ${backend}: ${mails.toLocaleString('en-US')} order mails and a reset link, SMTP server ${latency} ms a message`);
  const { database, cleanup } = await openBenchDatabase(backend, 'bench_mail', values.postgres, 20);
  const server = await startServer();
  const checks: string[] = [];
  try {
    if (values.baseline) {
      const one = nodemailer.createTransport({ url: server.url });
      const started = Date.now();
      for (let i = 0; i < 100; i++)
        await one.sendMail({ from: 'bench@example.test', to: 'x@example.test', subject: 'baseline', text: 'x' });
      one.close();
      const perMinute = (100 / (Date.now() - started)) * 60_000;
      console.log(`   before issue 20, one at a time, no poll: ${perMinute.toFixed(0)} mails/min (with its 30 s poll: at most 40/min)`);
    }
    for (const connections of pools) {
      const run = `pool${connections}`;
      await queue(database.db, mails, run);
      const first = server.arrived.length;
      const transport = createSmtpTransport(server.url, { SMTP_MAX_CONNECTIONS: String(connections) });
      const started = Date.now();
      const stop = startMailOutbox(database.db, { transport, from: 'bench@example.test', pollMs: 3_600_000 });
      while (server.arrived.length - first < mails + 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (Date.now() - started > 30 * 60_000) break;
      }
      const seconds = (Date.now() - started) / 1000;
      await stop();
      transport.close();
      const mine = server.arrived.slice(first);
      const link = mine.findIndex((m) => m.subject === `${run} reset`);
      const linkSeconds = link < 0 ? Number.NaN : ((mine[link]?.at ?? 0) - started) / 1000;
      const perMinute = Math.round(((mails + 1) / seconds) * 60).toLocaleString('en-US');
      console.log(
        `   ${String(connections).padStart(2)} connections: ${perMinute} mails/min (${seconds.toFixed(1)} s);` +
          ` the reset link arrived after ${linkSeconds.toFixed(2)} s, ${link} order mails before it`,
      );
      const subjects = mine.map((m) => m.subject);
      if (new Set(subjects).size !== mails + 1 || subjects.length !== mails + 1)
        checks.push(`${run}: ${subjects.length} arrived, ${new Set(subjects).size} different, expected ${mails + 1} once each`);
    }
    const [left] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM email_archive WHERE status <> 'sent' OR send_body IS NOT NULL OR body LIKE '%secret-%'`,
    );
    if (Number(left?.n) !== 0) checks.push(`${left?.n} mails unsent or with a token outside the outbox's copy`);
    console.log(
      checks.length === 0 ? '   checks: every mail arrived once; no token left in the archive' : `   FAILED: ${checks.join('; ')}`,
    );
    if (checks.length > 0) process.exitCode = 1;
  } finally {
    await server.close();
    await database.close();
    await cleanup();
  }
}

for (const backend of (values.db === 'both' ? ['pglite', 'postgres'] : [values.db]) as Backend[]) await benchOne(backend);
