/**
 * A container's condition and a rental's status as badges. The label is text, so the colour is
 * never the only cue; the text colours keep 4.5:1 (the portal's text tokens).
 */
import { Badge } from '@mantine/core';
import type { ContainerStatus, RentalStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const containerLook: Record<ContainerStatus, { color: string; text: string }> = {
  OK: { color: 'green', text: 'var(--portal-text-ok)' },
  NeedsRepair: { color: 'red', text: 'var(--portal-text-danger)' },
};

const rentalLook: Record<RentalStatus, { color: string; text: string }> = {
  Registered: { color: 'orange', text: 'var(--portal-text-warning)' },
  Open: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
  Closed: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
};

/** The translated condition of a container. */
export function ContainerStatusBadge({ status }: { status: ContainerStatus }) {
  const { t } = useTranslation('containers');
  const look = containerLook[status];
  return (
    <Badge variant="light" color={look.color} radius="sm" tt="none" styles={{ label: { color: look.text } }}>
      {t(`containerStatus.${status}`)}
    </Badge>
  );
}

/** The translated status of a rental. */
export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const { t } = useTranslation('containers');
  const look = rentalLook[status];
  return (
    <Badge variant="light" color={look.color} radius="sm" tt="none" styles={{ label: { color: look.text } }}>
      {t(`rentalStatus.${status}`)}
    </Badge>
  );
}
