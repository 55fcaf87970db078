/**
 * The must-read dialog (spec section 4; issue 10 for messages), in the popups' chunk
 * (must-read-guard.tsx decides what blocks and loads it then): it cannot be closed, only
 * confirmed as read.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../components/rich-text/RichText';
import { useMarkMessageRead } from '../../features/messages/api/mark-message-read';
import { useMarkAlertRead } from './alerts';
import type { Blocking } from './must-read-guard';

/** The blocking modal, open while `blocking` is set. */
export function MustReadModal({ blocking }: { blocking: Blocking | undefined }) {
  const { t } = useTranslation('shell');
  const markAlertRead = useMarkAlertRead();
  const markMessageRead = useMarkMessageRead();
  const marking = blocking?.kind === 'message' ? markMessageRead : markAlertRead;
  return (
    <Modal
      opened={!!blocking}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={blocking?.title}
    >
      <Text size="xs" c="dimmed" mb="xs">
        {t('mustRead.intro')}
      </Text>
      {blocking?.kind === 'message' ? <RichText text={blocking.text} /> : <Text style={{ whiteSpace: 'pre-line' }}>{blocking?.text}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button loading={marking.isPending} onClick={() => blocking && marking.mutate(blocking.id)} data-autofocus>
          {t('mustRead.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
