/**
 * Global > Confirmations (`/app/global/confirmations`; global admins; issue 22): the balance
 * confirmation rounds, newest first, with how many customers confirmed, disputed and did not
 * answer, and the form that starts a round: its name, the day whose closing balances are
 * confirmed (today or earlier) and the customers asked (searched by name). A started round opens
 * its page (ConfirmationRoundPage).
 */
import { Alert, Anchor, Button, Group, MultiSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { todayIn } from '@portal/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useConfirmationRounds, useCreateConfirmationRound, useCustomerSearch } from '../api/rounds';

function NewRoundForm() {
  const { t } = useTranslation('confirmations');
  const navigate = useNavigate();
  const create = useCreateConfirmationRound();
  const today = todayIn('NO');
  const [name, setName] = useState('');
  const [asOf, setAsOf] = useState<string | null>(today);
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>([]);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const found = useCustomerSearch(term);
  // One key per form: a retry after a lost answer starts the round once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const options = useMemo(() => {
    const byId = new Map(chosen.map((c) => [c.id, c]));
    for (const c of found.data ?? []) byId.set(c.id, c);
    return [...byId.values()].map((c) => ({ value: String(c.id), label: c.name }));
  }, [found.data, chosen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      const round = await create.mutateAsync({ name: name.trim(), asOf: asOf ?? '', customerIds: chosen.map((c) => c.id), idempotencyKey });
      void navigate(`/app/global/confirmations/${round.id}`);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setFailure((error as Error).message);
    }
  };

  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="new-round-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-round-title">
            {t('rounds.newTitle')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('rounds.newIntro')}
          </Text>
          {failure && (
            <Alert color="red" role="alert" title={t('rounds.createFailed')}>
              {failure}
            </Alert>
          )}
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label={t('rounds.name')}
              placeholder={t('rounds.namePlaceholder')}
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              w={{ base: '100%', sm: 280 }}
            />
            <OpenDayDatePicker
              label={t('rounds.asOf')}
              value={asOf}
              onChange={setAsOf}
              max={today}
              allDaysOpen
              clearable={false}
              error={errors.asOf}
              w={{ base: '100%', sm: 200 }}
            />
          </Group>
          <MultiSelect
            label={t('rounds.customers')}
            description={t('rounds.customersHint')}
            data={options}
            value={chosen.map((c) => String(c.id))}
            onChange={(values) =>
              setChosen(
                values.map((v) => options.find((o) => o.value === v)).flatMap((o) => (o ? [{ id: Number(o.value), name: o.label }] : [])),
              )
            }
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={t('rounds.noCustomer')}
            error={errors.customerIds}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('rounds.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The page; see the file comment. */
export function ConfirmationRoundsPage() {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  const rounds = useConfirmationRounds();
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('rounds.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('rounds.intro')}
        </Text>
      </Stack>
      <NewRoundForm />
      {rounds.isPending ? (
        <PageLoader />
      ) : rounds.isError ? (
        <Alert color="red" role="alert" title={t('rounds.loadFailed')}>
          {rounds.error.message}
        </Alert>
      ) : rounds.data.length === 0 ? (
        <Alert role="status">{t('rounds.none')}</Alert>
      ) : (
        <ScrollTable minWidth={640} label={t('rounds.caption')}>
          <Table striped withTableBorder highlightOnHover>
            <Table.Caption>{t('rounds.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('rounds.name')}</Table.Th>
                <Table.Th scope="col">{t('rounds.asOf')}</Table.Th>
                <Table.Th scope="col">{t('rounds.started')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('status.confirmed')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('status.disputed')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('status.pending')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rounds.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/app/global/confirmations/${r.id}`}>
                      {r.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{format.plainDate(r.asOf)}</Table.Td>
                  <Table.Td>{`${format.dateTime(r.createdAt)}${r.createdBy ? ` · ${r.createdBy}` : ''}`}</Table.Td>
                  <Table.Td ta="right">{format.number(r.counts.confirmed)}</Table.Td>
                  <Table.Td ta="right">{format.number(r.counts.disputed)}</Table.Td>
                  <Table.Td ta="right">{format.number(r.counts.pending)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
