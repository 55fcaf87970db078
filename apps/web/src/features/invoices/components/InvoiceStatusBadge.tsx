/**
 * An invoice's payment state: paid (with its date), due, or overdue (not paid after its due date),
 * in words on a filled badge whose text has at least 4.5:1 against it (the theme's brand, a dark
 * green, red 9).
 */
import { Badge } from '@mantine/core';
import type { InvoiceSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'paid' | 'paidDate' | 'overdue'> }) {
  const { t } = useTranslation('invoices');
  const { plainDate } = useFormat();
  if (invoice.paid)
    return (
      <Badge color="#1e6b30" variant="filled" tt="none">
        {invoice.paidDate ? t('status.paidOn', { date: plainDate(invoice.paidDate) }) : t('status.paid')}
      </Badge>
    );
  if (invoice.overdue)
    return (
      <Badge color="red.9" variant="filled" tt="none">
        {t('status.overdue')}
      </Badge>
    );
  return (
    <Badge color="brand" variant="filled" tt="none">
      {t('status.due')}
    </Badge>
  );
}
