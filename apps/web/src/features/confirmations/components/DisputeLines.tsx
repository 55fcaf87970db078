/**
 * The lines of a balance confirmation's dispute (issue 22, "to dispute lines"): one group per
 * location, a check box per balance ("EUR pallet, Pooling: 120"); a ticked line asks for the figure
 * the customer's own records give. Optional: a dispute may say it all in its comment.
 */
import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import type { BalanceConfirmation } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { useFormat } from '../../../lib/format';
import { balancesByLocation } from './ConfirmationBalances';

type Balance = BalanceConfirmation['balances'][number];

/** The ticked lines by lineKey, each with the figure typed (null while empty). */
export type LineFigures = ReadonlyMap<string, number | null>;

/** A balance's key: location, product and account. */
export const lineKey = (b: Pick<Balance, 'locationId' | 'productId' | 'balanceKind'>) => `${b.locationId}:${b.productId}:${b.balanceKind}`;

/** The highest figure a line takes either way (a balance is an int4). */
const LIMIT = 99_999_999;

/** The lines; see the file comment. `errors` holds a line's message under `line:<key>`. */
export function DisputeLines({
  balances,
  figures,
  onChange,
  errors,
}: {
  balances: BalanceConfirmation['balances'];
  figures: LineFigures;
  onChange: (next: LineFigures) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  const set = (key: string, value: number | null | undefined) => {
    const next = new Map(figures);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    onChange(next);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="dispute-lines-title">
      <Text fw={600} id="dispute-lines-title">
        {t('link.lines.title')}
      </Text>
      <Text size="sm" c="gray.7" mt={-6}>
        {t('link.lines.hint')}
      </Text>
      {balancesByLocation(balances).map((list) => {
        const first = list[0] as Balance;
        return (
          <Fieldset key={first.locationId} legend={first.locationName} variant="filled" p="sm">
            <Stack gap="sm">
              {list.map((b) => {
                const key = lineKey(b);
                const ticked = figures.has(key);
                const what = t('link.lines.line', {
                  product: b.productName,
                  account: t(`link.accounts.${b.balanceKind}`),
                  quantity: format.number(b.quantity),
                });
                return (
                  <Stack key={key} gap={6}>
                    <Checkbox
                      size="md"
                      label={what}
                      checked={ticked}
                      onChange={(event) => set(key, event.currentTarget.checked ? null : undefined)}
                    />
                    {ticked && (
                      <NumberInput
                        ml={34}
                        maw={220}
                        size="md"
                        label={t('link.lines.theirs')}
                        // The visible label, then which line: each field's name says its product and account.
                        aria-label={t('link.lines.yours', { product: b.productName, account: t(`link.accounts.${b.balanceKind}`) })}
                        value={figures.get(key) ?? null}
                        onChange={(value) => set(key, value)}
                        min={-LIMIT}
                        max={LIMIT}
                        error={errors[`line:${key}`]}
                      />
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
