/**
 * The uploaded file's first rows as the preview read them (POST ReconciliationFile): its name and
 * row count, then up to ten data rows under "A: <header>" column heads, in a table that scrolls
 * sideways on a phone, so the user can see which column holds what.
 */
import { Stack, Table, Text } from '@mantine/core';
import type { ReconciliationPreview } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';
import { columnOptions } from '../lib/mapping';

/** The table; see the file comment. */
export function FilePreview({ preview }: { preview: ReconciliationPreview }) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const heads = columnOptions(preview);
  const caption = t('preview.caption', { file: preview.fileName });
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t('preview.summary', { file: preview.fileName, count: preview.rowCount, rows: format.number(preview.rowCount) })}
      </Text>
      <ScrollTable minWidth={Math.max(320, heads.length * 120)} label={caption}>
        <Table verticalSpacing={4} fz="sm" withTableBorder striped>
          <caption className="visually-hidden">{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {heads.map((h) => (
                <Table.Th key={h.value} style={{ whiteSpace: 'nowrap' }}>
                  {h.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.sample.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the sample's rows have no other identity
              <Table.Tr key={r}>
                {heads.map((h) => (
                  <Table.Td key={h.value}>{row[Number(h.value)] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
