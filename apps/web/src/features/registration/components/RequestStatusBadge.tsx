/**
 * A request's state as a badge: new (orange), became a customer (green), rejected (grey). The
 * label is text, so the colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { NewCustomerRequestStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<NewCustomerRequestStatus, { color: string; text: string }> = {
  new: { color: 'orange', text: 'var(--portal-text-warning)' },
  converted: { color: 'green', text: 'var(--portal-text-ok)' },
  rejected: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
};

export function RequestStatusBadge({ status }: { status: NewCustomerRequestStatus }) {
  const { t } = useTranslation('registration');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`requests.badge.${status}`)}
    </Badge>
  );
}
