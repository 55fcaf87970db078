/**
 * The printed invoice (issue 8): an A4 PDF in the caller's language on the portal's document
 * frame (documents/sheet.ts), laid out as a Nordic invoice: title and invoice number; invoice
 * date, due date, period, customer number, currency; the provider as seller (name, address,
 * org and VAT numbers) and the customer as buyer (with its invoice reference); the lines
 * (description, carrier, quantity with its unit, unit price, amount); the amount excl. VAT,
 * the VAT at its rate and the total; the payment terms (or, for a credit, how it is settled),
 * and the payment when made. A negative total prints as a credit note. Texts come from
 * `invoice.*` of the messages catalogue; amounts with two decimals as the locale writes them.
 */
import type { InvoiceDetail, InvoiceParty, Locale } from '@portal/domain';
import { formatPlainDate, translator } from '../../i18n.js';
import { formatAmount, formatMoney } from '../documents/format.js';
import {
  ACCENT,
  BOLD,
  type Column,
  DocumentSheet,
  GAP,
  INK,
  MARGIN,
  openDocument,
  type PartyLine,
  printedAt,
  REGULAR,
  RULE,
  timeZoneOf,
  WIDTH,
} from '../documents/sheet.js';
import { formatPeriod } from './invoice-alert.js';

type T = ReturnType<typeof translator>;

/**
 * Renders `invoice` as a PDF in `locale`.
 * @returns the PDF's bytes (A4 portrait; further pages when the lines need them)
 */
