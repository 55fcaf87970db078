/**
 * The products of an order with one quantity each, in whole stacks (the product's full-stack
 * height; spec section 5). A typed value off the step is snapped by the number input, which says
 * so; errors from the checks or the server show under their product. On a return each product
 * with a quantity also carries the return choice: shall or shall not be returned (spec section 3).
 */
import { Alert, Group, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Product } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/number-input/NumberInput';
import { formatNumber } from '../../../../lib/format';

interface ProductQuantitiesProps {
  products: Product[];
  pending: boolean;
  loadError: string | null;
  quantities: Record<number, number | null>;
  onChange: (productId: number, quantity: number | null) => void;
  errors: Record<string, string>;
  /** Why the inputs are off (e.g. the recipient is not chosen yet). */
  disabledReason?: string | null;
  /** Carriers the sending location holds per product, shown beside each (a pickup, a delivery). */
  stock?: Map<number, number>;
  /** On a return: the choice per product (missing: shall be returned) and its change. */
  returnChoice?: { shallReturn: Record<number, boolean>; onChange: (productId: number, shallReturn: boolean) => void };
}

/** The fieldset of product quantities. */
export function ProductQuantities({
  products,
  pending,
  loadError,
  quantities,
  onChange,
  errors,
  disabledReason,
  stock,
  returnChoice,
}: ProductQuantitiesProps) {
  const { t, i18n } = useTranslation('orders');
  return (
    <fieldset disabled={!!disabledReason} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} size="md" mb="xs">
        {t('dialog.products')}
      </Text>
      <Stack gap="xs">
        {disabledReason && (
          <Text size="sm" c="gray.7">
            {disabledReason}
          </Text>
        )}
        {pending && <Loader size="sm" role="progressbar" aria-label={t('dialog.loadingProducts')} />}
        {loadError && <Alert color="red">{loadError}</Alert>}
        {!pending && !loadError && products.length === 0 && <Alert role="status">{t('dialog.noProducts')}</Alert>}
        {/* Inputs line up at the bottom of their row when a long product name wraps its label. */}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'end' }}>
          {products.map((product) => (
            <Stack key={product.id} gap={6}>
              <NumberInput
                label={product.name}
                description={
                  stock ? (
                    <>
                      <span>{t('dialog.stackHint', { step: product.qtyHeight })}</span>
                      <span style={{ display: 'block' }}>
                        {t('dialog.balance', { formatted: formatNumber(stock.get(product.id) ?? 0, i18n.language) })}
                      </span>
                    </>
                  ) : (
                    t('dialog.stackHint', { step: product.qtyHeight })
                  )
                }
                step={product.qtyHeight}
                max={100_000}
                value={quantities[product.id] ?? null}
                onChange={(quantity) => onChange(product.id, quantity)}
                snapNote={({ typed, value, step }) => t('dialog.snapped', { typed, value: value ?? 0, step })}
                error={errors[`product.${product.id}`]}
              />
              {/* Kept in place while hidden, so the inputs of a row stay in line. */}
              {returnChoice && (
                <Radio.Group
                  style={{ visibility: (quantities[product.id] ?? 0) > 0 ? 'visible' : 'hidden' }}
                  // The group is named for its product (the label is for screen readers; the radios say the choice).
                  label={t('returns.choiceFor', { product: product.name })}
                  classNames={{ label: 'visually-hidden' }}
                  value={(returnChoice.shallReturn[product.id] ?? true) ? 'shall' : 'shallNot'}
                  onChange={(value) => returnChoice.onChange(product.id, value === 'shall')}
                >
                  <Group gap="md">
                    <Radio size="xs" value="shall" label={t('returns.shall')} />
                    <Radio size="xs" value="shallNot" label={t('returns.shallNot')} />
                  </Group>
                </Radio.Group>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        {errors.lines && (
          <Text c="red.9" size="sm" role="alert">
            {errors.lines}
          </Text>
        )}
      </Stack>
    </fieldset>
  );
}
