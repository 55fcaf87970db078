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

/** Badge colour and a text colour that keeps 4.5:1 on it (as the disputes' status badge). */
const look: Record<WebhookDelivery['status'], { color: string; text: string }> = {
  pending: { color: 'orange', text: 'var(--portal-text-warning)' },
  delivered: { color: 'green', text: 'var(--portal-text-ok)' },
  failed: { color: 'red', text: 'var(--portal-text-danger)' },
  skipped: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
};

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
                <Badge
                  color={look[delivery.status].color}
                  variant="light"
                  tt="none"
                  styles={{ label: { color: look[delivery.status].text } }}
                >
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
                  aria-label={t('log.resendLabel', { action: t('log.resend'), id: delivery.eventId })}
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
