/**
 * The invoice list: a table on wider screens (number, customer when several, invoice date, due
 * date, payment, amounts excl. VAT, VAT and incl. VAT, currency; the sums per currency in the
 * footer), one card per invoice on a phone. Overdue invoices are marked in words (the status
 * badge), not by colour alone. The number links to the invoice, on one line (issue 20: numbers
 * such as NO-2026-000123 broke at their hyphens).
 */
import { Alert, Anchor, Box, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { InvoiceSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import type { InvoiceFilters, useInvoices } from '../api/invoices';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import classes from './invoices.module.css';
import { NoInvoiceAccess } from './NoInvoiceAccess';

interface Props {
  filters: InvoiceFilters;
  query: ReturnType<typeof useInvoices>;
  showCustomer: boolean;
  /** The list's query, carried to the invoice so its way back keeps the filters. */
  detailSearch: string;
}

export function InvoicesTable({ filters, query, showCustomer, detailSearch }: Props) {
  const { t } = useTranslation('invoices');
  const { money, plainDate } = useFormat();
  if (query.error instanceof ApiError && query.error.status === 403) return <NoInvoiceAccess />;
  if (query.isError)
    return (
      <Alert color="red" title={t('loadFailed')} role="alert">
        {(query.error as Error).message}
      </Alert>
    );
  if (!query.data) return <Loader aria-label={t('loading')} />;
  const { items, totals } = query.data;
  const caption = t('table.caption', { type: t(`types.${filters.type}`), from: plainDate(filters.from), to: plainDate(filters.to) });
  if (items.length === 0)
    return (
      <Text c="dimmed" role="status">
        {t('empty')}
      </Text>
    );
  const link = (invoice: InvoiceSummary) => (
    <Anchor
      component={Link}
      to={`/app/reports/invoices/${invoice.invoiceType}/${invoice.id}?${detailSearch}`}
      fw={600}
      className={classes.number}
    >
      {invoice.invoiceNumber}
    </Anchor>
  );

  return (
    <>
      <Text size="sm" c="dimmed" role="status">
        {t('count', { count: items.length })}
      </Text>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={query.isFetching}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }} className="visually-hidden">
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.number')}</Table.Th>
                {showCustomer && <Table.Th>{t('table.customer')}</Table.Th>}
                <Table.Th>{t('table.date')}</Table.Th>
                <Table.Th>{t('table.due')}</Table.Th>
                <Table.Th>{t('table.status')}</Table.Th>
                <Table.Th ta="right">{t('table.exclVat')}</Table.Th>
                <Table.Th ta="right">{t('table.vat')}</Table.Th>
                <Table.Th ta="right">{t('table.inclVat')}</Table.Th>
                <Table.Th>{t('table.currency')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{link(invoice)}</Table.Td>
                  {showCustomer && <Table.Td>{invoice.customerName}</Table.Td>}
                  <Table.Td>{plainDate(invoice.invoiceDate)}</Table.Td>
                  <Table.Td>{plainDate(invoice.dueDate)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge invoice={invoice} />
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {money(invoice.amountExclVat, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {money(invoice.vatAmount, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount} fw={600}>
                    {money(invoice.amountInclVat, invoice.currency)}
                  </Table.Td>
                  <Table.Td>{invoice.currency}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {totals.map((sum) => (
                <Table.Tr key={sum.currency} fw={700}>
                  <Table.Th scope="row" colSpan={showCustomer ? 4 : 3}>
                    {t('table.total')}
                  </Table.Th>
                  <Table.Td>{sum.openInclVat !== 0 && t('table.openSum', { amount: money(sum.openInclVat, sum.currency) })}</Table.Td>
                  <Table.Td ta="right">{money(sum.amountExclVat, sum.currency)}</Table.Td>
                  <Table.Td ta="right">{money(sum.vatAmount, sum.currency)}</Table.Td>
                  <Table.Td ta="right">{money(sum.amountInclVat, sum.currency)}</Table.Td>
                  <Table.Td>{sum.currency}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="md" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
        {items.map((invoice) => (
          <Card key={invoice.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {link(invoice)}
              <InvoiceStatusBadge invoice={invoice} />
            </Group>
            {showCustomer && <Text size="sm">{invoice.customerName}</Text>}
            <Group justify="space-between" mt={4} gap="xs">
              <Text size="sm" c="dimmed">
                {t('card.dates', { date: plainDate(invoice.invoiceDate), due: plainDate(invoice.dueDate) })}
              </Text>
              <Text fw={700} className={classes.amount}>
                {money(invoice.amountInclVat, invoice.currency)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
      <Stack hiddenFrom="md" gap={2}>
        {totals.map((sum) => (
          <Text key={sum.currency} fw={700}>
            {t('card.total', { amount: money(sum.amountInclVat, sum.currency) })}
          </Text>
        ))}
      </Stack>
    </>
  );
}
