/**
 * Password links (issue 9, "Forgot password"; docs/accounts.md): a forgot-password reset, an
 * admin's emailed reset, or a new user's welcome link to choose a first password.
 *
 * - The token is 256 random bits (base64url); only its SHA-256 is stored in `password_links`
 *   (OWASP Forgot Password Cheat Sheet: "store the token hashed", "single use", "expire").
 * - A reset link is good for RESET_LINK_MINUTES (60: the issue's "expires after 1 hour"); a
 *   welcome link for WELCOME_LINK_MINUTES (72 hours: the new user may not read mail the day
 *   the admin creates them, and a welcome link is not asked for by someone who could be an
 *   attacker: an admin or the provider sends it).
 * - The mail goes through `sendMail` in the caller's transaction (so it exists exactly when the
 *   link does), in the user's language, to the user's email, with the link
 *   `<PUBLIC_URL>/reset-password?token=<token>`; the base is the PUBLIC_URL setting, never the
 *   request's Host header (reset-link poisoning). The token is the mail's secret: the email
 *   archive shows `token=…`, only SMTP gets the link (issue 20; modules/mail/send-mail.ts), and
 *   the outbox sends it before other mail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppErrorCode, isLocale, type Locale } from '@portal/domain';
import { readPublicUrl } from '../../config.js';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { translator } from '../../i18n.js';
import { escapeHtml } from '../mail/order-mail.js';
import { sendMail } from '../mail/send-mail.js';

/** What a link is for: `reset` (forgot password, an admin's reset), `welcome` (a new user). */
export type PasswordLinkPurpose = 'reset' | 'welcome';

/** Life of a reset link in minutes (issue 9: "expires after 1 hour"). */
export const RESET_LINK_MINUTES = 60;
/** Life of a welcome link in minutes: 72 hours (see the file comment). */
export const WELCOME_LINK_MINUTES = 72 * 60;

/** Minutes a link of `purpose` stays good. */
export function linkMinutes(purpose: PasswordLinkPurpose): number {
  return purpose === 'welcome' ? WELCOME_LINK_MINUTES : RESET_LINK_MINUTES;
}

/** SHA-256 (hex) of a link token: what `password_links.token_hash` stores. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The page a link opens: `<base>/reset-password?token=<token>&lang=<locale>` (base without
 * trailing slash). `lang` is the recipient's language, the mail's own: the page opens in it
 * rather than in the host's default (issue 20). It names only what the mail says already, in
 * the recipient's own mailbox; the page asks the server nothing about the token to learn it.
 */
export function passwordLinkUrl(base: string, token: string, locale: Locale): string {
  return `${base}/reset-password?token=${encodeURIComponent(token)}&lang=${locale}`;
}

interface LinkUser {
  id: number;
  loginName: string;
  email: string | null;
  language: string;
  customerId: number;
}

/**
 * Creates a password link for a user and emails it (see the file comment), inside `tx`.
 * Nothing is stored when the user has no email address (a link nobody receives is no use).
 * `requestedFrom`: the client address of a forgot-password request (the per-address limit).
 * @returns the email archive id of the mail, or null when the user has no email address
 * @throws AppError NOT_FOUND when the user does not exist
 */
export async function issuePasswordLink(
  tx: Tx,
  input: { userId: number; purpose: PasswordLinkPurpose; requestedFrom?: string | null },
): Promise<number | null> {
  const [user] = await rows<LinkUser>(
    tx,
    sql`SELECT id, login_name AS "loginName", email, language, customer_id AS "customerId" FROM users WHERE id = ${input.userId}`,
  );
  if (!user) throw new AppError(AppErrorCode.NOT_FOUND);
  const email = user.email?.trim();
  if (!email) return null;
  const token = randomBytes(32).toString('base64url');
  const minutes = linkMinutes(input.purpose);
  await tx.execute(
    sql`INSERT INTO password_links (user_id, token_hash, purpose, requested_from, expires_at)
        VALUES (${user.id}, ${hashLinkToken(token)}, ${input.purpose}, ${input.requestedFrom ?? null},
          now() + make_interval(mins => ${minutes}))`,
  );
  const locale: Locale = isLocale(user.language) ? user.language : 'nb-NO';
  const mail = renderPasswordLinkMail(locale, input.purpose, user.loginName, passwordLinkUrl(readPublicUrl(), token, locale));
  return sendMail(tx, {
    to: email,
    ...mail,
    topic: input.purpose === 'welcome' ? 'welcome' : 'passwordReset',
    userId: user.id,
    customerId: user.customerId,
    // The archive shows the link without its token; only SMTP gets it (issue 20).
    secrets: [token],
  });
}

/**
 * The subject, plain text and HTML of a password-link mail in `locale` (texts
 * `accounts.mail.*` of the messages catalogue): why, the user name, the link, how long it is
 * good, and (for a reset) that it can be ignored.
 */
export function renderPasswordLinkMail(
  locale: Locale,
  purpose: PasswordLinkPurpose,
  loginName: string,
  url: string,
): { subject: string; text: string; html: string } {
  const t = translator(locale);
  const welcome = purpose === 'welcome';
  const subject = t(welcome ? 'accounts.mail.welcomeSubject' : 'accounts.mail.resetSubject');
  const intro = t(welcome ? 'accounts.mail.welcomeIntro' : 'accounts.mail.resetIntro');
  const action = t(welcome ? 'accounts.mail.welcomeAction' : 'accounts.mail.resetAction');
  const valid = t('accounts.mail.valid', { count: linkMinutes(purpose) / 60 });
  const userName = `${t('accounts.mail.userName')}: ${loginName}`;
  const ignore = welcome ? null : t('accounts.mail.ignore');
  const footer = t('mail.footer');
  const text = [intro, '', userName, '', `${action}: ${url}`, '', valid, ...(ignore ? ['', ignore] : []), '', footer].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(userName)}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1c4f8c;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(t('accounts.mail.copyLink'))}<br>${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(valid)}</p>`,
    ...(ignore ? [`<p>${escapeHtml(ignore)}</p>`] : []),
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The error of every link that cannot be used: unknown, used, expired (400, one message for all). */
export function invalidLink(): AppError {
  return new AppError(AppErrorCode.VALIDATION, {}, { token: 'accounts.linkInvalid' });
}

/**
 * Spends a password link inside `tx`: the row is locked (FOR UPDATE), so of two requests
 * with the same token only one gets it; it must be unused and unexpired, and its user active.
 * The link and every other unused link of the same user are marked used (a new password
 * ends them all).
 * @returns the user id and the link's purpose
 * @throws AppError VALIDATION (field `token`: accounts.linkInvalid) for an unknown, used or
 * expired token, or an inactive user: the same answer for each, so a caller learns nothing more
 */
export async function consumePasswordLink(tx: Tx, token: string): Promise<{ userId: number; purpose: PasswordLinkPurpose }> {
  const [link] = await rows<{ id: number; userId: number; purpose: PasswordLinkPurpose; usable: boolean }>(
    tx,
    sql`SELECT pl.id, pl.user_id AS "userId", pl.purpose,
          (pl.used_at IS NULL AND pl.expires_at > now() AND u.is_active) AS usable
        FROM password_links pl JOIN users u ON u.id = pl.user_id
        WHERE pl.token_hash = ${hashLinkToken(token)}
        FOR UPDATE OF pl`,
  );
  if (!link?.usable) throw invalidLink();
  await tx.execute(sql`UPDATE password_links SET used_at = now() WHERE user_id = ${link.userId} AND used_at IS NULL`);
  return { userId: link.userId, purpose: link.purpose };
}
