/**
 * Provider staff's panel on a case: take it, set its status (only the steps the status machine
 * allows, supportStatusTransitions), its priority, and the internal note only provider staff see.
 * Each change is saved at once and lands in the case's history.
 */
import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { type SupportPriority, type SupportStatus, type SupportTicket, supportPriorities, supportStatusTransitions } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { useSaveSupportTicket } from '../api/support-tickets';

/** The panel; see the file comment. */
export function TicketManage({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const { status: session } = useSession();
  const save = useSaveSupportTicket();
  const [note, setNote] = useState(ticket.internalNote ?? '');
  const change = (request: Parameters<typeof save.mutate>[0], saved = false) =>
    save.mutate(request, {
      onSuccess: () => saved && notifySuccess(t('detail.saved')),
      onError: (failure) => notifyError(t('detail.saveFailed'), failure.message),
    });
  const steps = supportStatusTransitions[ticket.status];
  return (
    <Paper withBorder radius="sm" p="md" bg="gray.0">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.manage')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {ticket.assignedUserId === session.user.id ? (
            <Text size="sm">{t('detail.takenByYou')}</Text>
          ) : (
            <Button variant="light" onClick={() => change({ id: ticket.id, take: true })} loading={save.isPending}>
              {t('detail.take')}
            </Button>
          )}
          <Select
            label={t('detail.setStatus')}
            data={[ticket.status, ...steps].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={ticket.status}
            onChange={(value) => value && value !== ticket.status && change({ id: ticket.id, status: value as SupportStatus })}
            allowDeselect={false}
            w={180}
          />
          <Select
            label={t('detail.setPriority')}
            data={supportPriorities.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            value={ticket.priority}
            onChange={(value) => value && value !== ticket.priority && change({ id: ticket.id, priority: value as SupportPriority })}
            allowDeselect={false}
            w={160}
          />
        </Group>
        <Textarea
          label={t('detail.internalNote')}
          description={t('detail.internalNoteHint')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => change({ id: ticket.id, internalNote: note.trim() || null }, true)}
            disabled={note === (ticket.internalNote ?? '')}
          >
            {t('detail.saveNote')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
