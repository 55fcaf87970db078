/**
 * Admin > Customer requests (`/app/global/customer-requests`; global admins): the requests
 * sent from the new-customer page, newest first, filtered by status (new by default). A
 * request opens in a dialog (`?id=`), where it is rejected or turned into a customer.
 */
import { Alert, Anchor, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type NewCustomerRequestStatus, type NewCustomerRequestSummary, newCustomerRequestStatuses } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useNewCustomerRequests } from '../api/get-new-customer-requests';
import { RequestDialog } from './RequestDialog';
import { RequestStatusBadge } from './RequestStatusBadge';

/** The company name, which opens the request. */
function OpenLink({ request, open }: { request: NewCustomerRequestSummary; open: (id: number) => void }) {
  return (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => open(request.id)}>
      {request.companyName}
    </Anchor>
  );
}

function RequestList({ list, open }: { list: NewCustomerRequestSummary[]; open: (id: number) => void }) {
  const { t } = useTranslation(['registration', 'messages']);
  const format = useFormat();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const country = (id: string | null) => (id ? t(`messages:registration.countries.${id}`) : '–');
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('requests.caption')}>
        {list.map((request) => (
          <Paper component="li" key={request.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <OpenLink request={request} open={open} />
              <RequestStatusBadge status={request.status} />
            </Group>
            <Text size="sm" mt={4}>
              {request.contactPerson} · {country(request.countryId)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('requests.received')}: {format.dateTime(request.createdAt)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('requests.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.received')}</Table.Th>
            <Table.Th>{t('requests.company')}</Table.Th>
            <Table.Th>{t('requests.contact')}</Table.Th>
            <Table.Th>{t('requests.country')}</Table.Th>
            <Table.Th>{t('requests.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(request.createdAt)}</Table.Td>
              <Table.Td>
                <OpenLink request={request} open={open} />
              </Table.Td>
              <Table.Td>
                <Text span size="sm" display="block">
                  {request.contactPerson}
                </Text>
                <Text span size="xs" c="gray.7" display="block">
                  {request.email}
                </Text>
              </Table.Td>
              <Table.Td>{country(request.countryId)}</Table.Td>
              <Table.Td>
                <RequestStatusBadge status={request.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CustomerRequestsPage() {
  const { t } = useTranslation('registration');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? 'new';
  const status = (newCustomerRequestStatuses as readonly string[]).includes(statusParam)
    ? (statusParam as NewCustomerRequestStatus)
    : undefined;
  const requests = useNewCustomerRequests(status);
  const openId = Number(params.get('id')) || null;
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const list = requests.data?.items ?? [];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('requests.title')}
      </Title>
      <NativeSelect
        label={t('requests.status')}
        maw={280}
        value={status ?? 'all'}
        data={['new', 'converted', 'rejected', 'all'].map((value) => ({ value, label: t(`requests.statuses.${value}`) }))}
        onChange={(event) => setParam('status', event.currentTarget.value)}
      />
      <Paper withBorder radius="sm">
        {requests.isPending ? (
          <PageLoader />
        ) : requests.isError ? (
          <Alert color="red" m="md" title={t('detail.loadError')}>
            {requests.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('requests.none')}
          </Text>
        ) : (
          <RequestList list={list} open={(id) => setParam('id', String(id))} />
        )}
      </Paper>
      {requests.data && requests.data.total > list.length && (
        <Text size="sm" c="gray.7">
          {t('requests.count', { shown: format.number(list.length), total: format.number(requests.data.total) })}
        </Text>
      )}
      <RequestDialog id={openId} onClose={() => setParam('id', null)} />
    </Stack>
  );
}
