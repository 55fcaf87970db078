/**
 * The menu (spec section 2 "Shell", section 6): numbered links with their Alt+number shortcut
 * and disagreement badges; on small screens (< 768 px) a select list instead, on a line of its
 * own when its page's name and the tools do not fit side by side; the active item's sub-links
 * (its section) as a second row.
 */
import { Box, Button, Container, Group, NativeSelect } from '@mantine/core';
import type { MenuItem } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import type { DisagreementCounts } from './disagreements';
import classes from './shell.module.css';

interface MenuRowProps {
  items: MenuItem[];
  active: MenuItem | undefined;
  activeChild: MenuItem['children'][number] | undefined;
  current: string;
  badges: DisagreementCounts | undefined;
  /** Support cases waiting to be taken (provider staff; the Support badge, issue 10). */
  newCases?: number;
  /** Disputes waiting for the user's side (the Reports badge, issue 22). */
  disputes?: number;
  /** Help, alerts and the menu dropdown, shown at the end of the row. */
  tools: ReactNode;
}

function badgeOf(item: MenuItem, badges: DisagreementCounts | undefined): number {
  if (!badges) return 0;
  return item.key === 'delivery' || item.key === 'expedition' || item.key === 'reception' ? badges[item.key] : 0;
}

function MenuLink({ item, active, count, label }: { item: MenuItem; active: boolean; count: number; label?: string }) {
  const { t } = useTranslation('shell');
  return (
    <Button
      component={Link}
      to={`/app/${item.path}`}
      variant={active ? 'filled' : 'subtle'}
      size="compact-sm"
      fz="sm"
      aria-current={active ? 'page' : undefined}
      aria-keyshortcuts={`Alt+${item.number}`}
      leftSection={
        <span className={classes.shortcut} aria-hidden>
          {item.number}
        </span>
      }
      rightSection={count > 0 ? <CountBadge count={count} label={label ?? t('badges.notAgreed', { count })} /> : undefined}
    >
      {t(item.labelKey)}
    </Button>
  );
}

/** The menu row, its small-screen select and the active section's links. */
export function MenuRow({ items, active, activeChild, current, badges, newCases = 0, disputes = 0, tools }: MenuRowProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const options = items.flatMap((item) => [
    { value: item.path, label: `${item.number}. ${t(item.labelKey)}` },
    ...item.children.filter((c) => c.path !== item.path).map((c) => ({ value: c.path, label: `\u2003${t(c.labelKey)}` })),
  ]);
  const selected = activeChild?.path ?? active?.path ?? '';
  return (
    <>
      <Box className={classes.menuBand}>
        <Container size="xl" py={6}>
          <Group justify="space-between" gap="sm" className={classes.menuRow}>
            <Box component="nav" aria-label={t('menu.label')} visibleFrom="sm">
              <ul className={classes.list}>
                {items.map((item) => (
                  <li key={item.key}>
                    {item.key === 'support' ? (
                      <MenuLink item={item} active={item === active} count={newCases} label={t('badges.newCases', { count: newCases })} />
                    ) : item.key === 'reports' ? (
                      <MenuLink item={item} active={item === active} count={disputes} label={t('badges.disputes', { count: disputes })} />
                    ) : (
                      <MenuLink item={item} active={item === active} count={badgeOf(item, badges)} />
                    )}
                  </li>
                ))}
              </ul>
            </Box>
            <Box hiddenFrom="sm" className={classes.menuSelect}>
              <NativeSelect
                label={t('menu.label')}
                labelProps={{ className: 'visually-hidden' }}
                value={options.some((o) => o.value === selected) ? selected : ''}
                data={selected ? options : [{ value: '', label: t('menu.choose') }, ...options]}
                onChange={(event) => event.currentTarget.value && navigate(`/app/${event.currentTarget.value}`)}
              />
            </Box>
            <Group gap={6} wrap="nowrap" ml="auto">
              {tools}
            </Group>
          </Group>
        </Container>
      </Box>
      {active && active.children.length > 0 && (
        <Box className={classes.sectionBand} visibleFrom="sm">
          <Container size="xl" py={4}>
            <nav aria-label={t('menu.section', { name: t(active.labelKey) })}>
              <ul className={classes.list}>
                {active.children.map((child) => {
                  const isCurrent = child === activeChild || (!activeChild && child.path === current);
                  return (
                    <li key={child.path}>
                      <Button
                        component={Link}
                        to={`/app/${child.path}`}
                        size="compact-sm"
                        variant={isCurrent ? 'light' : 'subtle'}
                        aria-current={isCurrent ? 'page' : undefined}
                      >
                        {t(child.labelKey)}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </Container>
        </Box>
      )}
    </>
  );
}
