/**
 * A dispute's state as a badge (docs/disputes.md, "States"): open and waiting for the provider
 * orange, accepted and upheld green, not upheld red, withdrawn grey. The label is text, so the
 * colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { DisputeStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<DisputeStatus, { color: string; text: string }> = {
  open: { color: 'orange', text: 'var(--portal-text-warning)' },
  rejected: { color: 'orange', text: 'var(--portal-text-warning)' },
  accepted: { color: 'green', text: 'var(--portal-text-ok)' },
  decidedFor: { color: 'green', text: 'var(--portal-text-ok)' },
  decidedAgainst: { color: 'red', text: 'var(--portal-text-danger)' },
  withdrawn: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
};

/** The translated status in a badge of its colour. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation('disputes');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
