/**
 * What a pallet receipt tells people (issue 11; docs/pallet-receipts.md, "Mail and alerts"):
 * - saved: a mail to each party, in the language of its country (`mailLocale`: NO nb-NO, SE sv-SE,
 *   DK da-DK, FI fi-FI, else en-US), to its order-confirmation address (the location's, else its
 *   customer's), with the receipt's PDF in that language attached; the counterparty's mail (and its
 *   PDF's QR code) carries the QR link to confirm or object within the reception days, the
 *   location's the link to the receipt in the portal. An external counterparty is mailed (with the
 *   QR link) at its e-mail address when its customer gave one, in its country's language. The
 *   counterparty location's users get an alert (bell);
 * - objected by QR link: an alert to the location's users and to the provider's global admins,
 *   who decide the dispute.
 * Alerts carry their title and text in every locale (source `PalletReceipt`, source id the
 * receipt); mails go through the archive and the outbox (`sendMails`) in the caller's transaction.
 */
import { type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { printedAt, timeZoneOf } from '../documents/sheet.js';
import { mailLocale } from '../mail/order-mail.js';
import { type MailAttachment, type MailInput, sendMails } from '../mail/send-mail.js';
import { type LoadedReceipt, loadPalletReceipt } from './get-pallet-receipt.js';
import { portalLink, qrLink } from './qr-token.js';
import { renderPalletReceipt } from './render-pallet-receipt.js';

/** The receipt's PDF in `locale` as a mail attachment, its QR code encoding `link`. */
async function pdfAttachment(tx: Tx, receipt: LoadedReceipt, locale: Locale, link: string): Promise<MailAttachment> {
  const [issuer] = await rows<{ name: string }>(tx, sql`SELECT name FROM customers WHERE is_provider ORDER BY id LIMIT 1`);
  const data = await renderPalletReceipt(receipt, { locale, issuerName: issuer?.name ?? null, qr: link });
  return { fileName: `${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', data };
}

interface Party {
  locationId: number;
  customerId: number;
  countryId: string;
  email: string | null;
}

async function partyOf(tx: Tx, locationId: number): Promise<Party | undefined> {
  const [party] = await rows<Party>(
    tx,
    sql`SELECT l.id AS "locationId", l.customer_id AS "customerId", l.country_id AS "countryId",
          COALESCE(NULLIF(trim(l.email_order_confirmation), ''), c.order_confirmed_email) AS email
        FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${locationId}`,
  );
  return party;
}

/** The mail's text: the receipt's facts, its lines and the link. */
function mailText(receipt: LoadedReceipt, locale: Locale, link: string, forCounterparty: boolean): { subject: string; text: string } {
  const t = translator(locale);
  const counterparty = receipt.counterparty?.name ?? '';
  const when = printedAt(locale, timeZoneOf(receipt.locationCountryId), new Date(receipt.handedOverAt));
  const number = new Intl.NumberFormat(locale);
  const subject = t('palletReceipts.mail.subject', { number: receipt.receiptNumber, location: receipt.location.name, counterparty });
  const lines = receipt.lines.map((line) =>
    t('palletReceipts.mail.line', {
      product: line.productName,
      delivered: number.format(line.delivered),
      returned: number.format(line.returned),
    }),
  );
  const text = [
    t('palletReceipts.mail.intro', { number: receipt.receiptNumber, location: receipt.location.name, counterparty, time: when }),
    [
      `${t('palletReceipts.pdf.haulier')}: ${receipt.haulier ?? ''}`,
      `${t('palletReceipts.pdf.carNumber')}: ${receipt.carNumber ?? ''}`,
    ].join('\n'),
    `${t('palletReceipts.mail.lines')}\n${lines.join('\n')}`,
    forCounterparty
      ? t('palletReceipts.mail.answer', { link, dueDate: receipt.dueDate ? formatPlainDate(receipt.dueDate, locale) : '' })
      : t('palletReceipts.mail.open', { link }),
    t('palletReceipts.mail.footer'),
  ].join('\n\n');
  return { subject, text };
}

/**
 * Mails a new receipt to both parties and alerts the counterparty location's users (see the file
 * comment); `token` is the QR link's token in clear, `publicUrl` the portal's address.
 * @returns the archive ids of the mails stored
 */
export async function notifyNewReceipt(tx: Tx, id: number, token: string, publicUrl: string): Promise<number[]> {
  const base = await loadPalletReceipt(tx, id, 'en-US');
  const mails: MailInput[] = [];
  const location = await partyOf(tx, base.location.id);
  if (location?.email) {
    const locale = mailLocale(location.countryId);
    const receipt = await loadPalletReceipt(tx, id, locale);
    const link = portalLink(publicUrl, id);
    mails.push({
      to: location.email,
      ...mailText(receipt, locale, link, false),
      attachments: [await pdfAttachment(tx, receipt, locale, link)],
      topic: 'palletReceipt',
      locationId: location.locationId,
      customerId: location.customerId,
    });
  }
  if (base.counterparty?.kind === 'location') {
    const counterparty = await partyOf(tx, base.counterparty.id);
    if (counterparty?.email) {
      const locale = mailLocale(counterparty.countryId);
      const receipt = await loadPalletReceipt(tx, id, locale);
      const link = qrLink(publicUrl, token);
      mails.push({
        to: counterparty.email,
        ...mailText(receipt, locale, link, true),
        attachments: [await pdfAttachment(tx, receipt, locale, link)],
        topic: 'palletReceipt',
        locationId: base.location.id,
        customerId: counterparty.customerId,
      });
    }
    await alertLocation(tx, base, base.counterparty.id, 'created');
  } else if (base.counterparty?.kind === 'external') {
    // An external location is mailed at its own address, when its customer gave one.
    const [external] = await rows<{ email: string | null; countryId: string; customerId: number }>(
      tx,
      sql`SELECT NULLIF(trim(email), '') AS email, country_id AS "countryId", customer_id AS "customerId"
          FROM external_locations WHERE id = ${base.counterparty.id}`,
    );
    if (external?.email) {
      const locale = mailLocale(external.countryId);
      const receipt = await loadPalletReceipt(tx, id, locale);
      const link = qrLink(publicUrl, token);
      mails.push({
        to: external.email,
        ...mailText(receipt, locale, link, true),
        attachments: [await pdfAttachment(tx, receipt, locale, link)],
        topic: 'palletReceipt',
        locationId: base.location.id,
        customerId: external.customerId,
      });
    }
  }
  return sendMails(tx, mails);
}

/** The alert's title and text of `event` in `locale`. */
function alertText(receipt: LoadedReceipt, locale: Locale, event: 'created' | 'objected'): AlertText {
  const t = translator(locale);
  const delivered = receipt.lines.reduce((sum, l) => sum + l.delivered, 0);
  const returned = receipt.lines.reduce((sum, l) => sum + l.returned, 0);
  const values = {
    number: receipt.receiptNumber,
    location: receipt.location.name,
    counterparty: receipt.counterparty?.name ?? '',
    delivered,
    returned,
    dueDate: receipt.dueDate ? formatPlainDate(receipt.dueDate, locale) : '',
    objection: receipt.objection ?? '',
  };
  return { title: t(`palletReceipts.alert.${event}Title`, values), text: t(`palletReceipts.alert.${event}Text`, values) };
}

/**
 * Writes the alert of `event` on `receipt` for every user of `locationId` (source
 * `PalletReceipt`), dated `at` (ISO 8601; default the moment of the call; the demo seed dates its own).
 */
export async function alertLocation(
  tx: Tx,
  receipt: LoadedReceipt,
  locationId: number,
  event: 'created' | 'objected',
  at: string | null = null,
): Promise<void> {
  const texts = Object.fromEntries(locales.map((locale) => [locale, alertText(receipt, locale, event)]));
  const fallback = alertText(receipt, 'en-US', event);
  await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
    VALUES (${locationId}, 'PalletReceipt', ${receipt.id}, ${fallback.title}, ${fallback.text}, ${JSON.stringify(texts)}::jsonb,
      COALESCE(${at}::timestamptz, clock_timestamp()))`);
}

/** Alerts the location's users and the provider's global admins that the counterparty objected to receipt `id`. */
export async function notifyObjection(tx: Tx, id: number): Promise<void> {
  const receipt = await loadPalletReceipt(tx, id, 'en-US');
  await alertLocation(tx, receipt, receipt.location.id, 'objected');
  const texts = Object.fromEntries(locales.map((locale) => [locale, alertText(receipt, locale, 'objected')]));
  const fallback = alertText(receipt, 'en-US', 'objected');
  await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
    SELECT u.id, 'PalletReceipt', ${id}, ${fallback.title}, ${fallback.text}, ${JSON.stringify(texts)}::jsonb, clock_timestamp()
    FROM users u JOIN customers c ON c.id = u.customer_id WHERE c.is_provider AND u.is_global_admin AND u.is_active`);
}
