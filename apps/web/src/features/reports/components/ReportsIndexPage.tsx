/**
 * /app/reports (spec section 2, reports index): the reports the user may open, each with what it
 * shows (amounts only promised to users who may see money: `descriptionKey`), then the invoices
 * (pooling and commission) for users who may see money (`maySeeMoney`), and the Shop accounting
 * reports.
 */
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { maySeeMoney, ReportLevel } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/use-session';
import { descriptionKey, invoicePages, reportPages } from '../lib/reports';

/** One link card: the page's title as the link, and what it shows. */
function ReportCard({ path, title, description }: { path: string; title: string; description: string }) {
  return (
    <Card withBorder padding="md" radius="sm">
      <Anchor component={Link} to={`/app/${path}`} fw={700}>
        {title}
      </Anchor>
      <Text size="sm" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
}

export function ReportsIndexPage() {
  const { t } = useTranslation('reports');
  const { status } = useSession();
  const level = status.user.isGlobalAdmin ? ReportLevel.Global : status.user.reportLevel;
  const money = maySeeMoney(status);
  const section = (title: string, cards: { path: string; key: string; description: string }[]) => (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {cards.map((card) => (
          <ReportCard key={card.path} path={card.path} title={t(`titles.${card.key}`)} description={t(card.description)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('index.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('index.intro', { level: t(`index.levels.${level}`) })}
        </Text>
      </div>
      {section(
        t('index.reports'),
        reportPages.filter((p) => !p.shop).map((p) => ({ path: p.path, key: p.report, description: descriptionKey(p.report, money) })),
      )}
      {money &&
        section(
          t('index.invoices'),
          invoicePages.map((p) => ({ path: p.path, key: p.key, description: `descriptions.${p.key}` })),
        )}
      {section(
        t('index.shopAccounting'),
        reportPages.filter((p) => p.shop).map((p) => ({ path: p.path, key: p.report, description: descriptionKey(p.report, money) })),
      )}
    </Stack>
  );
}
