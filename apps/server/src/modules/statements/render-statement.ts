/**
 * The printed statement (issue 22): an A4 PDF in the reader's language on the portal's document
 * frame (documents/sheet.ts), as the invoice and the waybill: the customer and location with its
 * GLN and the period; per product and account the opening balance, in, out and the closing
 * balance; every movement with its reference, counterparty and the balance after it; the
 * carriers in transit at the end. Texts from `statement.*` of the messages catalogue.
 */
import type { Locale, Statement } from '@portal/domain';
import { translator } from '../../i18n.js';
import { type Column, DocumentSheet, openDocument, printedAt, timeZoneOf } from '../documents/sheet.js';
import { movementText, periodText, referenceText } from './statement-texts.js';

/** Rows laid out between two turns of the event loop: a statement of 10,000 movements never holds it long. */
const ROWS_PER_TURN = 250;

/**
 * Renders `statement` as a PDF in `locale`.
 * @returns the PDF's bytes (A4 portrait, as many pages as the movements need)
 */
export async function renderStatement(statement: Statement, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const title = t('statement.title');
  const period = periodText(statement, locale);
  const { doc, done } = await openDocument({
    locale,
    title: `${title} ${statement.location.name} ${period}`,
    subject: `${statement.customer.name} · ${statement.location.name} · ${period}`,
    author: statement.issuerName,
  });
  const sheet = new DocumentSheet(doc, locale);
  sheet.header({
    title,
    issuer: statement.issuerName,
    boxLabel: t('statement.period'),
    boxValue: period,
    boxValueSize: 11,
    continued: `${title} · ${statement.location.name} · ${period}`,
  });
  sheet.grid([
    [
      [t('statement.customer'), statement.customer.name],
      [t('statement.customerNumber'), String(statement.customer.id)],
      [t('statement.location'), statement.location.name],
      [t('statement.gln'), statement.location.gln],
    ],
  ]);

  const account = (kind: string) => t(`statement.account.${kind}`);
  const accountColumns: Column[] = [
    { label: t('statement.columns.product'), width: 0, align: 'left' },
    { label: t('statement.columns.account'), width: 80, align: 'left' },
    { label: t('statement.columns.opening'), width: 70, align: 'right' },
    { label: t('statement.columns.in'), width: 60, align: 'right' },
    { label: t('statement.columns.out'), width: 60, align: 'right' },
    { label: t('statement.columns.closing'), width: 70, align: 'right' },
  ];
  sheet.table(
    t('statement.balances'),
    accountColumns,
    statement.accounts.length
      ? statement.accounts.map((a) => [
          a.productName,
          account(a.balanceKind),
          sheet.number(a.opening),
          sheet.number(a.quantityIn),
          sheet.number(a.quantityOut),
          sheet.number(a.closing),
        ])
      : [[t('statement.noBalances'), '', '', '', '', '']],
  );

  const names = new Map(statement.accounts.map((a) => [a.productId, a.productName]));
  const entryColumns: Column[] = [
    { label: t('statement.columns.date'), width: 52, align: 'left' },
    { label: t('statement.columns.movement'), width: 72, align: 'left' },
    { label: t('statement.columns.reference'), width: 72, align: 'left' },
    { label: t('statement.columns.counterparty'), width: 0, align: 'left' },
    { label: t('statement.columns.product'), width: 80, align: 'left' },
    { label: t('statement.columns.account'), width: 56, align: 'left' },
    { label: t('statement.columns.quantity'), width: 42, align: 'right' },
    { label: t('statement.columns.balanceAfter'), width: 50, align: 'right' },
  ];
  const body = statement.entries.map((e) => [
    sheet.date(e.bookingDate),
    movementText(t, e),
    referenceText(t, e),
    e.counterparty ?? '',
    names.get(e.productId) ?? String(e.productId),
    account(e.balanceKind),
    sheet.number(e.quantity),
    sheet.number(e.balanceAfter),
  ]);
  if (body.length === 0) sheet.table(t('statement.movements'), entryColumns, [[t('statement.noMovements'), '', '', '', '', '', '', '']]);
  else {
    const table = sheet.openTable(t('statement.movements'), entryColumns);
    for (let i = 0; i < body.length; i++) {
      table.row(body[i] as string[]);
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    table.end();
  }

  if (statement.inTransit.length)
    sheet.table(
      t('statement.inTransit'),
      [
        { label: t('statement.columns.product'), width: 0, align: 'left' },
        { label: t('statement.columns.incoming'), width: 100, align: 'right' },
        { label: t('statement.columns.outgoing'), width: 100, align: 'right' },
      ],
      statement.inTransit.map((r) => [r.productName, sheet.number(r.incoming), sheet.number(r.outgoing)]),
    );

  const left = [
    t('statement.printed', { date: printedAt(locale, timeZoneOf(statement.location.countryId)) }),
    statement.issuerName,
    `${title} ${statement.location.name}`,
  ].join('  ·  ');
  sheet.footers(left, (page, pages) => t('statement.page', { page, pages }));
  doc.end();
  return done;
}
