/**
 * Must-read alerts and must-read messages block the UI with a modal until marked read (spec
 * section 4; issue 10 for messages), except on routes under /app/messages, /app/api and
 * /app/global, and only when the acting user is the signed-in user. Alerts come first; a
 * message's text is Markdown, rendered sanitised by a renderer loaded only when one is shown.
 * The dialog is in the popups' chunk (must-read-modal.tsx, shell-popups.ts), loaded when
 * something blocks (docs/performance.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { mustReadMessagesQuery, unreadMustRead } from '../../features/messages/api/get-must-read-messages';
import { useSession } from '../../features/session/use-session';
import { useFirstUse } from '../../lib/first-use';
import { alertsQuery, isMustReadExempt, mustReadAlerts } from './alerts';
import { useAlertTitle } from './alerts-bell';
import { shellPopups } from './shell-popups';

/** What blocks the current route: a must-read alert or message, if any. */
export interface Blocking {
  kind: 'alert' | 'message';
  id: number;
  title: string;
  /** Plain text (an alert) or Markdown (a message). */
  text: string;
}

/** The first must-read alert, else message, that blocks the current route, if any. */
export function useBlocking(): Blocking | undefined {
  const { actingAsOther } = useSession();
  const { pathname } = useLocation();
  const titleOf = useAlertTitle();
  const alerts = useQuery(alertsQuery);
  const messages = useQuery(mustReadMessagesQuery);
  if (actingAsOther || isMustReadExempt(pathname)) return undefined;
  const alert = mustReadAlerts(alerts.data ?? [])[0];
  if (alert) return { kind: 'alert', id: alert.id, title: titleOf(alert), text: alert.text };
  const message = unreadMustRead(messages.data ?? [])[0];
  if (message) return { kind: 'message', id: message.id, title: message.title, text: message.text };
  return undefined;
}

/** The blocking dialog when something must be read (its chunk loaded then); else nothing. */
export function MustReadGuard() {
  const blocking = useBlocking();
  const popups = useFirstUse(shellPopups);
  const { use } = popups;
  useEffect(() => {
    if (blocking) use('press');
  }, [blocking, use]);
  return popups.module ? <popups.module.MustReadModal blocking={blocking} /> : null;
}
