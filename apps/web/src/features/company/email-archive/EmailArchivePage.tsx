/**
 * Company > Email archive (`/app/company/email-archive`; spec sections 2 and 3, "Email archive
 * entry"; issue 9): every mail the portal wrote that the caller may read (provider staff all, a
 * customer admin the acting customer's), newest first, filtered by topic, sent, to customer
 * (provider staff), to user, from location and dates; the count of matching mails; 50 at a
 * time with "Show more"; a click on the subject opens the mail. Others get the server's 403
 * message.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EmailArchiveEntry } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useEmailArchive, useEmailArchiveFilters } from './api';
import { EmailArchiveFilterBar } from './EmailArchiveFilterBar';
import { EmailArchiveList } from './EmailArchiveList';
import { archiveFiltersFromParams } from './filters';
import { MailDialog } from './MailDialog';

/** The page; see the file comment. */
export function EmailArchivePage() {
  const { t } = useTranslation('emailArchive');
  const [params, setParams] = useSearchParams();
  const filters = archiveFiltersFromParams(params);
  const archive = useEmailArchive(filters);
  const choices = useEmailArchiveFilters();
  const [open, setOpen] = useState<number | null>(null);
  const mails: EmailArchiveEntry[] = archive.data?.pages.flatMap((page) => page.items) ?? [];
  const total = archive.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md">
      <Stack gap={2} maw={760}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      {!archive.isError && <EmailArchiveFilterBar filters={filters} choices={choices.data} setParams={setParams} />}
      <Paper withBorder radius="sm">
        {archive.isPending ? (
          <PageLoader />
        ) : archive.isError ? (
          <Alert color="red" m="md" title={t('list.loadFailed')}>
            {archive.error.message}
          </Alert>
        ) : mails.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('list.none')}
          </Text>
        ) : (
          <EmailArchiveList list={mails} onOpen={(mail) => setOpen(mail.id)} />
        )}
      </Paper>
      {!archive.isPending && !archive.isError && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('list.count', { count: total, shown: mails.length })}
          </Text>
          {archive.hasNextPage && (
            <Button variant="light" onClick={() => void archive.fetchNextPage()} loading={archive.isFetchingNextPage}>
              {t('list.more')}
            </Button>
          )}
        </Group>
      )}
      <MailDialog id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
