/**
 * The mails of a pallet receipt (issue 11 and 20; docs/pallet-receipts.md, "Mail and alerts"),
 * rendered outside any transaction (receipt-notices.ts queues them): one to each party, in the
 * language of its country (`mailLocale`: NO nb-NO, SE sv-SE, DK da-DK, FI fi-FI, else en-US),
 * with the receipt's PDF in that language attached.
 * - The location's: to its order-confirmation address (the location's, else its customer's), the
 *   link to the receipt in the portal; says when it waits for approval or for the counterparty.
 * - The counterparty's: to its order-confirmation address (a portal location) or its own address
 *   (an external location, when its customer gave one), the link mailed to it alone, to confirm
 *   or object by the due date (the PDF's QR code encodes the same link); a portal counterparty
 *   may answer in the portal too.
 */
import type { Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { providerName } from '../documents/issuer.js';
import { printedAt, timeZoneOf } from '../documents/sheet.js';
import { mailLocale } from '../mail/order-mail.js';
import type { MailAttachment, MailInput } from '../mail/send-mail.js';
import { type LoadedReceipt, loadPalletReceipt } from './get-pallet-receipt.js';
import { portalLink } from './qr-token.js';
import { renderPalletReceipt } from './render-pallet-receipt.js';

/** The receipt's PDF in `locale` as a mail attachment, its QR code encoding `link`. */
async function pdfAttachment(db: Tx, receipt: LoadedReceipt, locale: Locale, link: string): Promise<MailAttachment> {
  const data = await renderPalletReceipt(receipt, { locale, issuerName: (await providerName(db)) || null, qr: link });
  return { fileName: `${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', data };
}

interface Party {
  customerId: number;
  countryId: string;
  email: string | null;
}

/** The mail address, country and customer of a portal location. */
async function locationParty(db: Tx, locationId: number): Promise<Party | undefined> {
  const [party] = await rows<Party>(
    db,
    sql`SELECT l.customer_id AS "customerId", l.country_id AS "countryId",
          COALESCE(NULLIF(trim(l.email_order_confirmation), ''), c.order_confirmed_email) AS email
        FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${locationId}`,
  );
  return party;
}

/** The mail's text: the receipt's facts, its lines, and `closing` (what to do, with the link). */
function mailText(receipt: LoadedReceipt, locale: Locale, closing: string[]): { subject: string; text: string } {
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
    ...closing,
    t('palletReceipts.mail.footer'),
  ].join('\n\n');
  return { subject, text };
}

/** The receipt in `locale` as the mail shows it: with the due date the counterparty is given now, if it is told now. */
async function receiptFor(db: Tx, id: number, locale: Locale, dueDate: string | null): Promise<LoadedReceipt> {
  const receipt = await loadPalletReceipt(db, id, locale);
  return dueDate ? { ...receipt, dueDate } : receipt;
}

/** The location's mail of receipt `id` (see the file comment), or null when it has no address. */
export async function locationMail(db: Tx, id: number, publicUrl: string, dueDate: string | null): Promise<MailInput | null> {
  const base = await loadPalletReceipt(db, id, 'en-US');
  const party = await locationParty(db, base.location.id);
  if (!party?.email) return null;
  const locale = mailLocale(party.countryId);
  const t = translator(locale);
  const receipt = await receiptFor(db, id, locale, dueDate);
  const link = portalLink(publicUrl, id);
  const closing = [t('palletReceipts.mail.open', { link })];
  if (receipt.status === 'approval')
    closing.unshift(
      t('palletReceipts.mail.approval', {
        reasons: receipt.approvalReasons.map((r) => t(`palletReceipts.approvalReasons.${r}`)).join(', '),
      }),
    );
  else if (receipt.needsConsent && receipt.status === 'open')
    closing.unshift(t('palletReceipts.mail.consent', { counterparty: receipt.counterparty?.name ?? '' }));
  return {
    to: party.email,
    ...mailText(receipt, locale, closing),
    attachments: [await pdfAttachment(db, receipt, locale, link)],
    topic: 'palletReceipt',
    locationId: base.location.id,
    customerId: party.customerId,
  };
}

/**
 * The counterparty's mail of receipt `id` carrying `answerLink` (the link mailed to it alone) and
 * `dueDate`, or null when it has no address (an external location without one gets the receipt on
 * paper at the dock).
 */
export async function counterpartyMail(
  db: Tx,
  id: number,
  publicUrl: string,
  answerLink: string,
  dueDate: string,
): Promise<MailInput | null> {
  const base = await loadPalletReceipt(db, id, 'en-US');
  let party: Party | undefined;
  if (base.counterparty?.kind === 'location') party = await locationParty(db, base.counterparty.id);
  else if (base.counterparty?.kind === 'external')
    [party] = await rows<Party>(
      db,
      sql`SELECT NULLIF(trim(email), '') AS email, country_id AS "countryId", customer_id AS "customerId"
          FROM external_locations WHERE id = ${base.counterparty.id}`,
    );
  if (!party?.email) return null;
  const locale = mailLocale(party.countryId);
  const t = translator(locale);
  const receipt = await receiptFor(db, id, locale, dueDate);
  const closing = [t('palletReceipts.mail.answer', { link: answerLink, dueDate: formatPlainDate(dueDate, locale) })];
  if (base.counterparty?.kind === 'location') closing.push(t('palletReceipts.mail.answerPortal', { link: portalLink(publicUrl, id) }));
  return {
    to: party.email,
    ...mailText(receipt, locale, closing),
    attachments: [await pdfAttachment(db, receipt, locale, answerLink)],
    topic: 'palletReceipt',
    locationId: base.location.id,
    customerId: party.customerId,
  };
}
