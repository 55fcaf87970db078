/**
 * The invoices page (`/app/reports/invoices/{type}`; issue 8): pooling or commission invoices of
 * the customer, filtered by invoice dates and payment (and, for provider staff and chain-level
 * users, the customer), in a table with the sums per currency; overdue ones are marked. Each
 * number opens the invoice. Users without the finance-report permission see a notice and no
 * call with money is made.
 */
import { Group, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { type InvoiceType, invoiceTypes, maySeeMoney } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { useSession } from '../../session/use-session';
import { useToday } from '../../session/use-today';
import { type InvoiceFilters, useInvoiceCustomers, useInvoices } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
import { isInvoiceType, readFilters, writeFilters } from './invoice-filters';
import { NoInvoiceAccess } from './NoInvoiceAccess';

export function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'orders']);
  const { status } = useSession();
  const { type } = useParams();
  if (!isInvoiceType(type)) return <Navigate to="/app/reports/invoices/pooling" replace />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {maySeeMoney(status) ? <InvoiceList type={type} isProvider={status.isProvider} /> : <NoInvoiceAccess />}
    </Stack>
  );
}

function InvoiceList({ type, isProvider }: { type: InvoiceType; isProvider: boolean }) {
  const { t } = useTranslation(['invoices', 'orders']);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const today = useToday();
  const filters = readFilters(type, search, today);
  const set = (next: Partial<InvoiceFilters>) => setSearch(writeFilters({ ...filters, ...next }), { replace: true });
  const customers = useInvoiceCustomers(true);
  const invoices = useInvoices(filters, true);
  const pickCustomer = isProvider || (customers.data?.length ?? 0) > 1;

  return (
    <>
      <SegmentedControl
        aria-label={t('typeLabel')}
        value={type}
        onChange={(next) => navigate(`/app/reports/invoices/${next}?${search.toString()}`)}
        data={invoiceTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        {pickCustomer && (
          <Select
            label={t('filters.customer')}
            placeholder={isProvider ? t('filters.allCustomers') : undefined}
            data={(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.customerId ? String(filters.customerId) : null}
            onChange={(value) => set({ customerId: value ? Number(value) : undefined })}
            clearable={isProvider}
            searchable
            nothingFoundMessage={t('filters.noCustomer')}
            w={{ base: '100%', sm: 280 }}
          />
        )}
        <OpenDayDatePicker
          label={t('filters.from')}
          value={filters.from}
          onChange={(from) => from && set({ from })}
          max={filters.to}
          allDaysOpen
          clearable={false}
          w={{ base: '100%', xs: 180 }}
        />
        <OpenDayDatePicker
          label={t('filters.to')}
          value={filters.to}
          onChange={(to) => to && set({ to })}
          min={filters.from}
          allDaysOpen
          clearable={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('filters.payment')}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'false', label: t('filters.open') },
            { value: 'true', label: t('filters.paid') },
          ]}
          value={filters.paid === undefined ? 'all' : String(filters.paid)}
          onChange={(value) => set({ paid: value === 'true' ? true : value === 'false' ? false : undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      <InvoicesTable
        filters={filters}
        query={invoices}
        showCustomer={pickCustomer && !filters.customerId}
        detailSearch={search.toString()}
      />
    </>
  );
}
