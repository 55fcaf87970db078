/**
 * The start page (/app/home): a greeting, the volume and environment widgets and quick links
 * to the areas of the user's menu (spec section 6).
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { menuItems } from '@portal/domain';
import {
  IconArrowBackUp,
  IconBox,
  IconBuildingWarehouse,
  IconChartBar,
  IconHeadset,
  IconPackageExport,
  IconPackageImport,
  IconShoppingCart,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuContextOf } from '../session/menu-context';
import { useSession } from '../session/use-session';
import { EnvironmentWidget } from './environment-widget';
import { VolumeWidget } from './volume-widget';

const icons = {
  orders: IconShoppingCart,
  dispatch: IconArrowBackUp,
  delivery: IconTruckDelivery,
  reception: IconPackageImport,
  expedition: IconPackageExport,
  containers: IconBox,
  reports: IconChartBar,
  support: IconHeadset,
  home: IconBuildingWarehouse,
} as const;

/** The greeting of the time of day: morning before 10, evening from 18. */
export function greetingKey(hour: number): 'greeting.morning' | 'greeting.day' | 'greeting.evening' {
  if (hour < 10) return 'greeting.morning';
  return hour < 18 ? 'greeting.day' : 'greeting.evening';
}

/** The route component of /app/home. */
export function HomePage() {
  const { t } = useTranslation(['home', 'shell']);
  const { status } = useSession();
  const links = menuItems(menuContextOf(status)).filter((item) => item.key !== 'home');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t(greetingKey(new Date().getHours()), { name: status.user.name })}
        </Title>
        <Text c="dimmed">
          {status.location ? t('intro', { location: status.location.name, customer: status.customer.name }) : t('introNoLocation')}
        </Text>
      </div>
      <VolumeWidget />
      <EnvironmentWidget />
      <section aria-labelledby="quick-links-heading">
        <Title order={2} size="h4" id="quick-links-heading" mb="sm">
          {t('quickLinks')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((item) => {
            const Icon = icons[item.key];
            return (
              <li key={item.key}>
                <Card component={Link} to={`/app/${item.path}`} withBorder padding="md" radius="md" h="100%">
                  <Icon size={28} aria-hidden color="var(--mantine-color-brand-6)" />
                  <Text fw={600} mt="xs">
                    {t(`shell:${item.labelKey}`)}
                  </Text>
                </Card>
              </li>
            );
          })}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
