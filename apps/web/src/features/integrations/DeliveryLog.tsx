/**
 * An endpoint's delivery log (issue 23: "status, answer code, duration, attempts, with a button to
 * send an event again"): newest first, the status as text in a badge (never colour alone), and
 * "Send again" on each row. In a focusable scroll region on a phone.
 */
import { Alert, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDelivery } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { ScrollTable } from '../../components/scroll-table/ScrollTable';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useResendWebhookDelivery, useWebhookDeliveries } from './api';

const statusColor: Record<WebhookDelivery['status'], string> = { pending: 'yellow', delivered: 'green', failed: 'red', skipped: 'gray' };

/** The log of `endpointId`. */
export function DeliveryLog({ endpointId, url }: { endpointId: number; url: string }) {
  const { t } = useTranslation('integrations');
  const format = useFormat();
  const log = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  if (log.isPending) return <PageLoader />;
  if (log.isError) return <Alert color="red">{log.error.message}</Alert>;
  if (log.data.length === 0) return <Text c="gray.7">{t('log.none')}</Text>;
  return (
    <ScrollTable minWidth={760} label={t('log.label', { url })}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.created')}</Table.Th>
            <Table.Th>{t('log.event')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
            <Table.Th ta="right">{t('log.attempts')}</Table.Th>
            <Table.Th>{t('log.answer')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('log.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>{format.dateTime(delivery.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`events.${delivery.eventType}`)}</Text>
                <Text size="xs" c="gray.7">
                  {delivery.eventId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[delivery.status]} variant="light">
                  {t(`log.statuses.${delivery.status}`)}
                </Badge>
                {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
                  <Text size="xs" c="gray.7">
                    {t('log.next', { at: format.dateTime(delivery.nextAttemptAt) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{delivery.attempts}</Table.Td>
              <Table.Td>
                {delivery.lastStatusCode !== null
                  ? t('log.code', { code: delivery.lastStatusCode, ms: delivery.lastDurationMs ?? 0 })
                  : delivery.lastError
                    ? t(`log.errors.${delivery.lastError}`)
                    : '–'}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={resend.isPending && resend.variables === delivery.id}
                  onClick={() => resend.mutate(delivery.id, { onSuccess: () => notifySuccess(t('log.resent', { id: delivery.eventId })) })}
                  aria-label={t('log.resendLabel', { id: delivery.eventId })}
                >
                  {t('log.resend')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