export async function renderInvoice(invoice: InvoiceDetail, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const credit = invoice.amountInclVat < 0;
  const title = t(credit ? 'invoice.creditTitle' : 'invoice.title');
  const { doc, done } = await openDocument({
    locale,
    title: `${title} ${invoice.invoiceNumber}`,
    subject: `${t(`invoice.type.${invoice.invoiceType}`)} · ${formatPeriod(invoice.period, locale)} · ${invoice.buyer.name}`,
    author: invoice.seller.name,
  });
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const country = (code: string) => regions.of(code) ?? code;
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);

  const sheet = new InvoiceSheet(doc, locale);
  sheet.header({
    title,
    issuer: invoice.seller.name,
    boxLabel: t('invoice.number'),
    boxValue: invoice.invoiceNumber,
    continued: `${title} · ${invoice.invoiceNumber} · ${invoice.buyer.name}`,
  });
  sheet.grid([
    [
      [t('invoice.date'), sheet.date(invoice.invoiceDate)],
      [t('invoice.dueDate'), sheet.date(invoice.dueDate)],
      [t('invoice.typeLabel'), t(`invoice.type.${invoice.invoiceType}`)],
      [t('invoice.period'), formatPeriod(invoice.period, locale)],
      [t('invoice.customerNumber'), String(invoice.customerId)],
      [t('invoice.currency'), invoice.currency],
    ],
  ]);
  sheet.parties([t('invoice.seller'), partyLines(invoice.seller, t, country)], [t('invoice.buyer'), partyLines(invoice.buyer, t, country)]);
  const columns: Column[] = [
    { label: t('invoice.lineNumber'), width: 26, align: 'left' },
    { label: t('invoice.description'), width: 140, align: 'left' },
    { label: t('invoice.item'), width: 0, align: 'left' },
    { label: t('invoice.quantity'), width: 70, align: 'right' },
    { label: t('invoice.unitPrice'), width: 58, align: 'right' },
    { label: t('invoice.amount'), width: 74, align: 'right' },
  ];
  const body = invoice.lines.map((line) => [
    String(line.lineNo),
    t(`invoice.kind.${line.kind}`),
    line.itemName,
    `${sheet.number(line.quantity)} ${t(line.kind === 'dayHire' ? 'invoice.unit.carrierDays' : line.kind === 'containerRent' ? 'invoice.unit.containerDays' : 'invoice.unit.pieces')}`,
    formatAmount(line.unitPrice, locale),
    formatAmount(line.amount, locale),
  ]);
  sheet.table(t('invoice.lines'), columns, body);
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(invoice.vatRateBp / 100);
  sheet.totals([
    [t('invoice.exclVat'), money(invoice.amountExclVat), false],
    [t('invoice.vat', { rate }), money(invoice.vatAmount), false],
    [t('invoice.inclVat'), money(invoice.amountInclVat), true],
  ]);
  sheet.section(t('invoice.paymentTerms'));
  const values = { days: invoice.paymentDays, amount: money(Math.abs(invoice.amountInclVat)), number: invoice.invoiceNumber };
  sheet.notes([
    [
      t('invoice.paymentTerms'),
      credit ? t('invoice.creditTerms', values) : t('invoice.terms', { ...values, dueDate: formatPlainDate(invoice.dueDate, locale) }),
    ],
    [t('invoice.vatLabel'), t('invoice.vatNote', { country: country(invoice.countryId) })],
    ...(invoice.paid && invoice.paidDate
      ? [[t('invoice.payment'), t('invoice.paid', { date: formatPlainDate(invoice.paidDate, locale) })] as [string, string]]
      : []),
  ]);
  const left = [
    t('invoice.printed', { date: printedAt(locale, timeZoneOf(invoice.countryId)) }),
    invoice.seller.name,
    `${title} ${invoice.invoiceNumber}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  sheet.footers(left, (page, pages) => t('invoice.page', { page, pages }));
  doc.end();
  return done;
}

/** A party's box: name, address, country, org and VAT numbers, the buyer's reference, the invoice email. */
function partyLines(party: InvoiceParty, t: T, country: (code: string) => string): PartyLine[] {
  const ids = [
    party.orgNumber ? `${t('invoice.orgNumber')} ${party.orgNumber}` : '',
    party.vatNumber ? `${t('invoice.vatNumber')} ${party.vatNumber}` : '',
  ].filter(Boolean);
  return [
    { text: party.name, style: 'strong' as const },
    ...(party.street ? [{ text: party.street }] : []),
    ...(party.postalCode || party.postalName ? [{ text: `${party.postalCode ?? ''} ${party.postalName ?? ''}`.trim() }] : []),
    { text: country(party.countryId) },
    ...(ids.length ? [{ text: ids.join('  ·  '), style: 'small' as const }] : []),
    ...(party.reference ? [{ text: `${t('invoice.reference')}: ${party.reference}`, style: 'small' as const }] : []),
    ...(party.email ? [{ text: party.email, style: 'small' as const }] : []),
  ];
}

/** The invoice's own block on the shared frame: the totals, right-aligned under the lines. */
class InvoiceSheet extends DocumentSheet {
  /** Label and amount rows; a `strong` row (the total) is bold, on a shaded band under a rule. */
  totals(rows: [label: string, value: string, strong: boolean][]) {
    const rowHeight = 18;
    const width = 260;
    const x = MARGIN + WIDTH - width;
    this.room(rows.length * rowHeight + GAP);
    for (const [label, value, strong] of rows) {
      if (strong) {
        this.doc
          .lineWidth(1)
          .strokeColor(INK)
          .moveTo(x, this.y)
          .lineTo(MARGIN + WIDTH, this.y)
          .stroke();
        this.doc
          .rect(x, this.y + 1, width, rowHeight)
          .fillColor('#e3e9f1')
          .fill();
      }
      const size = strong ? 10.5 : 9;
      const font = strong ? BOLD : REGULAR;
      this.line(label, x + 6, this.y + (rowHeight - size) / 2 + 1, width / 2, font, size, strong ? ACCENT : INK);
      this.line(value, x + width / 2, this.y + (rowHeight - size) / 2 + 1, width / 2 - 6, font, size, INK, 'right');
      this.y += rowHeight;
      if (!strong)
        this.doc
          .lineWidth(0.4)
          .strokeColor(RULE)
          .moveTo(x, this.y)
          .lineTo(MARGIN + WIDTH, this.y)
          .stroke();
    }
    this.y += GAP * 2;
  }
}
