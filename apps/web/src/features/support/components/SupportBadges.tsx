/** The status and priority of a case as badges, named in the user's language. */
import { Badge } from '@mantine/core';
import type { SupportPriority, SupportStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const statusColors: Record<SupportStatus, string> = {
  New: 'blue',
  Open: 'teal',
  Pending: 'orange',
  Closed: 'gray',
  Archived: 'dark',
};

/** A case's status. */
export function StatusBadge({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={statusColors[status]} variant="light" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A case's priority (High stands out). */
export function PriorityBadge({ priority }: { priority: SupportPriority }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={priority === 'High' ? 'red' : 'gray'} variant={priority === 'High' ? 'filled' : 'outline'}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
