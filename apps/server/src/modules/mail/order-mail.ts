/**
 * Order emails (issue 3; spec section 3: a location's "emails for order confirmation,
 * purchase and return order"). Sent to the ordering location (the to-location of a purchase,
 * the from-location of a sale), in the language of that location's country (NO nb-NO,
 * SE sv-SE, DK da-DK, FI fi-FI, else en-US), with order number, parties, date and lines:
 * - orderConfirmation: an order reaches 2 Confirmed; to the location's order-confirmation
 *   address, else the customer's order-confirmed address;
 * - purchase: a purchase reaches 1 Ordered; to the location's purchase address, else the
 *   customer's purchase address;
 * - return: a sale (return order) reaches 1 Ordered; to the location's return address.
 * No address, no mail. Written in the status change's transaction (sendMail).
 */
import { type EmailTopic, type Locale, orderingSide } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { NamedCache } from '../caching/registry.js';
import { type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';
import { sendMails } from './send-mail.js';

const localeByCountry: Record<string, Locale> = { NO: 'nb-NO', SE: 'sv-SE', DK: 'da-DK', FI: 'fi-FI' };

/** The language of mail to a location: its country's (NO, SE, DK, FI), else English. */
export function mailLocale(countryId: string): Locale {
  return localeByCountry[countryId] ?? 'en-US';
}

/** Which mail a status change sends, if any (see the file comment). */
export function orderMailTopic(transactionTypeId: number, toStatus: number): EmailTopic | null {
  if (toStatus === 2 && (transactionTypeId === 1 || transactionTypeId === 2)) return 'orderConfirmation';
  if (toStatus === 1 && transactionTypeId === 1) return 'purchase';
  if (toStatus === 1 && transactionTypeId === 2) return 'return';
  return null;
}

interface OrderMailRow {
  id: number;
  type: number;
  fromId: number;
  toId: number | null;
  fromName: string;
  toName: string | null;
  dateSend: string;
  datePickup: string | null;
  referenceOwn: string | null;
}

interface RecipientRow {
  id: number;
  customerId: number;
  countryId: string;
  emailOrderConfirmation: string | null;
  emailPurchase: string | null;
  emailReturn: string | null;
  orderConfirmedEmail: string | null;
  purchaseEmail: string | null;
}

export interface OrderMailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends (archives, and queues when SMTP is set) the mail an order's status change calls for,
 * inside the status change's transaction. Called by recordStatusChange for every change.
 * @param toStatus the status the order has just reached
 * @returns the archive id, or null when the change sends no mail or there is no address
 */
export async function mailOrderEvent(tx: Tx, orderId: number, toStatus: number): Promise<number | null> {
  return (await mailOrderEvents(tx, [{ orderId, toStatus }]))[0] ?? null;
}

/**
 * The mails of many status changes, as `mailOrderEvent` sends one, with a fixed number of
 * statements however many orders changed (the Excel import's orders, recordStatusChanges): the
 * orders, their recipients and their lines are read with one statement each, and the mails
 * are stored with one (sendMails).
 * @returns the archive ids of the mails stored, in the order of `events`
 */
export async function mailOrderEvents(tx: Tx, events: readonly { orderId: number; toStatus: number }[]): Promise<number[]> {
  const mailing = events.filter((event) => event.toStatus === 1 || event.toStatus === 2);
  if (mailing.length === 0) return [];
  const orders = new Map(
    (
      await rows<OrderMailRow>(
        tx,
        sql`SELECT o.id, o.transaction_type_id AS type, o.location_id_from AS "fromId", o.location_id_to AS "toId",
              lf.name AS "fromName", COALESCE(lt.name, ex.name) AS "toName", o.date_send AS "dateSend",
              o.date_pickup AS "datePickup", o.reference_own AS "referenceOwn"
            FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
            LEFT JOIN external_locations ex ON ex.id = o.external_location_id_to
            WHERE o.id = ANY(${idArray(mailing.map((event) => event.orderId))})`,
      )
    ).map((order) => [Number(order.id), order]),
  );
  const topics = mailing.flatMap(({ orderId, toStatus }) => {
    const order = orders.get(orderId);
    const topic = order ? orderMailTopic(order.type, toStatus) : null;
    const recipientId = order ? (orderingSide(order.type) === 'to' ? order.toId : order.fromId) : null;
    return order && topic && recipientId ? [{ order, topic, recipientId: Number(recipientId) }] : [];
  });
  if (topics.length === 0) return [];
  const recipients = new Map(
    (
      await rows<RecipientRow>(
        tx,
        sql`SELECT l.id, l.customer_id AS "customerId", l.country_id AS "countryId",
              l.email_order_confirmation AS "emailOrderConfirmation", l.email_purchase AS "emailPurchase",
              l.email_return AS "emailReturn", c.order_confirmed_email AS "orderConfirmedEmail", c.purchase_email AS "purchaseEmail"
            FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ANY(${idArray(topics.map((t) => t.recipientId))})`,
      )
    ).map((recipient) => [Number(recipient.id), recipient]),
  );
  const addressed = topics.flatMap(({ order, topic, recipientId }) => {
    const recipient = recipients.get(recipientId);
    if (!recipient) return [];
    const to =
      topic === 'orderConfirmation'
        ? (recipient.emailOrderConfirmation ?? recipient.orderConfirmedEmail)
        : topic === 'purchase'
          ? (recipient.emailPurchase ?? recipient.purchaseEmail)
          : recipient.emailReturn;
    return to ? [{ order, topic, recipient, to }] : [];
  });
  if (addressed.length === 0) return [];
  const lines = new Map<number, (ProductNameRow & { quantity: number; productId: number })[]>();
  for (const line of await rows<ProductNameRow & { quantity: number; orderId: number; productId: number }>(
    tx,
    sql`SELECT ol.order_id AS "orderId", COALESCE(ol.quantity_picked, ol.quantity_ordered) AS quantity, p.id AS "productId", ${productNameColumns}
        FROM order_lines ol JOIN products p ON p.id = ol.product_id ${productJoins}
        WHERE ol.order_id = ANY(${idArray(addressed.map((a) => Number(a.order.id)))}) ORDER BY ol.order_id, ol.id`,
  )) {
    const orderId = Number(line.orderId);
    if (!lines.has(orderId)) lines.set(orderId, []);
    lines.get(orderId)?.push(line);
  }
  // Each product's name once per language, however many orders carry it.
  const names = new Map<string, string>();
  const productName = (locale: Locale, line: ProductNameRow & { productId: number }) => {
    const key = `${locale}/${line.productId}`;
    const name = names.get(key) ?? productNames(locale, line, line).name;
    names.set(key, name);
    return name;
  };
  return sendMails(
    tx,
    addressed.map(({ order, topic, recipient, to }) => {
      const locale = mailLocale(recipient.countryId);
      const content = renderOrderMail(locale, topic, {
        orderId: Number(order.id),
        fromName: order.fromName,
        toName: order.toName ?? '',
        date: topic === 'return' ? (order.datePickup ?? order.dateSend) : order.dateSend,
        referenceOwn: order.referenceOwn,
        lines: (lines.get(Number(order.id)) ?? []).map((l) => ({ quantity: l.quantity, name: productName(locale, l) })),
      });
      return { to, ...content, topic, orderId: Number(order.id), locationId: recipient.id, customerId: recipient.customerId };
    }),
  );
}

/** Ids as one bigint[] parameter, for `= ANY(...)`. */
const idArray = (ids: readonly number[]) => sql`${`{${[...new Set(ids.map(Number))].join(',')}}`}::bigint[]`;

/** Text made safe for an HTML mail body. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The texts of one kind of order mail in one locale: translated once, as the catalogue is fixed at runtime. */
interface MailTexts {
  /** Subject and intro with `\uE000<param>\uE000` (a private-use character no translation holds) where the order's values go (fill). */
  subject: string;
  intro: string;
  orderNumber: string;
  from: string;
  to: string;
  date: string;
  reference: string;
  lines: string;
  quantity: string;
  product: string;
  footer: string;
  dateFormat: Intl.DateTimeFormat;
  numberFormat: Intl.NumberFormat;
}

/**
 * The mail texts by `${locale}/${topic}`, kept until emptied (they change only with a
 * deployment's message catalogue); one per process, listed in Global > Caching as "mailTexts"
 * (plugins/caches.ts).
 */
export const mailTextsCache = new NamedCache<MailTexts>('mailTexts', { ttlMs: null, maxEntries: 500 });
const mailParams = ['orderId', 'date', 'from', 'to'] as const;

/**
 * The texts of `topic` mails in `locale`, from the catalogue once per process: the import's
 * thousands of mails are rendered without a translation lookup or formatter each (i18next
 * interpolates `{{param}}` without formatting, so a marker in place of each value is safe).
 */
function mailTexts(locale: Locale, topic: EmailTopic): MailTexts {
  return mailTextsCache.loadSync(`${locale}/${topic}`, () => readMailTexts(locale, topic));
}

function readMailTexts(locale: Locale, topic: EmailTopic): MailTexts {
  const t = translator(locale);
  const markers = Object.fromEntries(mailParams.map((name) => [name, `\uE000${name}\uE000`]));
  const texts: MailTexts = {
    subject: t(`mail.${topic}.subject`, markers),
    intro: t(`mail.${topic}.intro`, markers),
    orderNumber: t('mail.orderNumber'),
    from: t('mail.from'),
    to: t('mail.to'),
    date: t(topic === 'return' ? 'mail.datePickup' : 'mail.dateSend'),
    reference: t('mail.reference'),
    lines: t('mail.lines'),
    quantity: t('mail.quantity'),
    product: t('mail.product'),
    footer: t('mail.footer'),
    dateFormat: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
    numberFormat: new Intl.NumberFormat(locale),
  };
  return texts;
}

/** A template of mailTexts with the order's values in place of its markers. */
const fill = (template: string, params: Record<(typeof mailParams)[number], string>) =>
  template.replace(/\uE000(\w+)\uE000/g, (_, name: string) => params[name as (typeof mailParams)[number]] ?? '');

/**
 * The subject, plain text and HTML of an order mail in one locale (templates `mail.*` of the
 * messages catalogue). `date` is a plain yyyy-MM-dd date, shown in the locale's long form.
 */
export function renderOrderMail(
  locale: Locale,
  topic: EmailTopic,
  order: {
    orderId: number;
    fromName: string;
    toName: string;
    date: string;
    referenceOwn: string | null;
    lines: { quantity: number; name: string }[];
  },
): OrderMailContent {
  const texts = mailTexts(locale, topic);
  const date = texts.dateFormat.format(new Date(`${order.date}T00:00:00Z`));
  const params = { orderId: String(order.orderId), date, from: order.fromName, to: order.toName };
  const subject = fill(texts.subject, params);
  const intro = fill(texts.intro, params);
  const facts: [string, string][] = [
    [texts.orderNumber, String(order.orderId)],
    [texts.from, order.fromName],
    [texts.to, order.toName],
    [texts.date, date],
    ...(order.referenceOwn ? ([[texts.reference, order.referenceOwn]] as [string, string][]) : []),
  ];
  const text = [
    intro,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `${texts.lines}:`,
    ...order.lines.map((l) => `- ${texts.numberFormat.format(l.quantity)} × ${l.name}`),
    '',
    texts.footer,
  ].join('\n');
  const html = mailHtml(locale, intro, facts, texts.footer, [
    `<table><thead><tr><th align="right">${escapeHtml(texts.quantity)}</th><th align="left">${escapeHtml(texts.product)}</th></tr></thead><tbody>`,
    ...order.lines.map(
      (l) => `<tr><td align="right">${escapeHtml(texts.numberFormat.format(l.quantity))}</td><td>${escapeHtml(l.name)}</td></tr>`,
    ),
    '</tbody></table>',
  ]);
  return { subject, text, html };
}

/**
 * The HTML body of a portal mail in `locale`: the intro, a table of facts (label, value), the
 * `blocks` that follow (HTML, already escaped), and the footer. Texts are escaped here.
 */
export function mailHtml(
  locale: Locale,
  intro: string,
  facts: readonly [string, string][],
  footer: string,
  blocks: readonly string[] = [],
): string {
  return [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    ...blocks,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
}
