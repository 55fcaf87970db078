/**
 * One pallet receipt (`/app/pallet-receipts/{id}`) or count at the dock
 * (`/app/pallet-receipts-inv/{id}`): GET PalletReceipts/{id} (404 for one outside the user's
 * scope, as if it did not exist). The number, status and facts (location, counterparty, haulier,
 * car number, time, due date while open, why it became final, the counterparty's confirmation or
 * objection, who wrote it), what it waits for, the lines, the signatures (sign a missing side
 * while it may be signed), the PDF, for a count the link to its count audit (for users who may
 * open Company pages), and what the caller may do now (`actions`; issue 20): the counterparty
 * confirms or objects, provider staff approve it or decide an objection, either side disputes a
 * final receipt and provider staff decide the dispute. A receipt of the other variant opens under
 * its own path.
 */
import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PalletReceipt } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useWide } from '../../counting/lib/use-wide';
import { DisputeSourceButton } from '../../disputes/components/DisputeOrderButton';
import { useSession } from '../../session/use-session';
import { usePalletReceipt } from '../api/pallet-receipts';
import { factStyles } from '../lib/fact-styles';
import { useReceiptVariant, variantOf } from '../lib/variant';
import { ReceiptApproval } from './ReceiptApproval';
import { ReceiptConfirmation } from './ReceiptConfirmation';
import { ReceiptDecision } from './ReceiptDecision';
import { ReceiptDisputes } from './ReceiptDisputes';
import { ReceiptPdfButton } from './ReceiptPdfButton';
import { ReceiptSignatures } from './ReceiptSignatures';
import { ReceiptStatusBadge } from './ReceiptStatusBadge';
import { ReceiptWaitsFor } from './ReceiptWaitsFor';

/** "Name (number)" of a party. */
const partyName = (party: { name: string; number: string | null }) => (party.number ? `${party.name} (${party.number})` : party.name);

function ReceiptFacts({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const wide = useWide();
  const time = (value: string) => format.dateTime(value, { dateStyle: 'medium', timeStyle: 'short' });
  const items: [string, string][] = [[t('detail.location'), partyName(receipt.location)]];
  if (receipt.counterparty)
    items.push([
      t('detail.counterparty'),
      receipt.counterparty.kind === 'external'
        ? `${partyName(receipt.counterparty)} · ${t('counterparty.external')}`
        : partyName(receipt.counterparty),
    ]);
  if (receipt.haulier) items.push([t('detail.haulier'), receipt.haulier]);
  if (receipt.carNumber) items.push([t('detail.carNumber'), receipt.carNumber]);
  items.push([t('detail.handedOverAt'), time(receipt.handedOverAt)]);
  if (receipt.approvalReasons.length)
    items.push([t('detail.approval'), receipt.approvalReasons.map((reason) => t(`approvalReasons.${reason}`)).join(', ')]);
  if (receipt.approvedAt) items.push([t('detail.approvedAt'), time(receipt.approvedAt)]);
  if (receipt.toldAt && receipt.counterparty) items.push([t('detail.toldAt'), time(receipt.toldAt)]);
  if (receipt.status === 'open' && receipt.dueDate)
    items.push([t('detail.dueDate'), format.plainDate(receipt.dueDate, { dateStyle: 'medium' })]);
  if (receipt.finalReason) items.push([t('detail.finalReason'), t(`finalReason.${receipt.finalReason}`)]);
  if (receipt.postedAt) items.push([t('detail.postedAt'), time(receipt.postedAt)]);
  if (receipt.confirmedAt)
    items.push([t('detail.confirmed'), t('detail.byAt', { name: receipt.confirmedByName ?? '', time: time(receipt.confirmedAt) })]);
  if (receipt.objectedAt) items.push([t('detail.objectedAt'), time(receipt.objectedAt)]);
  if (receipt.objection) items.push([t('detail.objection'), receipt.objection]);
  if (receipt.comment) items.push([t('detail.comment'), receipt.comment]);
  if (receipt.createdBy)
    items.push([t('detail.createdBy'), t('detail.byAt', { name: receipt.createdBy.name, time: time(receipt.createdAt) })]);
  return (
    <Paper withBorder p="md" radius="sm">
      <DataList size="sm" gap={6} styles={factStyles(wide ? 200 : '40%')}>
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}

function ReceiptLines({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  return (
    <Paper withBorder radius="sm">
      <Table verticalSpacing={6}>
        <caption className="visually-hidden">{t('lines.title')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lines.product')}</Table.Th>
            {receipt.inventory ? (
              <Table.Th ta="right">{t('lines.counted')}</Table.Th>
            ) : (
              <>
                <Table.Th ta="right">{t('lines.delivered')}</Table.Th>
                <Table.Th ta="right">{t('lines.returned')}</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipt.lines.map((line) => (
            <Table.Tr key={line.productId}>
              <Table.Td>{line.productName}</Table.Td>
              {receipt.inventory ? (
                <Table.Td ta="right">{format.number(line.counted ?? 0)}</Table.Td>
              ) : (
                <>
                  <Table.Td ta="right">{format.number(line.delivered)}</Table.Td>
                  <Table.Td ta="right">{format.number(line.returned)}</Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The page; see the file comment. */
export function ReceiptDetailPage() {
  const { t } = useTranslation('palletReceipts');
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const variant = useReceiptVariant();
  const { status } = useSession();
  const receipt = usePalletReceipt(valid ? id : 0);

  const back = (
    <Anchor component={Link} to={`/app/${variant.base}/log`} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (!valid || receipt.isError)
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title={t('detail.notFound')} role="alert">
          {receipt.error instanceof ApiError && receipt.error.status !== 404 ? receipt.error.message : t('detail.notFoundText')}
        </Alert>
      </Stack>
    );
  if (receipt.isPending) return <PageLoader />;
  const data = receipt.data;
  const own = variantOf(data);
  if (own.base !== variant.base) return <Navigate to={`/app/${own.base}/${data.id}`} replace />;
  const mayOpenCompany = status.user.isCustomerAdmin || status.user.isGlobalAdmin;

  return (
    <Stack gap="md" maw={900}>
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(data.inventory ? 'detail.countTitle' : 'detail.title', { number: data.receiptNumber })}
          </Title>
          <Group gap="xs">
            <ReceiptStatusBadge status={data.status} />
            <Text size="sm" c="gray.7">
              {t(
                data.inventory && data.status === 'open'
                  ? 'statusHint.openCount'
                  : data.needsConsent && data.status === 'open'
                    ? 'statusHint.openConsent'
                    : `statusHint.${data.status}`,
              )}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <ReceiptPdfButton receipt={data} />
          {data.status === 'final' && !data.inventory && <DisputeSourceButton source={{ palletReceiptId: data.id }} label="fromReceipt" />}
          {data.countAuditId && mayOpenCompany && (
            <Button size="md" variant="default" component={Link} to={`/app/company/audit/${data.countAuditId}`}>
              {t('detail.countAudit')}
            </Button>
          )}
        </Group>
      </Group>
      {/* The counterparty's own users read what it waits for in their answer's card. */}
      {!data.actions.confirm && <ReceiptWaitsFor receipt={data} />}
      {data.actions.confirm && <ReceiptConfirmation receipt={data} />}
      {data.actions.approve && <ReceiptApproval receipt={data} />}
      <ReceiptFacts receipt={data} />
      <ReceiptLines receipt={data} />
      <ReceiptSignatures receipt={data} />
      {data.actions.decide && <ReceiptDecision receipt={data} />}
      <ReceiptDisputes receipt={data} />
    </Stack>
  );
}
