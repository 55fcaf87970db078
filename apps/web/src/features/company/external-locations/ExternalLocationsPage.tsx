/**
 * Company > External locations (`/app/company/external`; spec sections 2 and 3; issue 9): the
 * acting customer's senders and receivers outside the portal, searched by name, number or GLN
 * and shown active, inactive or all; "New external location", edit (the shared dialog) and
 * delete. A delete of one that orders name deactivates it instead, and the notice says so. The
 * server decides who may (customer admins, the Delivery menu, provider staff); a refusal shows
 * its message.
 */
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Country, ExternalLocation } from '@portal/domain';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { useExternalLocationList } from './api';
import { DeleteExternalLocationDialog } from './DeleteExternalLocationDialog';
import { ExternalLocationDialog } from './ExternalLocationDialog';
import { ExternalLocationList } from './ExternalLocationList';

type Shown = 'active' | 'inactive' | 'all';

/** The page; see the file comment. */
export function ExternalLocationsPage() {
  const { t } = useTranslation('externalLocations');
  const { status } = useSession();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [shown, setShown] = useState<Shown>('active');
  const [editing, setEditing] = useState<ExternalLocation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExternalLocation | null>(null);
  const list = useExternalLocationList(debounced);
  const rows = (list.data ?? []).filter((l) => shown === 'all' || l.active === (shown === 'active'));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
        <TextInput
          label={t('filters.search')}
          description={t('filters.searchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 320 }}
        />
        <Select
          label={t('filters.shown')}
          data={(['active', 'inactive', 'all'] as const).map((value) => ({ value, label: t(`filters.${value}`) }))}
          value={shown}
          onChange={(value) => setShown((value as Shown | null) ?? 'active')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <Paper withBorder radius="sm">
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <Alert color="red" m="md" title={t('list.loadFailed')}>
            {list.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('list.none')}
          </Text>
        ) : (
          <ExternalLocationList list={rows} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </Paper>
      {!list.isPending && !list.isError && (
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('list.count', { count: rows.length })}
        </Text>
      )}
      <ExternalLocationDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        location={editing === 'new' ? null : editing}
        defaultCountryId={(status.location?.countryId as Country | undefined) ?? null}
        onSaved={(saved) => notifySuccess(t('saved', { name: saved.name }))}
      />
      <DeleteExternalLocationDialog location={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
