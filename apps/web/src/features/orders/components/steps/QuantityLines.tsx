/**
 * The lines of a status step as a table: product, the quantities to compare with (ordered,
 * sent, reported...), and an input per line for the quantity the step registers. Every input is
 * named after its column and product; a line may carry an error or a warning below its input.
 */
import { Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/number-input/NumberInput';
import { formatNumber } from '../../../../lib/format';

export interface QuantityRow {
  key: string;
  name: string;
  /** The quantities shown before the input, one per `compareColumns`. */
  compare: (number | null)[];
  value: number | null;
  /** Step of the input (the full-stack height for picking; 1 for counted quantities). */
  step: number;
  error?: string;
  warning?: string;
  /** Extra content after the input (a remove button). */
  after?: ReactNode;
}

interface QuantityLinesProps {
  caption: string;
  compareColumns: string[];
  inputColumn: string;
  rows: QuantityRow[];
  onChange: (key: string, value: number | null) => void;
}

/** The table of a step's quantities. */
export function QuantityLines({ caption, compareColumns, inputColumn, rows, onChange }: QuantityLinesProps) {
  const { t, i18n } = useTranslation('orders');
  const number = (value: number | null) => (value === null ? '–' : formatNumber(value, i18n.language));
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6}>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.product')}</Table.Th>
            {compareColumns.map((column) => (
              <Table.Th key={column} ta="right">
                {column}
              </Table.Th>
            ))}
            <Table.Th w={170}>{inputColumn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {row.compare.map((value, index) => (
                <Table.Td key={compareColumns[index]} ta="right">
                  {number(value)}
                </Table.Td>
              ))}
              <Table.Td>
                <NumberInput
                  size="sm"
                  aria-label={t('steps.inputFor', { column: inputColumn, product: row.name })}
                  step={row.step}
                  max={100_000}
                  value={row.value}
                  onChange={(value) => onChange(row.key, value)}
                  error={row.error}
                />
                {row.warning && (
                  <Text size="xs" mt={4} style={{ color: 'var(--portal-text-warning)' }}>
                    <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
                    {row.warning}
                  </Text>
                )}
                {row.after}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
