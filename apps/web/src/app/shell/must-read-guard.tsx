/**
 * Must-read alerts and must-read messages block the UI with a modal until marked read (spec
 * section 4; issue 10 for messages), except on routes under /app/messages, /app/api and
 * /app/global, and only when the acting user is the signed-in user. Alerts come first; a
 * message's text is Markdown, rendered sanitised by a renderer loaded only when one is shown.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RichText } from '../../components/rich-text/RichText';
import { mustReadMessagesQuery, unreadMustRead } from '../../features/messages/api/get-must-read-messages';
import { useMarkMessageRead } from '../../features/messages/api/mark-message-read';
import { useSession } from '../../features/session/use-session';
import { alertsQuery, isMustReadExempt, mustReadAlerts, useMarkAlertRead } from './alerts';
import { useAlertTitle } from './alerts-bell';

/** What blocks the current route: a must-read alert or message, if any. */
export interface Blocking {
  kind: 'alert' | 'message';
  id: number;
  title: string;
  /** Plain text (an alert) or Markdown (a message). */
  text: string;
}

/** The first must-read alert, else message, that blocks the current route, if any. */
export function useBlocking(): Blocking | undefined {
  const { actingAsOther } = useSession();
  const { pathname } = useLocation();
  const titleOf = useAlertTitle();
  const alerts = useQuery(alertsQuery);
  const messages = useQuery(mustReadMessagesQuery);
  if (actingAsOther || isMustReadExempt(pathname)) return undefined;
  const alert = mustReadAlerts(alerts.data ?? [])[0];
  if (alert) return { kind: 'alert', id: alert.id, title: titleOf(alert), text: alert.text };
  const message = unreadMustRead(messages.data ?? [])[0];
  if (message) return { kind: 'message', id: message.id, title: message.title, text: message.text };
  return undefined;
}

/** The blocking modal; renders nothing when nothing must be read. */
export function MustReadGuard() {
  const { t } = useTranslation('shell');
  const blocking = useBlocking();
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
