/**
 * A message's status in Global > Publishing: scheduled (blue), live (green), expired (grey),
 * withdrawn (red). The label is text, so the colour is never the only cue; the text colours
 * keep 4.5:1 on the badge's light background, also on a striped row.
 */
import { Badge } from '@mantine/core';
import type { MessageStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<MessageStatus, { color: string; text: string }> = {
  scheduled: { color: 'blue', text: '#14407a' },
  live: { color: 'green', text: 'var(--portal-text-ok)' },
  expired: { color: 'gray', text: '#3d434a' },
  withdrawn: { color: 'red', text: 'var(--portal-text-danger)' },
};

/** The badge of `status`, its word translated. */
export function StatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('publishing');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
