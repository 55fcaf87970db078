/**
 * The small section nav of Shop accounting (spec section 2, "Shell": Shop accounting = Shop
 * transactions, Retailers / wholesale transactions), shown above its two report pages.
 */
import { Anchor, Group, Text } from '@mantine/core';
import type { ReportName } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportPages } from '../lib/reports';

export function ShopAccountingNav({ current }: { current: ReportName }) {
  const { t } = useTranslation('reports');
  const pages = reportPages.filter((p) => p.shop);
  return (
    <nav aria-label={t('nav.shopAccounting')}>
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={700}>
          {t('nav.shopAccounting')}
        </Text>
        {pages.map((page) => (
          <Anchor
            key={page.report}
            component={Link}
            to={`/app/${page.path}`}
            size="sm"
            fw={page.report === current ? 700 : 400}
            underline={page.report === current ? 'always' : 'hover'}
            aria-current={page.report === current ? 'page' : undefined}
          >
            {t(`titles.${page.report}`)}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
