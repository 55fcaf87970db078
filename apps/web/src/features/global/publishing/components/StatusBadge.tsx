/** A message's status in Global > Publishing: scheduled, live, expired or withdrawn. */
import { Badge } from '@mantine/core';
import type { MessageStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<MessageStatus, string> = { scheduled: 'blue', live: 'green', expired: 'gray', withdrawn: 'red' };

/** The badge of `status`, its word translated. */
export function StatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('publishing');
  return (
    <Badge color={colors[status]} variant="light" styles={{ label: { color: `var(--mantine-color-${colors[status]}-9)` } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
