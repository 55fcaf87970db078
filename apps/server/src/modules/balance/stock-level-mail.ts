/**
 * The stock-level mail (spec section 3: the user notification "stock level"; docs/domain.md,
 * "Balance screen"): when a posting moves a location's balance of a product past one of its
 * levels, each user who has the notification on and is active, and either works at the
 * location (primary or secondary, `user_locations`) or administers its customer, gets one mail
 * in their own language, through the email archive (and the SMTP outbox when it runs), in the
 * posting's transaction.
 */
import { isLocale, type Locale } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { escapeHtml, mailHtml, mailLocale } from '../mail/order-mail.js';
import { type MailInput, sendMails } from '../mail/send-mail.js';
import { productNamesById } from '../orders/product-names.js';

/** A balance that has just gone past one of its levels. Quantities in carriers. */
export interface StockLevelCrossing {
  locationId: number;
  productId: number;
  /** The level passed: `below` the lower one, `above` the upper one. */
  crossing: 'below' | 'above';
  balance: number;
  lowerLevel: number | null;
  upperLevel: number | null;
}

interface Recipient {
  userId: number;
  email: string;
  language: string;
  customerId: number;
  locationId: number;
  locationName: string;
  countryId: string;
}

/**
 * Writes the mails of `crossings` (one per crossing and recipient) into the email archive in
 * `tx`, dated `day` (yyyy-MM-dd).
 * @returns how many mails were stored
 */
export async function mailStockLevelCrossings(tx: Tx, crossings: readonly StockLevelCrossing[], day: string): Promise<number> {
  if (crossings.length === 0) return 0;
  const locationIds = [...new Set(crossings.map((c) => c.locationId))];
  const recipients = await rows<Recipient>(
    tx,
    sql`SELECT u.id AS "userId", u.email, u.language, u.customer_id AS "customerId", l.id AS "locationId",
          l.name AS "locationName", l.country_id AS "countryId"
        FROM locations l JOIN users u ON u.is_active AND u.notify_stock_level AND COALESCE(u.email, '') <> ''
          AND (EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = l.id)
            OR (u.is_customer_admin AND u.customer_id = l.customer_id))
        WHERE l.id = ANY(${`{${locationIds.join(',')}}`}::int[])
        ORDER BY l.id, u.id`,
  );
  if (recipients.length === 0) return 0;
  const localeOf = (r: Recipient): Locale => (isLocale(r.language) ? r.language : mailLocale(r.countryId));
  const names = new Map<Locale, Map<number, string>>();
  for (const locale of new Set(recipients.map(localeOf))) {
    names.set(locale, await productNamesById(tx, locale, [...new Set(crossings.map((c) => c.productId))]));
  }
  const mails: MailInput[] = crossings.flatMap((crossing) =>
    recipients
      .filter((r) => Number(r.locationId) === crossing.locationId)
      .map((r) => {
        const locale = localeOf(r);
        const product = names.get(locale)?.get(crossing.productId) ?? '';
        return {
          to: r.email,
          ...renderStockLevelMail(locale, crossing, { product, location: r.locationName, day }),
          topic: 'stockLevel',
          locationId: crossing.locationId,
          customerId: Number(r.customerId),
          userId: Number(r.userId),
        };
      }),
  );
  return (await sendMails(tx, mails)).length;
}

/**
 * The subject, plain text and HTML of a stock-level mail in `locale` (templates
 * `mail.stockLevel.*` of the messages catalogue).
 */
export function renderStockLevelMail(
  locale: Locale,
  crossing: Pick<StockLevelCrossing, 'crossing' | 'balance' | 'lowerLevel' | 'upperLevel'>,
  names: { product: string; location: string; day: string },
): { subject: string; text: string; html: string } {
  const t = translator(locale);
  const number = new Intl.NumberFormat(locale);
  const level = (value: number | null) => (value === null ? t('mail.stockLevel.none') : number.format(value));
  const below = crossing.crossing === 'below';
  const params = {
    product: names.product,
    location: names.location,
    balance: number.format(crossing.balance),
    level: level(below ? crossing.lowerLevel : crossing.upperLevel),
  };
  const subject = t(below ? 'mail.stockLevel.subjectBelow' : 'mail.stockLevel.subjectAbove', params);
  const intro = t(below ? 'mail.stockLevel.introBelow' : 'mail.stockLevel.introAbove', params);
  const facts: [string, string][] = [
    [t('mail.stockLevel.location'), names.location],
    [t('mail.stockLevel.product'), names.product],
    [t('mail.stockLevel.balance'), params.balance],
    [t('mail.stockLevel.lowerLevel'), level(crossing.lowerLevel)],
    [t('mail.stockLevel.upperLevel'), level(crossing.upperLevel)],
    [t('mail.stockLevel.date'), formatPlainDate(names.day, locale)],
  ];
  const why = t('mail.stockLevel.why');
  const footer = t('mail.footer');
  const text = [intro, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', why, '', footer].join('\n');
  const html = mailHtml(locale, intro, facts, footer, [`<p>${escapeHtml(why)}</p>`]);
  return { subject, text, html };
}
