/**
 * One new customer request in a dialog (GET NewCustomerRequests/{id}): every field as sent,
 * the organisation number its VAT number gives, and what became of it. A new request can be
 * rejected (after a second click that says what happens) or turned into a customer
 * (ConvertRequestForm).
 */
import { Alert, Button, Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NewCustomerRequestDetail } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNewCustomerRequest } from '../api/get-new-customer-request';
import { useRejectNewCustomerRequest } from '../api/handle-new-customer-request';
import { ConvertRequestForm } from './ConvertRequestForm';
import { RequestStatusBadge } from './RequestStatusBadge';

/** The fields in the order the dialog lists them. */
const shownFields = [
  'contactPerson',
  'email',
  'phone',
  'address',
  'postalCode',
  'postalName',
  'country',
  'vatNumber',
  'invoiceEmail',
  'invoiceReference',
  'invoiceAddress',
  'invoicePostalCode',
  'invoicePostalName',
  'invoiceCountry',
  'industry',
  'palletsPerYear',
  'openingHours',
  'need',
] as const;

function RequestFacts({ request }: { request: NewCustomerRequestDetail }) {
  const { t } = useTranslation(['registration', 'messages']);
  const format = useFormat();
  const value = (field: (typeof shownFields)[number]) => {
    const v = request.data[field];
    if (v === undefined || v === '') return null;
    if (field === 'country' || field === 'invoiceCountry') return t(`messages:registration.countries.${v}`);
    if (field === 'palletsPerYear') return format.number(Number(v));
    return String(v);
  };
  const rows: [string, string][] = [[t('detail.received'), format.dateTime(request.createdAt)]];
  for (const field of shownFields) {
    const shown = value(field);
    if (shown !== null) rows.push([t(`messages:registration.fields.${field}`), shown]);
    if (field === 'vatNumber') rows.push([t('detail.orgNumber'), request.orgNumber ?? t('detail.invalidOrgNumber')]);
  }
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false}>
      <Table.Tbody>
        {rows.map(([label, shown]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{shown}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RejectButton({ request }: { request: NewCustomerRequestDetail }) {
  const { t } = useTranslation('registration');
  const reject = useRejectNewCustomerRequest();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="default" color="red.9" onClick={() => setAsking(true)}>
        {t('detail.reject')}
      </Button>
    );
  return (
    <Alert color="red" variant="light" title={t('detail.reject')} styles={{ title: { color: 'var(--portal-text-danger)' } }}>
      <Text size="sm">{t('detail.rejectConfirm', { company: request.companyName })}</Text>
      <Group gap="sm" mt="sm">
        <Button variant="default" onClick={() => setAsking(false)} disabled={reject.isPending}>
          {t('detail.cancel')}
        </Button>
        <Button
          color="red.9"
          loading={reject.isPending}
          onClick={async () => {
            try {
              await reject.mutateAsync(request.id);
              notifySuccess(t('detail.rejected'));
            } catch (error) {
              notifyError(t('detail.errorSaving'), (error as Error).message);
            }
            setAsking(false);
          }}
        >
          {t('detail.reject')}
        </Button>
      </Group>
    </Alert>
  );
}

export function RequestDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('registration');
  const format = useFormat();
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useNewCustomerRequest(id);
  const request = query.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={request?.companyName ?? t('requests.title')}
      closeButtonProps={{ 'aria-label': t('page.close') }}
    >
      {query.isPending ? (
        <PageLoader />
      ) : query.isError || !request ? (
        <Alert color="red" title={t('detail.loadError')}>
          {query.error?.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <RequestStatusBadge status={request.status} />
            {request.handledByName && request.handledAt && (
              <Text size="sm" c="gray.7">
                {t('detail.handled', {
                  status: t(`requests.badge.${request.status}`),
                  name: request.handledByName,
                  date: format.dateTime(request.handledAt),
                })}
              </Text>
            )}
          </Group>
          {request.convertedCustomerName && <Text size="sm">{t('detail.becameCustomer', { name: request.convertedCustomerName })}</Text>}
          <RequestFacts request={request} />
          {request.status === 'new' && (
            <>
              <Divider />
              <ConvertRequestForm key={request.id} request={request} />
              <Divider />
              <RejectButton request={request} />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
