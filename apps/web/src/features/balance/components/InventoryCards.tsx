/**
 * The balance on a phone: one card per product (its name opening its history, the warning of a
 * balance past its levels), its figures as label and value two by two, and at one location its
 * stock levels to edit; a card with the totals at the end.
 */
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { InventoryLine } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { historyPath } from '../lib/location-choice';
import type { InventoryViewProps } from './InventoryTable';
import classes from './inventory.module.css';
import { CreditOwes, LevelWarning, Physical } from './inventory-cells';
import { StockLevelInputs } from './StockLevelInputs';

/** Label / value pairs of a card. */
function Figures({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={classes.figures}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InventoryCards({ inventory, historyLocationId, caption }: InventoryViewProps) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const money = inventory.totals.creditOwes !== null;
  const figures = (line: Pick<InventoryLine, 'poolingBalance' | 'commissionBalance' | 'incoming' | 'outgoing' | 'expected'>) =>
    [
      [t('columns.pooling'), format.number(line.poolingBalance)],
      [t('columns.commission'), format.number(line.commissionBalance)],
      [t('columns.incoming'), format.number(line.incoming)],
      [t('columns.outgoing'), format.number(line.outgoing)],
      [t('columns.expected'), <strong key="expected">{format.number(line.expected)}</strong>],
    ] as [string, ReactNode][];
  return (
    <Stack gap="sm" component="section" aria-label={caption}>
      {inventory.lines.map((line) => (
        <Paper key={line.productId} withBorder radius="md" p="sm" component="article" aria-labelledby={`product-${line.productId}`}>
          <Group gap={6} wrap="nowrap" mb="xs">
            <Anchor component={Link} to={historyPath(line.productId, historyLocationId)} fw={600} id={`product-${line.productId}`}>
              {line.productName}
            </Anchor>
            <LevelWarning state={line.levelState} all={inventory.locationId === null} />
          </Group>
          <Figures
            items={[
              ...figures(line),
              [t('columns.physical'), <Physical key="physical" line={line} align="flex-start" />],
              ...(money
                ? [
                    [t('columns.creditOwes'), <CreditOwes key="money" values={line.creditOwes ?? []} align="flex-start" />] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
          {inventory.locationId !== null && (
            <Stack gap={4} mt="sm">
              <StockLevelInputs line={line} locationId={inventory.locationId} withLabels />
            </Stack>
          )}
        </Paper>
      ))}
      {inventory.lines.length > 1 && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Text fw={700} mb="xs">
            {t('total')}
          </Text>
          <Figures
            items={[
              ...figures(inventory.totals),
              ...(money
                ? [
                    [t('columns.creditOwes'), <CreditOwes key="money" values={inventory.totals.creditOwes ?? []} align="flex-start" />] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
