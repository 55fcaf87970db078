/**
 * The bell's alert for a new invoice (spec section 3, alert source `Invoice`): one alert per
 * active user of the invoiced customer who may see money (the finance-report permission,
 * `maySeeMoney`), never to anyone else, so no amount reaches a user without it. Title and text
 * are written in every locale (`alerts.texts`), shown in the reader's language; the bell opens
 * the invoice (alerts/routes.ts).
 */
import { type Locale, locales } from '@portal/domain';
import { sql, type Tx } from '../../db/client.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { formatMoney } from '../documents/format.js';
import type { MadeInvoice } from './make-invoices.js';

/** "oktober 2026": the period's month and year in `locale`. */
export function formatPeriod(period: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}T00:00:00Z`));
}

/** Writes the alerts of `invoices` (made for `period`) inside `tx`. */
export async function alertNewInvoices(tx: Tx, invoices: readonly MadeInvoice[], period: string): Promise<void> {
  if (invoices.length === 0) return;
  const alerts = invoices.map((invoice) => {
    const texts = Object.fromEntries(
      locales.map((locale) => {
        const t = translator(locale);
        const values = {
          type: t(`invoice.type.${invoice.invoiceType}`),
          number: invoice.invoiceNumber,
          period: formatPeriod(period, locale),
          amount: formatMoney(invoice.amountInclVat, invoice.currency, locale),
          dueDate: formatPlainDate(invoice.dueDate, locale),
        };
        return [locale, { title: t('invoice.alert.title', values), text: t('invoice.alert.text', values) }];
      }),
    );
    const english = texts['en-US'] as { title: string; text: string };
    return { customerId: invoice.customerId, invoiceId: invoice.id, title: english.title, text: english.text, texts };
  });
  await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
    SELECT u.id, 'Invoice', a."invoiceId", a.title, a.text, a.texts, clock_timestamp()
    FROM jsonb_to_recordset(${JSON.stringify(alerts)}::jsonb)
      AS a("customerId" int, "invoiceId" int, title text, text text, texts jsonb)
    JOIN users u ON u.customer_id = a."customerId" AND u.is_active AND u.finance_report`);
}
