/**
 * SMTP delivery from the environment: SMTP_URL (smtp://user:pass@host:587, smtps://...) turns
 * it on; MAIL_FROM is the sender (default "Pallet portal <no-reply@localhost>").
 */
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { startMailOutbox } from './outbox.js';

/**
 * Starts the outbox with a nodemailer SMTP transport when `smtpUrl` is set. Answers its stop
 * function (a no-op without SMTP: mail is then only archived).
 */
export function startSmtpDelivery(db: Db, smtpUrl: string | null, env: NodeJS.ProcessEnv = process.env): () => Promise<void> {
  if (!smtpUrl) return async () => {};
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const stop = startMailOutbox(db, { transport, from: env.MAIL_FROM || 'Pallet portal <no-reply@localhost>' });
  return async () => {
    await stop();
    transport.close();
  };
}
