/**
 * Labels of the email archive: a topic's name (a topic the texts do not know shows as stored)
 * and a mail's delivery status as a badge (text and colour, the text colours keep 4.5:1).
 */
import { Badge } from '@mantine/core';
import type { EmailArchiveEntry } from '@portal/domain';
import { useTranslation } from 'react-i18next';

/** A function naming a topic in the interface language. */
export function useTopicLabel() {
  const { t } = useTranslation('emailArchive');
  return (topic: string) => t(`topics.${topic}`, { defaultValue: topic });
}

const look: Record<EmailArchiveEntry['status'], { color: string; text: string }> = {
  stored: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
  queued: { color: 'orange', text: 'var(--portal-text-warning)' },
  sending: { color: 'orange', text: 'var(--portal-text-warning)' },
  sent: { color: 'green', text: 'var(--portal-text-ok)' },
  failed: { color: 'red', text: 'var(--portal-text-danger)' },
};

/** The mail's status (stored, queued, sending, sent, failed) as a badge. */
export function MailStatusBadge({ status }: { status: EmailArchiveEntry['status'] }) {
  const { t } = useTranslation('emailArchive');
  return (
    <Badge
      variant="light"
      color={look[status].color}
      radius="sm"
      tt="none"
      flex="none"
      miw="max-content"
      styles={{ label: { color: look[status].text } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
