/**
 * The log of pallet receipts (`/app/pallet-receipts/log`) or counts at the dock
 * (`/app/pallet-receipts-inv/log`): GET PalletReceipts of the user's scope (where the location
 * or the counterparty is in scope), newest first, at most PALLET_RECEIPTS_LIST_MAX, narrowed by
 * the handover's dates (from <= to), status, location, a term (number, haulier, car number,
 * counterparty) and "Awaiting my confirmation" (issue 20: the open receipts the user's side is to
 * confirm or object to; `?awaiting=me` in the address, so a link can open the log filtered). A
 * table from 768 px, one card per receipt on a phone; each opens its page, and a receipt awaiting
 * the user says so next to its status.
 */
import { Alert, Anchor, Badge, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  PALLET_RECEIPTS_LIST_MAX,
  type PalletReceiptStatus,
  type PalletReceiptSummary,
  type PalletReceiptsQuery,
  palletReceiptStatuses,
} from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type DateRange, DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useWide } from '../../counting/lib/use-wide';
import { useSession } from '../../session/use-session';
import { usePalletReceipts, useReceiptLocations } from '../api/pallet-receipts';
import { type ReceiptVariant, useReceiptVariant } from '../lib/variant';
import { ReceiptStatusBadge } from './ReceiptStatusBadge';
import { ReceiptsNav } from './ReceiptsNav';

const TERM_WAIT_MS = 300;

/** "12 in, 4 out" of a handover (its lines' sums). */
function useQuantities() {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  return (receipt: PalletReceiptSummary) =>
    t('log.quantities', { delivered: format.number(receipt.delivered), returned: format.number(receipt.returned) });
}

/** "Signed by both", "Driver has not signed", ... */
function useSignedText() {
  const { t } = useTranslation('palletReceipts');
  return (receipt: PalletReceiptSummary) => {
    const kind = receipt.inventory ? 'inventory' : 'handover';
    if (receipt.signed.from && receipt.signed.to) return t('log.signedBoth');
    const missing = (['from', 'to'] as const).filter((party) => !receipt.signed[party]).map((party) => t(`parties.${kind}.${party}`));
    return t('log.unsigned', { parties: missing.join(', ') });
  };
}

/** The status badge, and "Awaiting you" when the user's side is to answer. */
function StatusCell({ receipt }: { receipt: PalletReceiptSummary }) {
  const { t } = useTranslation('palletReceipts');
  return (
    <Group gap={4} wrap="wrap">
      <ReceiptStatusBadge status={receipt.status} />
      {receipt.awaitingMe && (
        <Badge variant="outline" color="blue" radius="sm" tt="none" styles={{ label: { color: 'var(--mantine-color-blue-9)' } }}>
          {t('log.awaitingYou')}
        </Badge>
      )}
    </Group>
  );
}

