/**
 * The journeys' mailbox: a real SMTP server (apps/server/test/smtp-server.ts) on
 * MAIL_CATCHER_PORT that the portal under test sends every mail to (SMTP_URL in
 * playwright.config.ts). Each message is appended to MAIL_CATCHER_FILE as one JSON line
 * `{ to, text }` (recipients, decoded text part), which `mailTo` of tests/mail.ts reads. A
 * journey takes a password link from there, as its user would from their inbox: the email
 * archive never shows a link's token (issue 20). Started and stopped by Playwright as a
 * webServer; it keeps nothing else.
 */
import fs from 'node:fs';
import { plainText, startSmtpServer } from '../apps/server/test/smtp-server.js';

const port = Number(process.env.MAIL_CATCHER_PORT);
const file = process.env.MAIL_CATCHER_FILE;
if (!port || !file) throw new Error('MAIL_CATCHER_PORT and MAIL_CATCHER_FILE are required');
fs.writeFileSync(file, '');
await startSmtpServer(port, (mail) => {
  fs.appendFileSync(file, `${JSON.stringify({ to: mail.to, text: plainText(mail.raw) })}\n`);
});
console.log(`Mail catcher on smtp://127.0.0.1:${port}, writing ${file}`);
