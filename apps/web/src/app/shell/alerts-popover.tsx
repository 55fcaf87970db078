/**
 * The alerts' popup (spec section 4), in the popups' chunk (alerts-bell.tsx draws the bell until
 * its first use): the list, newest first, in at most 24rem; a click marks the alert read and
 * opens its target.
 */
import { Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Alert } from '@portal/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type FirstUseProps, useTakeOver } from '../../lib/first-use';
import { useFormat } from '../../lib/format';
import { useMarkAlertRead } from './alerts';
import { BellButton, BellCount, useAlertTitle } from './alerts-bell';
import classes from './shell.module.css';

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

/** The bell with its popup: opens at once when its stand-in was pressed; the button takes the focus the stand-in had. */
export function AlertsPopover({ list, unread, how }: { list: Alert[]; unread: number } & FirstUseProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const markRead = useMarkAlertRead();
  useTakeOver(how, target, () => setOpened(true));

  const open = (alert: Alert) => {
    setOpened(false);
    if (!alert.data.read) markRead.mutate(alert.id);
    if (alert.target) navigate(`/app/${alert.target}`);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus returnFocus>
      <BellCount unread={unread}>
        <Popover.Target>
          <BellButton ref={target} unread={unread} onClick={() => setOpened((o) => !o)} />
        </Popover.Target>
      </BellCount>
      <Popover.Dropdown p={4} aria-label={t('alerts.title')}>
        <ScrollArea.Autosize mah="24rem" type="auto">
          <AlertList list={list} onOpen={open} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
