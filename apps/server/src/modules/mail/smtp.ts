/**
 * SMTP delivery from the environment (README, "Configuration"): SMTP_URL (smtp://user:pass@host:587,
 * smtps://...) turns it on; MAIL_FROM is the sender (default "Pallet portal <no-reply@localhost>").
 *
 * The transport is nodemailer's pooled SMTP transport (issue 20, "Password links arrive late";
 * https://nodemailer.com/smtp/pooled): up to SMTP_MAX_CONNECTIONS (default 5, nodemailer's own)
 * connections kept open and used in parallel, each for at most 100 messages before it is
 * renewed, and, when the SMTP server sets a rate, at most SMTP_RATE_PER_SECOND messages a
 * second over all of them (default: no limit). The outbox (outbox.ts) hands it a batch at once.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { startMailOutbox } from './outbox.js';

/** Connections of the pool when SMTP_MAX_CONNECTIONS is not set. */
export const DEFAULT_SMTP_CONNECTIONS = 5;
/** Messages one connection sends before the pool opens a new one (nodemailer's default). */
const MESSAGES_PER_CONNECTION = 100;

/** A whole number of at least 1 from the environment, else `fallback`. */
function positiveInt(value: string | undefined, fallback: number | null): number | null {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * The pooled nodemailer transport for `smtpUrl`, with the pool's size and rate from `env`
 * (SMTP_MAX_CONNECTIONS, SMTP_RATE_PER_SECOND; see the file comment). The tests and the bench
 * use it too, so they measure what runs in production.
 */
export function createSmtpTransport(smtpUrl: string, env: NodeJS.ProcessEnv = process.env) {
  const rate = positiveInt(env.SMTP_RATE_PER_SECOND, null);
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: positiveInt(env.SMTP_MAX_CONNECTIONS, DEFAULT_SMTP_CONNECTIONS) ?? DEFAULT_SMTP_CONNECTIONS,
    maxMessages: MESSAGES_PER_CONNECTION,
    ...(rate ? { rateDelta: 1000, rateLimit: rate } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * Starts the outbox with the pooled SMTP transport when `smtpUrl` is set. Answers its stop
 * function (a no-op without SMTP: mail is then only archived), which closes the pool's connections.
 */
export function startSmtpDelivery(db: Db, smtpUrl: string | null, env: NodeJS.ProcessEnv = process.env): () => Promise<void> {
  if (!smtpUrl) return async () => {};
  const transport = createSmtpTransport(smtpUrl, env);
  const stop = startMailOutbox(db, { transport, from: env.MAIL_FROM || 'Pallet portal <no-reply@localhost>' });
  return async () => {
    await stop();
    transport.close();
  };
}
