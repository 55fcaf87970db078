/**
 * A receipt's status as a badge: awaiting approval (violet), open (orange), final (green), disputed (red), void (grey). The
 * label is text, so the colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { PalletReceiptStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<PalletReceiptStatus, { color: string; text: string }> = {
  approval: { color: 'violet', text: 'var(--mantine-color-violet-9)' },
  open: { color: 'orange', text: 'var(--portal-text-warning)' },
  final: { color: 'green', text: 'var(--portal-text-ok)' },
  disputed: { color: 'red', text: 'var(--portal-text-danger)' },
  void: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
};

/** The translated status in a badge of its colour. */
export function ReceiptStatusBadge({ status }: { status: PalletReceiptStatus }) {
  const { t } = useTranslation('palletReceipts');
  return (
    <Badge variant="light" color={look[status].color} radius="sm" tt="none" styles={{ label: { color: look[status].text } }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
