/** The orders screens' toasts: the portal's shared ones (lib/notify.ts). */
export { notifyError, notifySuccess, TOAST_MS } from '../../../lib/notify';
