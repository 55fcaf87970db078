/**
 * A change of an account's email address (issue 20, "A leaked API key takes over its account";
 * docs/accounts.md, "Email address"). The address is where password links go, so changing it
 * changes who can take the account over:
 * - with an API key it is refused (`requirePersonSignIn`, modules/api/session-only-calls.ts);
 * - the old address is told, in the user's language (archive topic `emailChanged`, sent
 *   among the first: modules/mail/send-mail.ts `URGENT_TOPICS`), so its owner can act on a
 *   change they did not make. The notice carries no link and no token.
 * The same address in another case or with spaces is no change (forgot-password requests
 * match addresses so too).
 */
import { isLocale, type Locale } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requirePersonSignIn } from '../api/session-only-calls.js';
import { escapeHtml } from '../mail/order-mail.js';
import { sendMail } from '../mail/send-mail.js';

/** Archive topic of the notice to the old address. */
export const EMAIL_CHANGED_TOPIC = 'emailChanged';

/** Whether two email addresses are one: trimmed, in any case. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/**
 * Refuses a change of `oldEmail` to `newEmail` by an API key (inside the caller's transaction,
 * before anything is written).
 * @throws FORBIDDEN (403, field `authorization`) when the address changes and the caller is a key
 */
export function checkEmailChange(auth: AuthContext, oldEmail: string | null, newEmail: string | null): void {
  if (!sameEmail(oldEmail, newEmail)) requirePersonSignIn(auth);
}

/**
 * Mails the notice of a changed address to `oldEmail`, inside `tx`, after the user's row holds
 * the new one; nothing when the address did not change or there was none before.
 * @returns the archive id of the notice, or null when none was written
 */
export async function noticeEmailChange(tx: Tx, userId: number, oldEmail: string | null): Promise<number | null> {
  const [user] = await rows<{ loginName: string; email: string | null; language: string; customerId: number }>(
    tx,
    sql`SELECT login_name AS "loginName", email, language, customer_id AS "customerId" FROM users WHERE id = ${userId}`,
  );
  if (!user || !oldEmail?.trim() || sameEmail(oldEmail, user.email)) return null;
  const locale: Locale = isLocale(user.language) ? user.language : 'nb-NO';
  const mail = renderEmailChangeNotice(locale, { loginName: user.loginName, oldEmail: oldEmail.trim(), newEmail: user.email ?? '' });
  return sendMail(tx, { to: oldEmail, ...mail, topic: EMAIL_CHANGED_TOPIC, userId, customerId: Number(user.customerId) });
}

/** The subject, text and HTML of the notice in `locale` (texts `accounts.mail.emailChanged*`). */
export function renderEmailChangeNotice(
  locale: Locale,
  values: { loginName: string; oldEmail: string; newEmail: string },
): { subject: string; text: string; html: string } {
  const t = translator(locale);
  const intro = t('accounts.mail.emailChangedIntro', values);
  const notYou = t('accounts.mail.emailChangedNotYou');
  const footer = t('mail.footer');
  return {
    subject: t('accounts.mail.emailChangedSubject'),
    text: [intro, '', notYou, '', footer].join('\n'),
    html: [
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(notYou)}</strong></p>`,
      `<p style="color:#666">${escapeHtml(footer)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
