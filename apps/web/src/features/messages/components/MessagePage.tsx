/**
 * One message (`/app/messages/{id}`, `/articles/{id}`, `/guides/{id}`, `/system/{id}`): its
 * title, date and Markdown text rendered sanitised. Opening it marks it read (POST MessageRead);
 * a must-read one is marked read only by "I have read it", which lifts the portal's block
 * (spec section 4). A message the user does not see answers "does not exist".
 */
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { MarkdownText } from '../../../components/rich-text/MarkdownText';
import { useFormat } from '../../../lib/format';
import { useMessage } from '../api/get-messages';
import { useMarkMessageRead } from '../api/mark-message-read';
import { sectionPath, sectionTypeOf } from '../lib/sections';

/** The message page; see the file comment. */
export function MessagePage() {
  const { t } = useTranslation('news');
  const format = useFormat();
  const { pathname } = useLocation();
  const type = sectionTypeOf(pathname);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const message = useMessage(valid ? id : 0, valid);
  const markRead = useMarkMessageRead();
  const data = message.data;
  const autoRead = !!data && !data.read && !data.mustRead;
  const { mutate } = markRead;
  useEffect(() => {
    if (autoRead && data) mutate(data.id);
  }, [autoRead, data, mutate]);

  const back = (
    <Anchor component={Link} to={sectionPath(type)} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('back', { name: t(`nav.${type}`) })}
      </Group>
    </Anchor>
  );
  if (!valid || message.isError)
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title={t('notFound')}>
          {message.error?.message}
        </Alert>
      </Stack>
    );
  if (!data) return <PageLoader />;
  return (
    <Stack gap="md" maw={820}>
      {back}
      <Stack gap={4}>
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="gray.7">
            {t('published', {
              date: data.showFrom ? format.plainDate(data.showFrom) : format.dateTime(data.createdAt, { dateStyle: 'short' }),
            })}
          </Text>
          {data.mustRead && (
            <Badge color="orange" variant="light" tt="none" styles={{ label: { color: 'var(--portal-text-warning)' } }}>
              {t('mustRead')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Paper withBorder p="md" radius="sm" component="article" aria-label={data.title}>
        <MarkdownText text={data.text} />
      </Paper>
      {data.mustRead &&
        (data.read ? (
          <Text size="sm" c="gray.7">
            {t('markedRead')}
          </Text>
        ) : (
          <Alert color="orange" variant="light" title={t('mustReadNotice')}>
            <Button mt="xs" loading={markRead.isPending} onClick={() => markRead.mutate(data.id)}>
              {t('confirmRead')}
            </Button>
          </Alert>
        ))}
    </Stack>
  );
}
