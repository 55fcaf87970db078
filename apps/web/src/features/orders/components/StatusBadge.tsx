/**
 * An order status as its translated label with a colour dot (spec section 4). A not-agreed
 * order (6) also carries a red disagreement badge; `compact` (the grid) shows the badge as an
 * icon whose text is still read out. The colour is never the only cue: the label is text.
 */
import { Badge, Box, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isNotAgreed, statusColor } from '../lib/status';

interface StatusBadgeProps {
  statusId: number;
  /** Icon-only disagreement badge, for narrow grid cells. */
  compact?: boolean;
}

/** The status label, its colour dot, and the disagreement badge for status 6. */
export function StatusBadge({ statusId, compact = false }: StatusBadgeProps) {
  const { t } = useTranslation(['orders', 'messages']);
  const disagreement = t('status.disagreement');
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <Box
        component="span"
        aria-hidden
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: `var(--mantine-color-${statusColor[statusId] ?? 'gray'}-7)`,
        }}
      />
      <Text span size="sm" truncate>
        {t(`status.${statusId}`, { ns: 'messages' })}
      </Text>
      {isNotAgreed(statusId) &&
        (compact ? (
          <Tooltip label={disagreement} withArrow>
            <Badge color="red.7" size="sm" radius="sm" px={4} style={{ flex: 'none' }}>
              <IconAlertTriangle size={12} aria-hidden style={{ display: 'block' }} />
              <VisuallyHidden>{disagreement}</VisuallyHidden>
            </Badge>
          </Tooltip>
        ) : (
          <Badge color="red.7" radius="sm" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
            {disagreement}
          </Badge>
        ))}
    </Group>
  );
}
