/** Toasts of the orders screens: the portal's toasts (lib/notify.ts). */
export { notifyError, notifySuccess, TOAST_MS } from '../../../lib/notify';
