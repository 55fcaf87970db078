/** Toasts of every screen (spec section 4: a toast closes after 10 s or manually). */
import { notifications } from '@mantine/notifications';

/** How long a toast stays (spec section 9, "toast 10 s"). */
export const TOAST_MS = 10_000;

/** A negative notification with the server's reason. */
export function notifyError(title: string, message: string) {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}

/** A positive notification. */
export function notifySuccess(message: string, title?: string) {
  notifications.show({
    color: 'green',
    title,
    message,
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}
