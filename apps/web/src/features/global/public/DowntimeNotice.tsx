/**
 * The public area's notices of issue 10 (docs/global.md): the downtime text of spec section 8
 * ("We're closed for upgrades - Please try again on Monday at 10 am!") with the real reopening
 * day and time in the visitor's language and the portal's time zone (Europe/Oslo), or the
 * planned window ahead of it; and the old-page notice of spec section 2 for a host the portal
 * has no configuration for, linking to the portal's own address. Texts: namespace `log`,
 * loaded only when a notice shows.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { IconCalendarTime, IconExternalLink, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { reopeningParams } from '../../../../../../packages/domain/src/downtime';

/** The window in force (`active`) or ahead (`planned`), as GET Status names it. */
export function DowntimeNotice({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  const { t, i18n } = useTranslation('log');
  const active = Date.parse(startsAt) <= Date.now();
  const end = reopeningParams(i18n.language, endsAt);
  if (active)
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconTool aria-hidden />}
        title={t('public.closedTitle')}
        role="alert"
        maw={640}
        mx="auto"
        mb="lg"
        // The light variant's orange title is too pale on its background (WCAG 1.4.3).
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text size="sm" fw={600}>
          {t('public.closedText', end)}
        </Text>
        <Text size="xs" c="gray.8" mt={4}>
          {t('public.adminHint')}
        </Text>
      </Alert>
    );
  const start = reopeningParams(i18n.language, startsAt);
  return (
    <Alert color="blue" variant="light" icon={<IconCalendarTime aria-hidden />} maw={640} mx="auto" mb="lg">
      <Text size="sm">{t('public.plannedText', { ...end, startDay: start.day, startTime: start.time })}</Text>
    </Alert>
  );
}

/** A host without configuration: the old-page notice with the link to the portal's own address. */
export function OldPageNotice({ portalUrl }: { portalUrl: string }) {
  const { t } = useTranslation('log');
  return (
    <Alert color="blue" variant="light" title={t('public.oldTitle')} maw={640} mx="auto" mt="xl">
      <Text size="sm">{t('public.oldText')}</Text>
      <Anchor href={portalUrl} size="sm" fw={600} mt="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        {t('public.oldLink')}
        <IconExternalLink size={14} aria-hidden />
      </Anchor>
    </Alert>
  );
}
