/**
 * The report after "send drafts" (spec section 2, "Dialogs: send drafts"): how many were sent,
 * and each draft that could not be sent with the server's reason in the user's language.
 */
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SendDraftResult } from '../api/send-drafts';

interface SendDraftsReportProps {
  results: SendDraftResult[] | null;
  onClose: () => void;
  /** Where an order opens, under /app. */
  detailPath: string;
}

/** The modal with the outcome of a bulk send. */
export function SendDraftsReport({ results, onClose, detailPath }: SendDraftsReportProps) {
  const { t } = useTranslation('orders');
  const sent = results?.filter((result) => result.ok) ?? [];
  const failed = results?.filter((result) => !result.ok) ?? [];
  return (
    <Modal opened={results !== null} onClose={onClose} title={t('drafts.reportTitle')} size="lg">
      <Stack gap="md">
        {sent.length > 0 && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('drafts.sentCount', { count: sent.length })}
          </Alert>
        )}
        {failed.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('drafts.failedCount', { count: failed.length })}
          >
            <List size="sm" spacing={4}>
              {failed.map((result) => (
                <List.Item key={result.id}>
                  <Text span size="sm" fw={700}>
                    <Anchor
                      component={Link}
                      to={`/app/${detailPath}/${result.id}`}
                      size="sm"
                      c="red.9"
                      underline="always"
                      onClick={onClose}
                    >
                      {t('detail.title', { id: result.id })}
                    </Anchor>
                    :{' '}
                  </Text>
                  <Text span size="sm">
                    {result.error ?? t('drafts.unknownReason')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('dialog.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
