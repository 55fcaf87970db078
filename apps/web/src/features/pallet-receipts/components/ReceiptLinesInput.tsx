/**
 * The product lines of a handover: each a product (each product once) with the carriers
 * delivered to the location and returned by it (steppers); lines are added and removed. On a
 * phone each line is a card with its fields stacked.
 */
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { PALLET_RECEIPT_MAX_LINES } from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from './QuantityStepper';

/** A line being written: a product (null until chosen) and the two quantities (null: empty). */
export interface DraftLine {
  key: number;
  productId: number | null;
  delivered: number | null;
  returned: number | null;
}

let nextKey = 1;
/** A new empty line. */
export const emptyLine = (): DraftLine => ({ key: nextKey++, productId: null, delivered: null, returned: null });

interface ReceiptLinesInputProps {
  products: readonly { id: number; name: string }[];
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** Messages by `<line index>.<field>` (productId, delivered, returned). */
  errors: Record<string, string>;
}

/** The lines and "Add line". */
export function ReceiptLinesInput({ products, lines, onChange, errors }: ReceiptLinesInputProps) {
  const { t } = useTranslation('palletReceipts');
  const change = (index: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  return (
    <Stack gap="sm">
      {lines.map((line, index) => {
        const lineName = products.find((p) => p.id === line.productId)?.name ?? t('lines.lineNumber', { number: index + 1 });
        const taken = new Set(lines.filter((other) => other !== line).map((other) => other.productId));
        return (
          <Paper key={line.key} withBorder radius="sm" p="sm" component="fieldset" aria-label={lineName} m={0}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label={t('lines.product')}
                  size="md"
                  style={{ flex: 1 }}
                  data={products.filter((p) => !taken.has(p.id)).map((p) => ({ value: String(p.id), label: p.name }))}
                  value={line.productId ? String(line.productId) : null}
                  onChange={(value) => change(index, { productId: value ? Number(value) : null })}
                  error={errors[`${index}.productId`]}
                  searchable={products.length > 8}
                  allowDeselect={false}
                />
                <ActionIcon
                  size={44}
                  variant="subtle"
                  color="red.9"
                  aria-label={t('lines.remove', { name: lineName })}
                  disabled={lines.length === 1}
                  onClick={() => onChange(lines.filter((_, i) => i !== index))}
                  mb={errors[`${index}.productId`] ? 22 : 0}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
              <Group gap="md" wrap="wrap">
                <QuantityStepper
                  label={t('lines.delivered')}
                  accessibleLabel={t('lines.deliveredOf', { name: lineName })}
                  value={line.delivered}
                  onChange={(delivered) => change(index, { delivered })}
                  error={errors[`${index}.delivered`]}
                />
                <QuantityStepper
                  label={t('lines.returned')}
                  accessibleLabel={t('lines.returnedOf', { name: lineName })}
                  value={line.returned}
                  onChange={(returned) => change(index, { returned })}
                  error={errors[`${index}.returned`]}
                />
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {errors.lines && (
        <Text size="sm" c="var(--portal-text-danger)" role="alert">
          {errors.lines}
        </Text>
      )}
      <Group>
        <Button
          size="md"
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={lines.length >= Math.min(PALLET_RECEIPT_MAX_LINES, products.length)}
          onClick={() => onChange([...lines, emptyLine()])}
        >
          {t('lines.add')}
        </Button>
      </Group>
    </Stack>
  );
}
