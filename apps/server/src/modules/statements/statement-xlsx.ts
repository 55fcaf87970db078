/**
 * The statement as an Excel workbook (issue 22), on the reports' shared writer
 * (reports/report-xlsx.ts): three sheets, each headed by the customer, location, GLN and
 * period: the balances per product and account (opening, in, out, closing, with totals), the
 * movements (real dates, signed quantities as in and out, the balance after each), and the
 * carriers in transit at the end. Texts in the reader's language (`statement.*`).
 */
import type { Writable } from 'node:stream';
import type { Locale, ReportCell, ReportColumn, ReportRow, Statement } from '@portal/domain';
import { translator } from '../../i18n.js';
import type { ReportRows } from '../reports/report-definition.js';
import { addReportSheet, openXlsxWorkbook, type XlsxHeading } from '../reports/report-xlsx.js';
import { movementText, periodText, referenceText } from './statement-texts.js';

/** Writes `statement` to `out` as an .xlsx in `locale` and ends it. */
export async function writeStatementXlsx(out: Writable, statement: Statement, locale: Locale): Promise<void> {
  const t = translator(locale);
  const filters: [string, string][] = [
    [t('statement.customer'), statement.customer.name],
    [t('statement.location'), statement.location.name],
    [t('statement.gln'), statement.location.gln ?? ''],
    [t('statement.period'), periodText(statement, locale)],
  ];
  const column = (key: string, type: ReportColumn['type']): ReportColumn => ({ key, type, label: t(`statement.columns.${key}`) });
  const account = (kind: string) => t(`statement.account.${kind}`);
  const names = new Map(statement.accounts.map((a) => [a.productId, a.productName]));
  const workbook = await openXlsxWorkbook(out);

  /** One sheet headed by the filters: its columns, its rows as one batch, and the sums of `summed` in the totals row. */
  const sheet = async (title: string, columns: ReportColumn[], rows: ReportRow[], summed: string[]) => {
    const sums: Record<string, ReportCell> = Object.fromEntries(summed.map((k) => [k, 0]));
    const heading: XlsxHeading = { title, filters, totalsLabel: t('statement.total'), truncatedNote: '' };
    async function* once(): ReportRows {
      yield rows;
      return undefined;
    }
    const add = (row: ReportRow) => {
      for (const k of summed) sums[k] = Number(sums[k]) + Number(row[k] ?? 0);
    };
    await addReportSheet(workbook, out, locale, heading, columns, once(), add, () => sums, Number.MAX_SAFE_INTEGER);
  };

  await sheet(
    t('statement.balances'),
    [
      column('product', 'text'),
      column('account', 'text'),
      column('opening', 'integer'),
      column('in', 'integer'),
      column('out', 'integer'),
      column('closing', 'integer'),
    ],
    statement.accounts.map((a) => ({
      product: a.productName,
      account: account(a.balanceKind),
      opening: a.opening,
      in: a.quantityIn,
      out: a.quantityOut,
      closing: a.closing,
    })),
    ['in', 'out'],
  );
  await sheet(
    t('statement.movements'),
    [
      column('date', 'date'),
      column('movement', 'text'),
      column('reference', 'text'),
      column('counterparty', 'text'),
      column('product', 'text'),
      column('account', 'text'),
      column('in', 'integer'),
      column('out', 'integer'),
      column('balanceAfter', 'integer'),
    ],
    statement.entries.map((e) => ({
      date: e.bookingDate,
      movement: movementText(t, e),
      reference: referenceText(t, e),
      counterparty: e.counterparty,
      product: names.get(e.productId) ?? String(e.productId),
      account: account(e.balanceKind),
      in: e.quantity > 0 ? e.quantity : null,
      out: e.quantity < 0 ? -e.quantity : null,
      balanceAfter: e.balanceAfter,
    })),
    ['in', 'out'],
  );
  await sheet(
    t('statement.inTransit'),
    [column('product', 'text'), column('incoming', 'integer'), column('outgoing', 'integer')],
    statement.inTransit.map((r) => ({ product: r.productName, incoming: r.incoming, outgoing: r.outgoing })),
    ['incoming', 'outgoing'],
  );
  await workbook.commit();
}
