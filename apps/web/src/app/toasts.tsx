/**
 * The toasts (spec section 4: "A toast closes after 10 s by default or manually"), for the /app
 * layout. `notifications.show()` calls are kept by Mantine's store; the container, with its
 * transitions and styles, is in the shell's popups' chunk (toasts-container.tsx) and is mounted
 * when the first toast is asked for, which then shows (docs/performance.md). Toasts sit
 * bottom-right, so they never cover the top bar's language picker and sign-out.
 */
import { useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useFirstUse } from '../lib/first-use';
import { shellPopups } from './shell/shell-popups';

/** Toasts close after 10 s unless closed earlier (spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 10_000;

/** The app-wide toasts: nothing until the first one is asked for, then the container. */
export function Toasts() {
  const state = useNotifications();
  const popups = useFirstUse(shellPopups);
  const { use } = popups;
  const asked = state.notifications.length > 0 || state.queue.length > 0;
  useEffect(() => {
    if (asked) use('press');
  }, [asked, use]);
  return popups.module ? <popups.module.ToastsContainer /> : null;
}
