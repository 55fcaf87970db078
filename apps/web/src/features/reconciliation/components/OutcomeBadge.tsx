/**
 * A row's outcome as a badge (issue 22): matched green, different orange, only in the file or only
 * in the portal red. The label is text, so the colour is never the only cue; the text colours keep 4.5:1.
 */
import { Badge } from '@mantine/core';
import type { ReconciliationOutcome } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const look: Record<ReconciliationOutcome, { color: string; text: string }> = {
  matched: { color: 'green', text: 'var(--portal-text-ok)' },
  different: { color: 'orange', text: 'var(--portal-text-warning)' },
  fileOnly: { color: 'red', text: 'var(--portal-text-danger)' },
  portalOnly: { color: 'red', text: 'var(--portal-text-danger)' },
};

/** The translated outcome in a badge of its colour. */
export function OutcomeBadge({ outcome }: { outcome: ReconciliationOutcome }) {
  const { t } = useTranslation('reconciliation');
  return (
    <Badge variant="light" color={look[outcome].color} radius="sm" tt="none" styles={{ label: { color: look[outcome].text } }}>
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}
