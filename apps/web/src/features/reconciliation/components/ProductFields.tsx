/**
 * The file's products mapped to the portal's (issue 22): for each distinct value of the product
 * column a searchable select of the portal's products, prefilled from the saved mapping or a
 * product's number or name (lib/mapping.ts). A value left empty is matched by the server the
 * same way, else its rows are read as a product it does not know.
 */
import { Fieldset, Select, SimpleGrid, Text } from '@mantine/core';
import type { Product } from '@portal/domain';
import { useTranslation } from 'react-i18next';

interface ProductFieldsProps {
  /** The product column's distinct values (up to RECONCILIATION_PREVIEW_DISTINCT). */
  values: readonly string[];
  products: readonly Product[];
  /** The chosen product of each value (null: none). */
  chosen: ReadonlyMap<string, number | null>;
  onChange: (value: string, productId: number | null) => void;
  errors: Record<string, string>;
}

/** The selects; see the file comment. */
export function ProductFields({ values, products, chosen, onChange, errors }: ProductFieldsProps) {
  const { t } = useTranslation('reconciliation');
  const options = products.map((p) => ({ value: String(p.id), label: `${p.name} (${p.id})` }));
  return (
    <Fieldset legend={t('products.legend')}>
      <Text size="sm" c="gray.7" mb="sm">
        {values.length ? t('products.intro') : t('products.none')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {values.map((value) => {
          const id = chosen.get(value) ?? null;
          return (
            <Select
              key={value}
              label={t('products.value', { value })}
              data={options}
              value={id === null ? null : String(id)}
              onChange={(next) => onChange(value, next === null ? null : Number(next))}
              placeholder={t('products.unmapped')}
              searchable
              clearable
              nothingFoundMessage={t('products.notFound')}
              error={errors[`product:${value}`]}
            />
          );
        })}
      </SimpleGrid>
      {errors['mapping.products'] && (
        <Text size="sm" c="var(--portal-text-danger)" role="alert" mt="xs">
          {errors['mapping.products']}
        </Text>
      )}
    </Fieldset>
  );
}
