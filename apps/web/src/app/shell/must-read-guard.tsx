/**
 * Must-read alerts block the UI with a modal until marked read (spec section 4), except on
 * routes under /app/messages, /app/api and /app/global, and only when the acting user is the
 * signed-in user.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../features/session/use-session';
import { alertsQuery, isMustReadExempt, mustReadAlerts, useMarkAlertRead } from './alerts';
import { useAlertTitle } from './alerts-bell';

/** The first must-read alert that blocks the current route, if any. */
export function useBlockingAlert() {
  const { actingAsOther } = useSession();
  const { pathname } = useLocation();
  const alerts = useQuery(alertsQuery);
  if (actingAsOther || isMustReadExempt(pathname)) return undefined;
  return mustReadAlerts(alerts.data ?? [])[0];
}

/** The blocking modal; renders nothing when no alert must be read. */
export function MustReadGuard() {
  const { t } = useTranslation('shell');
  const alert = useBlockingAlert();
  const markRead = useMarkAlertRead();
  const titleOf = useAlertTitle();
  return (
    <Modal
      opened={!!alert}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={alert ? titleOf(alert) : undefined}
    >
      <Text size="xs" c="dimmed" mb="xs">
        {t('mustRead.intro')}
      </Text>
      <Text style={{ whiteSpace: 'pre-line' }}>{alert?.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button loading={markRead.isPending} onClick={() => alert && markRead.mutate(alert.id)} data-autofocus>
          {t('mustRead.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
