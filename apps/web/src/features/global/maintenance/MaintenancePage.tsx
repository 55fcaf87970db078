/**
 * Global > Maintenance (`/app/global/maintenance`; issue 10; docs/global.md): a global admin
 * schedules a downtime window (start and reopening, date and time in the browser's time zone)
 * and cancels one that has not ended. During a window the public area shows the downtime text
 * with the reopening time and the API answers 503 to everyone but global admins. The windows
 * are listed newest first with their state.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { Downtime } from '@portal/domain';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCancelDowntime, useDowntimes, useScheduleDowntime } from '../api/downtimes';

const stateColors: Record<Downtime['state'], string> = { planned: 'blue', active: 'red', past: 'gray', cancelled: 'gray' };

function ScheduleForm() {
  const { t } = useTranslation('log');
  const schedule = useScheduleDowntime();
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!startsAt) missing.startsAt = t('maintenance.required');
    if (!endsAt) missing.endsAt = t('maintenance.required');
    setErrors(missing);
    if (!startsAt || !endsAt) return;
    schedule.mutate(
      { startsAt: dayjs(startsAt).toISOString(), endsAt: dayjs(endsAt).toISOString() },
      {
        onSuccess: () => {
          setStartsAt(null);
          setEndsAt(null);
          notifySuccess(t('maintenance.scheduled'));
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.fields : {}),
      },
    );
  };
  const formError =
    schedule.error && !(schedule.error instanceof ApiError && Object.keys(schedule.error.fields).length) ? schedule.error.message : null;
  return (
    <Paper withBorder radius="sm" p="md" component="form" onSubmit={submit} noValidate aria-labelledby="schedule-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="schedule-title">
          {t('maintenance.schedule')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('maintenance.scheduleHint')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateTimePicker
            label={t('maintenance.startsAt')}
            value={startsAt}
            onChange={setStartsAt}
            valueFormat="L LT"
            required
            error={errors.startsAt}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
          <DateTimePicker
            label={t('maintenance.endsAt')}
            value={endsAt}
            onChange={setEndsAt}
            valueFormat="L LT"
            minDate={startsAt ?? dayjs().format('YYYY-MM-DD')}
            required
            error={errors.endsAt}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
        </Group>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={schedule.isPending}>
            {t('maintenance.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Windows({ list }: { list: Downtime[] }) {
  const { t } = useTranslation('log');
  const format = useFormat();
  const cancel = useCancelDowntime();
  const when = (value: string) =>
    format.dateTime(value, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <caption className="visually-hidden">{t('maintenance.windows')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('maintenance.startsAt')}</Table.Th>
            <Table.Th>{t('maintenance.endsAt')}</Table.Th>
            <Table.Th>{t('maintenance.state')}</Table.Th>
            <Table.Th>{t('maintenance.by')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('maintenance.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>{when(w.startsAt)}</Table.Td>
              <Table.Td>{when(w.endsAt)}</Table.Td>
              <Table.Td>
                <Badge color={stateColors[w.state]} variant="light" c={`${stateColors[w.state]}.9`}>
                  {t(`maintenance.states.${w.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{w.createdByName ?? '–'}</Table.Td>
              <Table.Td>
                {(w.state === 'planned' || w.state === 'active') && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={cancel.isPending && cancel.variables === w.id}
                    onClick={() => cancel.mutate(w.id, { onSuccess: () => notifySuccess(t('maintenance.cancelled')) })}
                    aria-label={t('maintenance.cancelLabel', { start: when(w.startsAt) })}
                  >
                    {t('maintenance.cancel')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The page; see the file comment. */
export function MaintenancePage() {
  const { t } = useTranslation('log');
  const windows = useDowntimes();
  return (
    <Stack gap="md">
      <Stack gap={2} maw={760}>
        <Title order={1} size="h2">
          {t('maintenance.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('maintenance.intro')}
        </Text>
      </Stack>
      <ScheduleForm />
      <Paper withBorder radius="sm">
        <Title order={2} size="h4" p="md" pb={0}>
          {t('maintenance.windows')}
        </Title>
        {windows.isPending ? (
          <PageLoader />
        ) : windows.isError ? (
          <Alert color="red" m="md" title={t('maintenance.loadFailed')}>
            {windows.error.message}
          </Alert>
        ) : windows.data.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('maintenance.none')}
          </Text>
        ) : (
          <Windows list={windows.data} />
        )}
      </Paper>
    </Stack>
  );
}
