/**
 * A container order's status as a badge: Open (blue), Confirmed (orange), Delivered (green),
 * Cancelled (red). The label is text, so the colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { ContainerOrderStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<ContainerOrderStatus, { color: string; text: string }> = {
  Open: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
  Confirmed: { color: 'orange', text: 'var(--portal-text-warning)' },
  Delivered: { color: 'green', text: 'var(--portal-text-ok)' },
  Cancelled: { color: 'red', text: 'var(--portal-text-danger)' },
};

/** The translated status in a badge of its colour. */
export function ContainerOrderStatusBadge({ status }: { status: ContainerOrderStatus }) {
  const { t } = useTranslation('containerOrders');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
