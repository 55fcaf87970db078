/**
 * A real SMTP server for tests and the browser journeys (the developers' guide: "Mail is tested
 * against a real SMTP server"): the `smtp-server` package on a local port, keeping every message
 * it is given, with the text/plain part of a message decoded and the password link a message
 * carries. No database here: e2e/mail-catcher.ts runs it for the journeys (issue 20: the email
 * archive never shows a link's token, so a journey reads the link from the mail as a user would).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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

/**
 * Starts an SMTP server on 127.0.0.1 and `port` (default: a free one), without TLS or
 * authentication; `onMail` hears of each message as it arrives.
 */
export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
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

/** The token of the last password link a message to `address` carried (from its text part), or ''. */
export function lastLinkTokenTo(received: readonly ReceivedMail[], address: string): string {
  const mail = received.findLast((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  return linkTokenIn(plainText(mail?.raw ?? ''));
}

/** The token of the password link in a mail's text (`/reset-password?token=...`), or ''. */
export function linkTokenIn(text: string): string {
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
}
