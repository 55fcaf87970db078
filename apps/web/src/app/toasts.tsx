/**
 * The toast container (spec section 4: "A toast closes after 10 s by default or manually"),
 * mounted by the /app layout. `notifications.show()` calls made before it mounts are kept by
 * the store and shown once it does. They sit bottom-right, so they never cover the top bar's
 * language picker and sign-out.
 */
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Toasts close after 10 s unless closed earlier (spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 10_000;

/** The app-wide toast container. */
export function Toasts() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />;
}
