/** A log row's level as a coloured badge with its word (never colour alone). */
import { Badge } from '@mantine/core';
import type { LogLevel } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<LogLevel, string> = { info: 'gray', warn: 'orange', error: 'red' };

export function LevelBadge({ level }: { level: LogLevel }) {
  const { t } = useTranslation('log');
  return (
    <Badge color={colors[level]} variant="light" size="sm" c={level === 'info' ? 'gray.8' : level === 'warn' ? 'orange.9' : 'red.9'}>
      {t(`log.levels.${level}`)}
    </Badge>
  );
}
