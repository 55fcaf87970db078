/**
 * Controls (`/app/controls`; issue 10, "Controls and API pages"; docs/api.md): the portal's
 * health for provider staff: version and build, database kind and size, the scheduler's and
 * the invoicing job's last runs, the mail queue, and the order longest waiting for automatic
 * commit. Anyone else is sent to the start page (the server answers them 403 anyway).
 */
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Controls, canUseArea } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import { useControls } from '../api/controls';

/** Bytes as the locale writes megabytes (or gigabytes from 1 GB). */
function useSize() {
  const format = useFormat();
  return (bytes: number) =>
    bytes >= 1e9
      ? format.number(bytes / 1e9, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
      : format.number(bytes / 1e6, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** One card: a title and rows of label and value. */
function Card({ id, title, rows, status }: { id: string; title: string; rows: [string, ReactNode][]; status?: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {status}
      </Group>
      <Stack gap={6} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" c="gray.7">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The page; see the file comment. */
export function ControlsPage() {
  const { status } = useSession();
  const controls = useControls(status.isProvider);
  const { t } = useTranslation('controls');
  if (!status.isProvider) return <Navigate to="/app/home" replace />;
  if (controls.isPending) return <PageLoader />;
  if (controls.isError)
    return (
      <Alert color="red" title={t('loadFailed')}>
        {controls.error.message}
      </Alert>
    );
  // An order opens in any order area of the menu (OrderDetailPage); a waiting order is handled from expedition or reception.
  const orderArea = (['expedition', 'reception', 'delivery', 'orders', 'dispatch'] as const).find((area) =>
    canUseArea(menuContextOf(status), area),
  );
  return <ControlsView data={controls.data} orderArea={orderArea ?? null} />;
}

function ControlsView({ data, orderArea }: { data: Controls; orderArea: string | null }) {
  const { t } = useTranslation('controls');
  const format = useFormat();
  const size = useSize();
  const when = (value: string | null) => (value ? format.dateTime(value) : t('never'));
  const ok = (good: boolean, goodText: string, badText: string) => (
    <Badge
      variant="light"
      color={good ? 'green' : 'red'}
      radius="sm"
      tt="none"
      styles={{ label: { color: good ? 'var(--portal-text-ok)' : 'var(--portal-text-danger)' } }}
    >
      {good ? goodText : badText}
    </Badge>
  );
  const mailProblems = data.mail.failed + data.mail.retrying;
  const order = data.oldestWaitingOrder;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Card
          id="controls-version"
          title={t('version.title')}
          rows={[
            [t('version.version'), data.version],
            [t('version.build'), data.build],
            [t('version.startedAt'), format.dateTime(data.startedAt)],
          ]}
        />
        <Card
          id="controls-database"
          title={t('database.title')}
          rows={[
            [t('database.kind'), t(`database.kinds.${data.database.kind}`)],
            [t('database.size'), size(data.database.sizeBytes)],
          ]}
        />
        <Card
          id="controls-scheduler"
          title={t('scheduler.title')}
          status={ok(data.scheduler.lastRunAt !== null, t('status.ok'), t('status.notRun'))}
          rows={[
            [t('scheduler.lastRunAt'), when(data.scheduler.lastRunAt)],
            [
              t('scheduler.here'),
              data.scheduler.enabled ? t('scheduler.every', { minutes: data.scheduler.intervalMinutes }) : t('scheduler.off'),
            ],
          ]}
        />
        <Card
          id="controls-invoicing"
          title={t('invoicing.title')}
          status={ok(data.invoicing.failing === 0, t('status.ok'), t('status.failing'))}
          rows={[
            [
              t('invoicing.through'),
              data.invoicing.invoicedThrough
                ? format.plainDate(data.invoicing.invoicedThrough, { month: 'long', year: 'numeric' })
                : t('never'),
            ],
            [t('invoicing.lastDoneAt'), when(data.invoicing.lastDoneAt)],
            [t('invoicing.failing'), format.number(data.invoicing.failing)],
            ...(data.invoicing.lastError ? ([[t('lastError'), data.invoicing.lastError]] as [string, ReactNode][]) : []),
          ]}
        />
        <Card
          id="controls-mail"
          title={t('mail.title')}
          status={ok(mailProblems === 0, t('status.ok'), t('status.failing'))}
          rows={[
            [t('mail.smtp'), data.mail.smtpConfigured ? t('mail.smtpOn') : t('mail.smtpOff')],
            [t('mail.waiting'), format.number(data.mail.waiting)],
            [t('mail.retrying'), format.number(data.mail.retrying)],
            [t('mail.failed'), format.number(data.mail.failed)],
            [t('mail.oldestWaitingAt'), data.mail.oldestWaitingAt ? format.dateTime(data.mail.oldestWaitingAt) : t('none')],
            ...(data.mail.lastError ? ([[t('lastError'), data.mail.lastError]] as [string, ReactNode][]) : []),
          ]}
        />
        <Card
          id="controls-commit"
          title={t('commit.title')}
          rows={[
            [t('commit.waiting'), format.number(data.ordersWaiting)],
            [
              t('commit.oldest'),
              order && orderArea ? (
                <Anchor key="order" component={Link} to={`/app/${orderArea}/${order.id}`}>
                  {t('commit.order', { id: order.id })}
                </Anchor>
              ) : order ? (
                t('commit.order', { id: order.id })
              ) : (
                t('none')
              ),
            ],
            ...(order
              ? ([
                  [t('commit.received'), order.dateReceive ? format.plainDate(order.dateReceive) : t('none')],
                  [t('commit.since'), when(order.waitingSince)],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
