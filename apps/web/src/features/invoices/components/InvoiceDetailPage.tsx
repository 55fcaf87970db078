/**
 * One invoice (`/app/reports/invoices/{type}/{id}`; issue 8): number, customer, period, dates,
 * payment, the lines (description, carrier or product, quantity, unit price, amount), VAT and
 * totals, and "Open PDF". Users without the finance-report permission see a notice; another
 * customer's invoice reads as not found (the server answers 404).
 */
import { Alert, Anchor, Box, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type InvoiceDetail, maySeeMoney } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useInvoice } from '../api/invoices';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { isInvoiceType } from './invoice-filters';
import classes from './invoices.module.css';
import { NoInvoiceAccess } from './NoInvoiceAccess';
import { OpenInvoicePdfButton } from './OpenInvoicePdfButton';

export function InvoiceDetailPage() {
  const { t } = useTranslation('invoices');
  const { status } = useSession();
  const params = useParams();
  const { search } = useLocation();
  const type = isInvoiceType(params.type) ? params.type : 'pooling';
  const id = Number(params.id);
  const allowed = maySeeMoney(status);
  const invoice = useInvoice(id, allowed && Number.isInteger(id) && id > 0);
  const back = (
    <Anchor component={Link} to={`/app/reports/invoices/${type}${search}`} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t(`detail.back.${type}`)}
      </Group>
    </Anchor>
  );
  let body: React.ReactNode;
  if (!allowed || (invoice.error instanceof ApiError && invoice.error.status === 403)) body = <NoInvoiceAccess />;
  else if (!Number.isInteger(id) || id <= 0 || (invoice.error instanceof ApiError && invoice.error.status === 404))
    body = (
      <Alert color="gray" title={t('detail.notFound')} role="status">
        {t('detail.notFoundText')}
      </Alert>
    );
  else if (invoice.isError)
    body = (
      <Alert color="red" title={t('loadFailed')} role="alert">
        {(invoice.error as Error).message}
      </Alert>
    );
  else if (!invoice.data) body = <Loader aria-label={t('loading')} />;
  else body = <InvoiceView invoice={invoice.data} />;
  return (
    <Stack gap="md">
      {back}
      {invoice.data ? null : (
        <Title order={1} size="h2">
          {t('detail.pageTitle')}
        </Title>
      )}
      {body}
    </Stack>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation('invoices');
  const { money, plainDate, number } = useFormat();
  const period = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${invoice.period}T00:00:00Z`),
  );
  const facts: [string, React.ReactNode][] = [
    [t('detail.customer'), invoice.customerName],
    [t('typeLabel'), t(`types.${invoice.invoiceType}`)],
    [t('detail.period'), period],
    [t('table.date'), plainDate(invoice.invoiceDate)],
    [t('table.due'), plainDate(invoice.dueDate)],
    [t('table.currency'), invoice.currency],
    ...(invoice.buyer.reference ? [[t('detail.reference'), invoice.buyer.reference] as [string, string]] : []),
    [t('detail.terms'), t('detail.paymentDays', { count: invoice.paymentDays })],
  ];
  const rate = number(invoice.vatRateBp / 100, { maximumFractionDigits: 2 });
  const totals = [
    [t('detail.exclVat'), invoice.amountExclVat],
    [t('detail.vat', { rate }), invoice.vatAmount],
    [t('detail.inclVat'), invoice.amountInclVat],
  ] as const;
  const quantity = (line: InvoiceDetail['lines'][number]) =>
    t(unitKey(line.kind), { count: line.quantity, quantity: number(line.quantity) });
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('detail.title', { number: invoice.invoiceNumber })}
          </Title>
          <Group gap="xs">
            <InvoiceStatusBadge invoice={invoice} />
            <Text fw={700} size="lg" className={classes.amount}>
              {money(invoice.amountInclVat, invoice.currency)}
            </Text>
          </Group>
        </Stack>
        <OpenInvoicePdfButton invoice={invoice} />
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('detail.lines')}
      </Title>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={620}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.lineNo')}</Table.Th>
                <Table.Th>{t('detail.description')}</Table.Th>
                <Table.Th>{t('detail.item')}</Table.Th>
                <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
                <Table.Th ta="right">{t('detail.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('detail.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line) => (
                <Table.Tr key={line.lineNo}>
                  <Table.Td>{line.lineNo}</Table.Td>
                  <Table.Td>{t(`kind.${line.kind}`)}</Table.Td>
                  <Table.Td>{line.itemName}</Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {t(unitKey(line.kind), {
                      count: line.quantity,
                      quantity: number(line.quantity),
                    })}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {money(line.unitPrice, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {money(line.amount, invoice.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {totals.map(([label, amount], i) => (
                <Table.Tr key={label} fw={i === 2 ? 700 : 500}>
                  <Table.Th scope="row" colSpan={5} ta="right">
                    {label}
                  </Table.Th>
                  <Table.Td ta="right" className={classes.amount}>
                    {money(amount, invoice.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('detail.lines')}>
        {invoice.lines.map((line) => (
          <Card key={line.lineNo} component="li" withBorder padding="sm">
            <Text fw={600}>
              {line.lineNo}. {t(`kind.${line.kind}`)}
            </Text>
            <Text size="sm">{line.itemName}</Text>
            <Group justify="space-between" gap="xs" mt={4}>
              <Text size="sm" c="dimmed" className={classes.amount}>
                {quantity(line)} × {money(line.unitPrice, invoice.currency)}
              </Text>
              <Text fw={600} className={classes.amount}>
                {money(line.amount, invoice.currency)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
      <Stack hiddenFrom="sm" gap={4}>
        {totals.map(([label, amount], i) => (
          <Group key={label} justify="space-between" fw={i === 2 ? 700 : 500}>
            <Text inherit>{label}</Text>
            <Text inherit className={classes.amount}>
              {money(amount, invoice.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
    </>
  );
}

/** The unit of a line's quantity: carrier-days for day hire, container-days for container rent, else pieces. */
function unitKey(kind: string): string {
  return kind === 'dayHire' ? 'units.carrierDays' : kind === 'containerRent' ? 'units.containerDays' : 'units.pieces';
}
