/**
 * A reconciliation's rows on a phone (issue 22): a list of cards, each with its outcome, what
 * differs, the file's side and the portal's side as label / value pairs and "Open a dispute";
 * 50 at a time, "Show more" adds the next 50 (the rows of a year stay off the first screen).
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReconciliationRow } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { disputable, movementOf } from '../lib/rows';
import { OutcomeBadge } from './OutcomeBadge';
import { DisputeButton, useDifferenceText } from './RowCells';

const PAGE = 50;

interface RowCardsProps {
  rows: ReconciliationRow[];
  label: string;
  onDispute: (row: ReconciliationRow) => void;
}

/** One side of a row (the file's or the portal's) as label / value pairs; nothing when it has none. */
function Side({ title, pairs }: { title: string; pairs: [string, string | null][] }) {
  const shown = pairs.filter((p): p is [string, string] => !!p[1]);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="gray.7">
        {title}
      </Text>
      <dl style={{ margin: 0 }}>
        {shown.map(([label, value]) => (
          <Group key={label} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="gray.7" style={{ flexShrink: 0 }}>
              {label}:
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </dl>
    </Stack>
  );
}

/** The cards; see the file comment. */
export function RowCards({ rows, label, onDispute }: RowCardsProps) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const difference = useDifferenceText();
  const [shown, setShown] = useState(PAGE);
  const date = (value: string | null) => (value ? format.plainDate(value) : null);
  const quantity = (value: number | null) => (value === null ? null : format.number(value));
  if (rows.length === 0)
    return (
      <Paper withBorder p="md">
        <Text size="sm">{t('rows.empty')}</Text>
      </Paper>
    );
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.slice(0, shown).map((row) => {
          const differs = difference(row);
          return (
            <Paper component="li" key={row.id} withBorder p="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <OutcomeBadge outcome={row.outcome} />
                  <Text size="sm" fw={600}>
                    {row.productName ?? row.fileProduct}
                  </Text>
                </Group>
                {differs && <Text size="sm">{differs}</Text>}
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <Side
                    title={t('rows.fileSide', { row: row.fileRow ?? '' })}
                    pairs={[
                      [t('rows.date'), date(row.fileDate)],
                      [t('rows.reference'), row.fileReference],
                      [t('rows.counterpartyShort'), row.fileCounterparty],
                      [t('rows.quantity'), quantity(row.fileQuantity)],
                    ]}
                  />
                  <Side
                    title={t('rows.portalSide')}
                    pairs={[
                      [t('rows.date'), date(row.ledgerDate)],
                      [t('rows.location'), row.locationName],
                      [t('rows.movement'), movementOf(t, row)],
                      [t('rows.counterpartyShort'), row.counterparty],
                      [t('rows.quantity'), quantity(row.ledgerQuantity)],
                    ]}
                  />
                </SimpleGrid>
                {disputable(row) && (
                  <Group>
                    <DisputeButton row={row} onOpen={onDispute} />
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {shown < rows.length && (
        <Button variant="default" onClick={() => setShown(shown + PAGE)} style={{ alignSelf: 'flex-start' }}>
          {t('rows.showMore', { shown: format.number(Math.min(shown, rows.length)), total: format.number(rows.length) })}
        </Button>
      )}
    </Stack>
  );
}
