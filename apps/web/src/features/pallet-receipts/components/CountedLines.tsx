/**
 * The counted carriers of a count at the dock (`/app/pallet-receipts-inv`): one number field per
 * product of the location; a product left empty is not counted. Errors by `product.<id>` and
 * `lines` (nothing counted).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { PALLET_RECEIPT_MAX_QUANTITY } from '@portal/domain';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { PageLoader } from '../../../components/page-loader';

interface CountedLinesProps {
  products: { id: number; name: string }[];
  loading: boolean;
  counted: Record<number, number | null>;
  onChange: Dispatch<SetStateAction<Record<number, number | null>>>;
  errors: Record<string, string>;
}

/** The fieldset; see the file comment. */
export function CountedLines({ products, loading, counted, onChange, errors }: CountedLinesProps) {
  const { t } = useTranslation('palletReceipts');
  return (
    <Paper withBorder radius="sm" p="sm" component="fieldset" m={0} aria-labelledby="receipt-counted-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="receipt-counted-title">
          {t('form.counted')}
        </Title>
        {loading ? (
          <PageLoader />
        ) : products.length === 0 ? (
          <Text size="sm">{t('form.noProducts')}</Text>
        ) : (
          products.map((product) => (
            <NumberInput
              key={product.id}
              label={product.name}
              size="md"
              value={counted[product.id] ?? null}
              onChange={(value) => onChange((current) => ({ ...current, [product.id]: value }))}
              max={PALLET_RECEIPT_MAX_QUANTITY}
              error={errors[`product.${product.id}`]}
              inputMode="numeric"
              maw={220}
            />
          ))
        )}
        {errors.lines && (
          <Text size="sm" c="var(--portal-text-danger)" role="alert">
            {errors.lines}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
