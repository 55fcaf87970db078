/**
 * The thread of a case: its comments oldest first (provider staff's answers marked, internal notes
 * marked and shown to provider staff only, as the server answers them) and the comment box. Provider
 * staff may write an internal note and start from an answer template of the case's category in the
 * case's language ("Answer from template"; the default answer first).
 */
import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import type { SupportTicket } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSupportTemplates } from '../api/support-templates';
import { useAddSupportComment } from '../api/support-tickets';

/** The thread and the comment box of `ticket`; `staff`: the caller is provider staff. */
export function TicketThread({ ticket, staff }: { ticket: SupportTicket; staff: boolean }) {
  const { t, i18n } = useTranslation('support');
  const format = useFormat();
  const add = useAddSupportComment();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const templates = useSupportTemplates({ ...(ticket.category ? { category: ticket.category } : {}) }, staff && ticket.may.comment);
  const send = () => {
    if (!text.trim()) {
      setError(t('dialog.required'));
      return;
    }
    setError(null);
    add.mutate(
      { ticketId: ticket.id, text: text.trim(), internal: staff && internal },
      {
        onSuccess: () => {
          setText('');
          setInternal(false);
        },
        onError: (failure) => notifyError(t('detail.commentFailed'), failure.message),
      },
    );
  };
  // The case's language is the reader's: templates in it (or for any language) first.
  const sorted = [...(templates.data ?? [])].sort(
    (a, b) => Number(b.language === i18n.language) - Number(a.language === i18n.language) || Number(b.isDefault) - Number(a.isDefault),
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('detail.thread')}
      </Title>
      {ticket.comments.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('detail.noComments')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('detail.thread')}>
          {ticket.comments.map((comment) => (
            <Paper
              component="li"
              key={comment.id}
              withBorder
              radius="sm"
              p="sm"
              bg={comment.internal ? 'yellow.0' : comment.byProvider ? 'blue.0' : undefined}
            >
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {comment.userName}
                  </Text>
                  {comment.byProvider && (
                    <Badge size="xs" variant="outline" color="blue">
                      {t('detail.provider')}
                    </Badge>
                  )}
                  {comment.internal && (
                    <Badge size="xs" color="yellow" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                      {t('detail.internal')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="gray.7">
                  {format.dateTime(comment.createdAt)}
                </Text>
              </Group>
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {comment.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {ticket.may.comment ? (
        <Stack gap="xs">
          {staff && sorted.length > 0 && (
            <Select
              label={t('detail.fromTemplate')}
              placeholder={t('detail.templatePlaceholder')}
              data={sorted.map((template) => ({
                value: String(template.id),
                label: `${template.title}${template.isDefault ? ` (${t('settings.default')})` : ''}`,
              }))}
              value={null}
              onChange={(id) => {
                const chosen = sorted.find((template) => String(template.id) === id);
                if (chosen) setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${chosen.text}` : chosen.text));
              }}
              searchable
              maw={420}
            />
          )}
          <Textarea
            label={t('detail.comment')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={4000}
            error={error}
          />
          <Group justify="space-between" gap="sm">
            {staff ? (
              <Checkbox label={t('detail.internalCheckbox')} checked={internal} onChange={(e) => setInternal(e.currentTarget.checked)} />
            ) : (
              <span />
            )}
            <Button onClick={send} loading={add.isPending}>
              {t('detail.send')}
            </Button>
          </Group>
          {ticket.status === 'Closed' && !staff && (
            <Text size="sm" c="gray.7">
              {t('detail.closedNotice')}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          {t('detail.archivedNotice')}
        </Text>
      )}
    </Stack>
  );
}
