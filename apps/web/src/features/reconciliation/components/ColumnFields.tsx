/**
 * The mapping's columns (issue 22: "map its columns once"): the header row, the columns of the
 * date, the own reference, the counterparty (a GLN or a name) and the product, and the quantity
 * as one signed column (+ in, - out) or two (in and out). Each select lists the file's columns
 * as "A: <header>"; a message of the server (or of the form's check) shows at its field.
 */
import { Fieldset, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import type { ReconciliationPreview } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { type ColumnMapping, columnOptions } from '../lib/mapping';

interface ColumnFieldsProps {
  preview: ReconciliationPreview;
  value: ColumnMapping;
  onChange: (next: Partial<ColumnMapping>) => void;
  /** A new header row: the file is read again from it. */
  onHeaderRow: (row: number) => void;
  /** Messages by field (`mapping.dateColumn` ...). */
  errors: Record<string, string>;
}

type ColumnKey = Exclude<keyof ColumnMapping, 'headerRow'>;

/** The fields; see the file comment. */
export function ColumnFields({ preview, value, onChange, onHeaderRow, errors }: ColumnFieldsProps) {
  const { t } = useTranslation('reconciliation');
  const options = columnOptions(preview);
  const [twoColumns, setTwoColumns] = useState(
    value.quantityColumn === null && (value.quantityInColumn !== null || value.quantityOutColumn !== null),
  );
  const select = (key: ColumnKey, required: boolean) => (
    <Select
      label={t(`mapping.${key}`)}
      description={t(`mapping.${key}Hint`)}
      data={options}
      value={value[key] === null ? null : String(value[key])}
      onChange={(next) => onChange({ [key]: next === null ? null : Number(next) })}
      required={required}
      clearable={!required}
      allowDeselect={!required}
      placeholder={required ? undefined : t('mapping.none')}
      searchable
      error={errors[`mapping.${key}`]}
    />
  );
  return (
    <Fieldset legend={t('mapping.legend')}>
      <Stack gap="sm">
        <NumberInput
          label={t('mapping.headerRow')}
          description={t('mapping.headerRowHint')}
          value={value.headerRow}
          min={1}
          max={50}
          w={{ base: '100%', xs: 220 }}
          onChange={(row) => {
            if (row !== null && row >= 1 && row !== value.headerRow) onHeaderRow(row);
          }}
          wait={600}
          error={errors['mapping.headerRow']}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {select('dateColumn', true)}
          {select('referenceColumn', false)}
          {select('counterpartyColumn', false)}
          {select('productColumn', true)}
        </SimpleGrid>
        <Radio.Group
          label={t('mapping.quantity')}
          value={twoColumns ? 'two' : 'one'}
          onChange={(mode) => {
            setTwoColumns(mode === 'two');
            onChange(
              mode === 'two'
                ? {
                    quantityColumn: null,
                    quantityInColumn: value.quantityInColumn ?? value.quantityColumn,
                    quantityOutColumn: value.quantityOutColumn,
                  }
                : { quantityColumn: value.quantityColumn ?? value.quantityInColumn, quantityInColumn: null, quantityOutColumn: null },
            );
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="one" label={t('mapping.oneColumn')} />
            <Radio value="two" label={t('mapping.twoColumns')} />
          </Stack>
        </Radio.Group>
        {twoColumns ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {select('quantityInColumn', true)}
            {select('quantityOutColumn', true)}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {select('quantityColumn', true)}
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
