/** The result card of a calculator: a heading, the live result (announced politely) and a table per carrier type. */
import { Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ResultRow {
  code: string;
  trips: string;
  value: string;
}

export function ResultPanel({
  title,
  children,
  rows,
  caption,
  valueHeader,
}: {
  title: string;
  /** The headline figures; left out while nothing is entered. */
  children: ReactNode | null;
  rows: ResultRow[];
  caption: string;
  valueHeader: string;
}) {
  const { t } = useTranslation(['environment', 'messages']);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="result-heading" h="100%">
      <Title order={2} size="h4" id="result-heading" mb="sm">
        {title}
      </Title>
      <div aria-live="polite" aria-atomic="true">
        {children ?? <Text c="dimmed">{t('calculator.empty')}</Text>}
      </div>
      {rows.length > 0 && (
        <Table mt="md" fz="sm" withTableBorder striped>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('calculator.carrier')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('calculator.trips')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {valueHeader}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Th scope="row" fw={400}>
                  {t(`messages:products.carrier.${row.code}`)}
                </Table.Th>
                <Table.Td ta="right">{row.trips}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
