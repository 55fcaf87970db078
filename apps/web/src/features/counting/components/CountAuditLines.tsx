/**
 * A count's products (spec section 3, "Count audit": counted volume, difference, inbound,
 * outbound): counted, the ledger balance at the end of the count date, the carriers in and out
 * since, the difference (signed and coloured), and once confirmed the correction posted.
 */
import { Table, Text } from '@mantine/core';
import type { CountAudit } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { Difference } from './Difference';

/** The lines table of one count. */
export function CountAuditLines({ audit }: { audit: CountAudit }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  const confirmed = audit.status === 'confirmed';
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
                    {line.correction ? (
                      t('lines.correctionValue', {
                        quantity: format.number(line.correction.quantity, { signDisplay: 'exceptZero' }),
                        kind: t(`lines.kind.${line.correction.balanceKind}`),
                      })
                    ) : (
                      <span aria-hidden>–</span>
                    )}
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
