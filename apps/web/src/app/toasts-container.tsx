/**
 * The toasts' container, in the shell's popups' chunk (app/shell/shell-popups.ts): mounted by
 * `Toasts` (toasts.tsx) when the first toast is asked for.
 */
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from './toasts';

/** The app-wide toast container, bottom-right. */
export function ToastsContainer() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />;
}
