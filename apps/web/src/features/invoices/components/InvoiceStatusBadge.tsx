/** An invoice's payment state: paid (with its date), due, or overdue (not paid after its due date). */
import { Badge } from '@mantine/core';
import type { InvoiceSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'paid' | 'paidDate' | 'overdue'> }) {
  const { t } = useTranslation('invoices');
  const { plainDate } = useFormat();
  if (invoice.paid)
    return (
      <Badge color="green.9" variant="filled" tt="none">
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
    <Badge color="blue.9" variant="filled" tt="none">
      {t('status.due')}
    </Badge>
  );
}
