/**
 * The journeys' inbox (e2e/mail-catcher.ts): the mails the portal under test sent over SMTP.
 * A journey takes a password link from the mail, as its user would: the email archive shows the
 * link without its token (issue 20, docs/accounts.md).
 */
import fs from 'node:fs';
import { expect } from '@playwright/test';

interface CaughtMail {
  to: string[];
  text: string;
}

function caught(): CaughtMail[] {
  const file = process.env.PORTAL_E2E_MAIL_FILE;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaughtMail);
}

/**
 * The password link (path and query, `/reset-password?token=...&lang=...`) of the newest mail to `address`
 * that carries one, waiting until it has arrived (the outbox sends it right after the commit).
 */
export async function passwordLinkTo(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = caught().findLast(
          (m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && m.text.includes('/reset-password?token='),
        );
        link = /\/reset-password\?token=[A-Za-z0-9_-]+(?:&lang=[A-Za-z-]+)?/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a password link mailed to ${address}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * The balance confirmation link (path `/confirm/<token>`) of the newest mail to an address starting
 * with `prefix` (`regnskap@`), waiting until it has arrived.
 */
export async function confirmationLinkTo(prefix: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = caught().findLast((m) => m.to.some((to) => to.toLowerCase().startsWith(prefix)) && m.text.includes('/confirm/'));
        link = /\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a confirmation link mailed to ${prefix}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}
