/**
 * A count's products (spec section 3, "Count audit": counted volume, difference, inbound,
 * outbound): counted, the ledger balance at the end of the count date, the carriers in and out
 * since, the difference (signed and coloured), and once confirmed the correction posted.
 */
import { DataList, Paper, Stack, Table, Text } from '@mantine/core';
import type { CountAudit, CountAuditLine } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useWide } from '../lib/use-wide';
import { Difference } from './Difference';

/** The correction a confirmation posted ("+44 pooling"), or a dash. */
function Correction({ line }: { line: CountAuditLine }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  if (!line.correction) return <span aria-hidden>–</span>;
  return (
    <>
      {t('lines.correctionValue', {
        quantity: format.number(line.correction.quantity, { signDisplay: 'exceptZero' }),
        kind: t(`lines.kind.${line.correction.balanceKind}`),
      })}
    </>
  );
}

/** On a phone: one card per product with its figures as label and value. */
function LineCards({ audit }: { audit: CountAudit }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  return (
    <Stack gap="xs" component="ul" p="xs" m={0} style={{ listStyle: 'none' }} aria-label={t('lines.caption')}>
      {audit.lines.map((line) => (
        <Paper component="li" key={line.productId} withBorder radius="sm" p="sm">
          <Text fw={700} size="sm" mb={6}>
            {line.productName}
          </Text>
          <DataList size="sm" gap={2} labelWidth={150}>
            {(
              [
                [t('lines.counted'), <b key="c">{format.number(line.countedQuantity)}</b>],
                [t('lines.balance', { date: format.plainDate(audit.date) }), format.number(line.balance)],
                [t('lines.inbound'), format.number(line.inbound)],
                [t('lines.outbound'), format.number(line.outbound)],
                [t('lines.difference'), <Difference key="d" value={line.difference} />],
                ...(audit.status === 'confirmed' ? [[t('lines.correction'), <Correction key="k" line={line} />]] : []),
              ] as [string, ReactNode][]
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel c="gray.7">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        </Paper>
      ))}
    </Stack>
  );
}

/** The lines table of one count. */
export function CountAuditLines({ audit }: { audit: CountAudit }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  const wide = useWide();
  const confirmed = audit.status === 'confirmed';
  if (!wide)
    return (
      <>
        <LineCards audit={audit} />
        <Text size="xs" c="gray.7" p="sm">
          {t('lines.explain')}
        </Text>
      </>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={confirmed ? 820 : 680}>
        <Table verticalSpacing="xs" striped>
          <caption className="visually-hidden">{t('lines.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lines.product')}</Table.Th>
              <Table.Th ta="right">{t('lines.counted')}</Table.Th>
              <Table.Th ta="right">{t('lines.balance', { date: format.plainDate(audit.date) })}</Table.Th>
              <Table.Th ta="right">{t('lines.inbound')}</Table.Th>
              <Table.Th ta="right">{t('lines.outbound')}</Table.Th>
              <Table.Th ta="right">{t('lines.difference')}</Table.Th>
              {confirmed && <Table.Th ta="right">{t('lines.correction')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {audit.lines.map((line) => (
              <Table.Tr key={line.productId}>
                <Table.Th scope="row" fw={400}>
                  {line.productName}
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {format.number(line.countedQuantity)}
                </Table.Td>
                <Table.Td ta="right">{format.number(line.balance)}</Table.Td>
                <Table.Td ta="right">{format.number(line.inbound)}</Table.Td>
                <Table.Td ta="right">{format.number(line.outbound)}</Table.Td>
                <Table.Td ta="right">
                  <Difference value={line.difference} />
                </Table.Td>
                {confirmed && (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Correction line={line} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="gray.7" p="sm">
        {t('lines.explain')}
      </Text>
    </>
  );
}
