/** Who registered a count and who decided it, when, with the provider's comment. */
import { DataList, Paper } from '@mantine/core';
import type { CountAudit } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useWide } from '../lib/use-wide';

/** The facts of one count as a description list. */
export function CountFacts({ audit }: { audit: CountAudit }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  const wide = useWide();
  const byAt = (actor: { name: string; at: string }) => t('detail.byAt', { name: actor.name, time: format.dateTime(actor.at) });
  const items: [string, string][] = [
    [t('detail.location'), audit.locationName],
    [t('detail.customer'), audit.customerName],
    [t('detail.registeredBy'), byAt(audit.registered)],
  ];
  if (audit.decided) items.push([audit.status === 'confirmed' ? t('detail.confirmedBy') : t('detail.rejectedBy'), byAt(audit.decided)]);
  if (audit.comment && audit.status === 'confirmed') items.push([t('detail.comment'), audit.comment]);
  return (
    <Paper withBorder p="md" radius="sm">
      <DataList size="sm" gap={6} labelWidth={wide ? 190 : 120} styles={{ itemLabel: { color: 'var(--mantine-color-gray-7)' } }}>
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}
