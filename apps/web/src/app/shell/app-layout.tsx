/**
 * The /app area: the session (not ready until the initial data loads), date-picker locale,
 * toasts, and the shell: header with top bar and menu, the main landmark, the must-read guard.
 * The shell's popups (menu dropdown, alerts, help tooltip, must-read dialog, toasts) load on
 * first use (shell-popups.ts).
 * Loads the Mantine styles of the shell and the start page (shell-styles.ts); the entry carries
 * those of the public screens, and every other screen loads the full stylesheet before it is
 * drawn (full-styles.ts, router.tsx).
 */
import './shell-styles';
import { Box, Container } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatches } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { menuContextOf } from '../../features/session/menu-context';
import { SessionProvider } from '../../features/session/session-provider';
import { useSession } from '../../features/session/use-session';
import { dayjsLocaleOf, loadDayjsLocale } from '../../i18n';
import { api } from '../../lib/api';
import { loadOnFirstInteraction, whenIdle } from '../../lib/first-use';
import { Toasts } from '../toasts';
import { AlertsBell } from './alerts-bell';
import { countDisagreements, disagreementsQuery, isDisagreementArea } from './disagreements';
import { HelpLink } from './help-link';
import { isOfferedPath } from './menu-guard';
import { MenuRow } from './menu-row';
import { MustReadGuard, useBlocking } from './must-read-guard';
import classes from './shell.module.css';
import { shellPopups } from './shell-popups';
import { TopBar } from './top-bar';
import { useMenu, useMenuShortcuts } from './use-menu';
import { UserMenu } from './user-menu';

function Shell() {
  const { status } = useSession();
  const menu = useMenu(status);
  const blocked = !!useBlocking();
  const locationId = status.location?.id ?? null;
  // The badges belong to Delivery, Reception and Expedition: a menu without them polls nothing.
  const hasBadges = menu.items.some((item) => isDisagreementArea(item.key));
  const badges = useQuery({
    ...disagreementsQuery(locationId, hasBadges),
    select: (answer) => countDisagreements(answer.items, locationId),
  });
  // Provider staff see the new support cases waiting to be taken on Support (issue 10).
  const newCases = useQuery({
    queryKey: ['support', 'count'],
    queryFn: ({ signal }) => api<{ newCount: number }>('GET', 'SupportTicketCount', { signal }),
    select: (answer) => answer.newCount,
    refetchInterval: 30_000,
    staleTime: 30_000,
    enabled: status.isProvider,
  });
  // Disputes waiting for the user's side (issue 22, docs/disputes.md): the Reports badge.
  const disputes = useQuery({
    queryKey: ['disputes', 'list', 'waitingForMe'],
    queryFn: ({ signal }) => api<unknown[]>('GET', 'Disputes?list=waitingForMe', { signal }),
    select: (answer) => answer.length,
    refetchInterval: 60_000,
    staleTime: 30_000,
    enabled: menu.items.some((item) => item.key === 'reports'),
  });
  useMenuShortcuts(menu.items, blocked);
  // A page the menu does not offer (typed by hand, or left behind by a switch) opens the start page.
  const offered = isOfferedPath(menuContextOf(status), menu.current);
  // A page whose route says `handle.wide` (the report grids) takes the window's width, not the
  // shell's 1,320 px (issue 20: the grids hid their figures behind a sideways scroll on wide screens).
  const wide = useMatches().some((match) => (match.handle as { wide?: boolean } | undefined)?.wide);

  const tools = (
    <>
      <HelpLink />
      <AlertsBell />
      <UserMenu />
    </>
  );

  return (
    <>
      <Box component="header" className={classes.header}>
        <TopBar />
        <MenuRow
          items={menu.items}
          active={menu.item}
          activeChild={menu.child}
          current={menu.current}
          badges={badges.data}
          newCases={newCases.data}
          disputes={disputes.data}
          tools={tools}
        />
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size="xl" fluid={wide} py="lg">
        <Suspense fallback={<PageLoader />}>{offered ? <Outlet /> : <Navigate to="/app/home" replace />}</Suspense>
      </Container>
      <MustReadGuard />
    </>
  );
}

/** The layout route of /app: toasts, session, date-picker locale, shell. */
export function AppLayout() {
  const { i18n } = useTranslation();
  // The date pickers' locale (their screens come later) once the browser is idle, and the
  // shell's popups at the first interaction: not among the first screen's work (docs/performance.md).
  useEffect(() => {
    whenIdle(() => void loadDayjsLocale(i18n.language));
  }, [i18n.language]);
  useEffect(() => loadOnFirstInteraction(shellPopups), []);
  return (
    <>
      <Toasts />
      <SessionProvider>
        <DatesProvider settings={{ locale: dayjsLocaleOf(i18n.language), firstDayOfWeek: 1, weekendDays: [0, 6] }}>
          <Shell />
        </DatesProvider>
      </SessionProvider>
    </>
  );
}
