/**
 * Mail in the API tests (the developers' guide: "Mail is tested against a real SMTP server in the
 * test"): the SMTP server of smtp-server.ts with the portal's own delivery to it, and a wait until
 * the portal's mail outbox has handed every queued mail over.
 */
import { type Db, rows, sql } from '../src/db/client.js';
import { startMailOutbox } from '../src/modules/mail/outbox.js';
import { createSmtpTransport } from '../src/modules/mail/smtp.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';

export { lastLinkTokenTo, linkTokenIn, plainText, type ReceivedMail, startSmtpServer, type TestSmtpServer } from './smtp-server.js';

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
 * A test SMTP server with the portal's own delivery to it: the pooled nodemailer transport of
 * production (modules/mail/smtp.ts) and the mail outbox of `db`, polling every 100 ms so that a
 * test need not wait. `close()` stops the outbox (waiting for a delivery in progress), the
 * transport and the server.
 */
export async function startTestMail(db: Db): Promise<TestSmtpServer> {
  const server = await startSmtpServer();
  const transport = createSmtpTransport(server.url, {});
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
