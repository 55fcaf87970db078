/**
 * The alerts bell (spec section 2 "Shell", section 4): unread count, a popup of at most 24rem
 * height; a click marks the alert read and opens the order for order alerts. The popup is in the
 * popups' chunk (alerts-popover.tsx, shell-popups.ts): until the bell is first used, this draws
 * the bell with its count alone (docs/performance.md).
 */
import { ActionIcon, type ActionIconProps, Indicator } from '@mantine/core';
import type { Alert } from '@portal/domain';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstUse } from '../../lib/first-use';
import { alertsQuery } from './alerts';
import { shellPopups, standInHandlers } from './shell-popups';

/**
 * The title of an alert. Order alerts arrive with a key as title: `order.status.<id>` (text
 * `#<order id>`), shown as "Order <id>: <status label>", or `order.comment` (text: author and
 * comment), shown as "New comment on order <id>".
 */
export function useAlertTitle() {
  const { t } = useTranslation('shell');
  return (alert: Alert) => {
    if (alert.title === 'order.comment') return t('alerts.orderComment', { id: alert.sourceId });
    const status = /^order\.status\.(\d+)$/.exec(alert.title);
    if (!status) return alert.title;
    return t('alerts.orderStatus', { id: alert.sourceId ?? alert.text.replace(/^#/, ''), status: t(`common:status.${status[1]}`) });
  };
}

/**
 * The bell's count around `children` (the bell). The count sits on the button, not in it: the
 * button hides what overflows its box. The button's name says the count, so the badge's number
 * is hidden from screen readers.
 */
export function BellCount({ unread, children }: { unread: number; children: ReactNode }) {
  return (
    <Indicator label={<span aria-hidden>{unread}</span>} size={18} color="red" disabled={unread === 0} offset={4}>
      {children}
    </Indicator>
  );
}

/** The bell's button, named with the unread count: the same in the stand-in and in the popup. */
export function BellButton({ unread, ...props }: { unread: number } & ActionIconProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={t('alerts.label', { count: unread })} {...props}>
      <IconBell aria-hidden />
    </ActionIcon>
  );
}

/** The bell: its count and button, then, from the first use on, with its popup. */
export function AlertsBell() {
  const alerts = useQuery(alertsQuery);
  const popups = useFirstUse(shellPopups);
  const list = alerts.data ?? [];
  const unread = list.filter((a) => !a.data.read).length;
  if (popups.module) return <popups.module.AlertsPopover list={list} unread={unread} how={popups.how} />;
  return (
    <BellCount unread={unread}>
      <BellButton unread={unread} aria-haspopup="dialog" aria-expanded={false} {...standInHandlers(popups.use)} />
    </BellCount>
  );
}
