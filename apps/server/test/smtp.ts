/**
 * Mail in the API tests (the developers' guide: "Mail is tested against a real SMTP server in the
 * test"): an SMTP server of the `smtp-server` package on a free local port that keeps every message
 * it is given, the text/plain part of a message decoded, and a wait until the portal's mail outbox
 * has handed every queued mail over.
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { type Db, rows, sql } from '../src/db/client.js';
import { startMailOutbox } from '../src/modules/mail/outbox.js';

/** One message as the SMTP server received it: envelope sender and recipients, the raw MIME text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A running test SMTP server: what it received, its `smtp://` address for the outbox, and how to stop it. */
export interface TestSmtpServer {
  received: ReceivedMail[];
  url: string;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 and a free port (no TLS, no authentication). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** The text/plain part of a raw MIME message, decoded (quoted-printable or base64). */
export function plainText(raw: string): string {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /^Content-Type: text\/plain/im.test(p)) ?? raw;
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Waits until the mail outbox has no queued or sending mail left in the archive (at most
 * `timeoutMs`, 10 s by default; then it returns and the test's own expectation says what is missing).
 */
export async function outboxIdle(db: Db, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM email_archive WHERE status IN ('queued', 'sending')`,
    );
    if (Number(pending?.n) === 0 || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A test SMTP server with the portal's own delivery to it: nodemailer and the mail outbox of
 * `db`, polling every 100 ms so that a test need not wait. `close()` stops the outbox (waiting for
 * a delivery in progress), the transport and the server.
 */
export async function startTestMail(db: Db): Promise<TestSmtpServer> {
  const server = await startSmtpServer();
  const transport = nodemailer.createTransport({ url: server.url });
  const stop = startMailOutbox(db, { transport, from: 'portal@example.test', pollMs: 100 });
  return {
    received: server.received,
    url: server.url,
    async close() {
      await stop();
      transport.close();
      await server.close();
    },
  };
}
