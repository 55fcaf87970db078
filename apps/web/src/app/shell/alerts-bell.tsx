/**
 * The alerts bell (spec section 2 "Shell", section 4): unread count, a popup of at most 24rem
 * height; a click marks the alert read and opens the order for order alerts.
 */
import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Alert } from '@portal/domain';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../lib/format';
import { alertsQuery, useMarkAlertRead } from './alerts';
import classes from './shell.module.css';

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
 * The alerts of the popup. A component of its own, so its rows (up to 100, each with a formatted
 * time) are built only while the popup is open, not on every render of the shell
 * (docs/performance.md).
 */
function AlertList({ list, onOpen }: { list: Alert[]; onOpen: (alert: Alert) => void }) {
  const { t } = useTranslation('shell');
  const format = useFormat();
  const titleOf = useAlertTitle();
  if (list.length === 0)
    return (
      <Text size="sm" p="sm">
        {t('alerts.none')}
      </Text>
    );
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {list.map((alert) => (
        <li key={alert.id}>
          {/* Spans, not paragraphs: a button holds phrasing content, and a bold first line is no heading. */}
          <UnstyledButton className={classes.alertRow} onClick={() => onOpen(alert)}>
            <Text span display="block" size="sm" fw={alert.data.read ? 400 : 700}>
              {titleOf(alert)}
              {!alert.data.read && <span className="visually-hidden"> ({t('alerts.unread')})</span>}
            </Text>
            <Text span size="xs" lineClamp={2}>
              {alert.text}
            </Text>
            <Text span display="block" size="xs" c="dimmed">
              {format.dateTime(alert.createdAt)}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/** The bell with its popup. */
export function AlertsBell() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const alerts = useQuery(alertsQuery);
  const markRead = useMarkAlertRead();
  const list = alerts.data ?? [];
  const unread = list.filter((a) => !a.data.read).length;

  const open = (alert: Alert) => {
    setOpened(false);
    if (!alert.data.read) markRead.mutate(alert.id);
    if (alert.target) navigate(`/app/${alert.target}`);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus returnFocus>
      {/* The count sits on the button, not in it: the button hides what overflows its box. The
          button's name says the count, so the badge's number is hidden from screen readers. */}
      <Indicator label={<span aria-hidden>{unread}</span>} size={18} color="red" disabled={unread === 0} offset={4}>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('alerts.label', { count: unread })} onClick={() => setOpened((o) => !o)}>
            <IconBell aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={4} aria-label={t('alerts.title')}>
        <ScrollArea.Autosize mah="24rem" type="auto">
          <AlertList list={list} onOpen={open} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
