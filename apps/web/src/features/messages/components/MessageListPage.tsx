/**
 * A list of the Messages section (`/app/messages`, `/articles`, `/guides`, `/system`): the
 * messages of that type the user sees, newest first, each with its date, must-read and unread
 * marks, opening its page. Guides opened from the help icon (`?route=orders/12`) show the guides
 * of that page first, with a way to all guides.
 */
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Message } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useMessages } from '../api/get-messages';
import { messagePath, sectionPath, sectionTypeOf } from '../lib/sections';

/** One message in a list: title (a link to its page), date, marks. */
function MessageItem({ message }: { message: Message }) {
  const { t } = useTranslation('news');
  const format = useFormat();
  return (
    <Paper component="li" withBorder p="md" radius="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Anchor component={Link} to={messagePath(message.type, message.id)} fw={message.read ? 500 : 700}>
          {message.title}
        </Anchor>
        <Group gap="xs">
          {message.mustRead && (
            <Badge color="orange" variant="light" tt="none" styles={{ label: { color: 'var(--portal-text-warning)' } }}>
              {t('mustRead')}
            </Badge>
          )}
          {!message.read && message.type !== 'login' && (
            <Badge color="blue" variant="outline" tt="none" styles={{ label: { color: '#14407a' } }}>
              {t('unread')}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {t('published', {
          date: message.showFrom ? format.plainDate(message.showFrom) : format.dateTime(message.createdAt, { dateStyle: 'short' }),
        })}
      </Text>
    </Paper>
  );
}

/** The messages of a list, or a notice when there are none. */
function MessageItems({ list }: { list: Message[] }) {
  const { t } = useTranslation('news');
  if (list.length === 0) return <Text c="gray.7">{t('none')}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.map((message) => (
        <MessageItem key={message.id} message={message} />
      ))}
    </Stack>
  );
}

/** The list page; see the file comment. */
export function MessageListPage() {
  const { t } = useTranslation('news');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const type = sectionTypeOf(pathname);
  const route = type === 'guides' ? (params.get('route') ?? undefined) : undefined;
  const forRoute = useMessages(type, route);
  const all = useMessages(type);
  const shown = route ? forRoute : all;
  return (
    <Stack gap="md">
      <Stack gap={2} maw={760}>
        <Title order={1} size="h2">
          {t(`lists.${type}.title`)}
        </Title>
        <Text size="sm" c="gray.7">
          {t(`lists.${type}.intro`)}
        </Text>
      </Stack>
      {shown.isPending ? (
        <PageLoader />
      ) : shown.isError ? (
        <Alert color="red" title={t('loadFailed')}>
          {shown.error.message}
        </Alert>
      ) : route ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('guidesForRoute')}
            </Title>
            <Anchor component={Link} to={sectionPath('guides')}>
              {t('allGuides')}
            </Anchor>
          </Group>
          {shown.data.length ? (
            <MessageItems list={shown.data} />
          ) : (
            <>
              <Text c="gray.7">{t('noGuideForRoute')}</Text>
              <MessageItems list={all.data ?? []} />
            </>
          )}
        </Stack>
      ) : (
        <MessageItems list={shown.data} />
      )}
    </Stack>
  );
}