function ReceiptTable({ receipts, variant }: { receipts: PalletReceiptSummary[]; variant: ReceiptVariant }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const quantities = useQuantities();
  const signed = useSignedText();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={6}>
        <caption className="visually-hidden">{t('log.title')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.number')}</Table.Th>
            <Table.Th>{t('log.handedOverAt')}</Table.Th>
            <Table.Th>{t('log.location')}</Table.Th>
            {!variant.inventory && <Table.Th>{t('log.counterparty')}</Table.Th>}
            {!variant.inventory && <Table.Th>{t('log.haulier')}</Table.Th>}
            {!variant.inventory && <Table.Th>{t('log.quantitiesTitle')}</Table.Th>}
            <Table.Th>{t('log.signatures')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipts.map((receipt) => (
            <Table.Tr key={receipt.id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/${variant.base}/${receipt.id}`} fw={600}>
                  {receipt.receiptNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>{format.dateTime(receipt.handedOverAt)}</Table.Td>
              <Table.Td>{receipt.location.name}</Table.Td>
              {!variant.inventory && <Table.Td>{receipt.counterparty?.name ?? ''}</Table.Td>}
              {!variant.inventory && <Table.Td>{[receipt.haulier, receipt.carNumber].filter(Boolean).join(' · ')}</Table.Td>}
              {!variant.inventory && <Table.Td>{quantities(receipt)}</Table.Td>}
              <Table.Td>{signed(receipt)}</Table.Td>
              <Table.Td>
                <StatusCell receipt={receipt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReceiptCards({ receipts, variant }: { receipts: PalletReceiptSummary[]; variant: ReceiptVariant }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const quantities = useQuantities();
  const signed = useSignedText();
  return (
    <Stack gap="xs" component="ul" aria-label={t('log.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {receipts.map((receipt) => (
        <li key={receipt.id}>
          <Paper withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={`/app/${variant.base}/${receipt.id}`} fw={700} size="md" py={6}>
                {receipt.receiptNumber}
              </Anchor>
              <StatusCell receipt={receipt} />
            </Group>
            <Text size="sm">{format.dateTime(receipt.handedOverAt)}</Text>
            <Text size="sm">
              {receipt.counterparty ? `${receipt.location.name} ⇄ ${receipt.counterparty.name}` : receipt.location.name}
            </Text>
            {!variant.inventory && (
              <Text size="sm" c="gray.7">
                {[receipt.haulier, receipt.carNumber].filter(Boolean).join(' · ')}
              </Text>
            )}
            {!variant.inventory && <Text size="sm">{quantities(receipt)}</Text>}
            <Text size="sm" c="gray.7">
              {signed(receipt)}
            </Text>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** The log page; see the file comment. */
export function ReceiptLogPage() {
  const { t } = useTranslation('palletReceipts');
  const variant = useReceiptVariant();
  const wide = useWide();
  const { status } = useSession();
  const locations = useReceiptLocations(status.customer.id);
  const [range, setRange] = useState<DateRange>({ from: null, to: null });
  const [statusFilter, setStatusFilter] = useState<PalletReceiptStatus | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [term, setTerm] = useState('');
  const [waitedTerm] = useDebouncedValue(term.trim(), TERM_WAIT_MS);
  const [params, setParams] = useSearchParams();
  const awaitingMe = params.get('awaiting') === 'me';
  const filters: PalletReceiptsQuery = {
    inventory: variant.inventory ? 'true' : 'false',
    from: range.from ?? undefined,
    to: range.to ?? undefined,
    status: statusFilter ?? undefined,
    locationId: locationId ?? undefined,
    term: waitedTerm || undefined,
    awaitingMe: awaitingMe ? 'true' : undefined,
  };
  const receipts = usePalletReceipts(filters);
  const list = receipts.data ?? [];
  const kind = variant.inventory ? 'inventory' : 'handover';

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(`${kind}.logTitle`)}
      </Title>
      <ReceiptsNav />
      <Paper withBorder radius="sm" p="sm" component="search" aria-label={t('log.filters')}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateRangePickers
            value={range}
            onChange={setRange}
            fromLabel={t('log.from')}
            toLabel={t('log.to')}
            pickerProps={{ allDaysOpen: true, w: { base: '100%', xs: 180 } }}
          />
          <Select
            label={t('log.status')}
            placeholder={t('log.anyStatus')}
            clearable
            data={palletReceiptStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={statusFilter}
            onChange={(value) => setStatusFilter(value as PalletReceiptStatus | null)}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={t('log.location')}
            placeholder={t('log.anyLocation')}
            clearable
            searchable={(locations.data ?? []).length > 8}
            data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={locationId ? String(locationId) : null}
            onChange={(value) => setLocationId(value ? Number(value) : null)}
            w={{ base: '100%', xs: 240 }}
          />
          <TextInput
            label={t('log.term')}
            description={t(`${kind}.termHint`)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
          {!variant.inventory && (
            <Checkbox
              label={t('log.awaitingMe')}
              size="md"
              checked={awaitingMe}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (checked) next.set('awaiting', 'me');
                    else next.delete('awaiting');
                    return next;
                  },
                  { replace: true },
                );
              }}
              py={10}
            />
          )}
        </Group>
      </Paper>
      {receipts.isPending ? (
        <PageLoader />
      ) : receipts.isError ? (
        <Alert color="red" title={t('log.failed')}>
          {receipts.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm" role="status">
            {list.length >= PALLET_RECEIPTS_LIST_MAX ? t('log.countMax', { count: list.length }) : t('log.count', { count: list.length })}
          </Text>
          {list.length > 0 &&
            (wide ? <ReceiptTable receipts={list} variant={variant} /> : <ReceiptCards receipts={list} variant={variant} />)}
        </>
      )}
    </Stack>
  );
}
