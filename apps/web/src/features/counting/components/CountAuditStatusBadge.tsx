/**
 * A count's state as a badge: awaiting confirmation (orange), confirmed (green), rejected (red).
 * The label is text, so the colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { CountAuditStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<CountAuditStatus, { color: string; text: string }> = {
  registered: { color: 'orange', text: 'var(--portal-text-warning)' },
  confirmed: { color: 'green', text: 'var(--portal-text-ok)' },
  rejected: { color: 'red', text: 'var(--portal-text-danger)' },
};

/** The translated status in a badge of its colour. */
export function CountAuditStatusBadge({ status }: { status: CountAuditStatus }) {
  const { t } = useTranslation('counting');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
