/** The volume widget (spec section 9): this year's orders, pallets and tonnes, in the locale. */
import { Alert, Paper, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../session/use-session';
import { useToday } from '../session/use-today';
import { formatTonnes, volumeWidgetQuery } from './home-api';
import { WidgetFigure as Figure } from './widget-figure';

/** The widget card; a skeleton while loading, a notice when the figures cannot be loaded. */
export function VolumeWidget() {
  const { t } = useTranslation('home');
  const format = useFormat();
  const { status } = useSession();
  const volume = useQuery(volumeWidgetQuery(status.location?.id ?? null));
  const today = useToday();
  const year = volume.data?.year ?? Number(today.slice(0, 4));
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="volume-heading">
      <Title order={2} size="h4" id="volume-heading" mb="md">
        {t('volume.title', { year })}
      </Title>
      {volume.isError ? (
        <Alert color="red" variant="light">
          {t('volume.failed')}
        </Alert>
      ) : !volume.data ? (
        <Skeleton height={56} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure label={t('volume.orders')} value={format.number(volume.data.orders)} />
          <Figure label={t('volume.pallets')} value={format.number(volume.data.pallets)} />
          <Figure label={t('volume.tonnes')} value={formatTonnes(volume.data.weightKg, format.locale)} />
        </SimpleGrid>
      )}
    </Paper>
  );
}
