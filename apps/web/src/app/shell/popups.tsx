/**
 * The popups' chunk (shell-popups.ts): what the shell draws only once it is used. Loaded at the
 * user's first interaction with the page, or at the first use.
 */

export { ToastsContainer } from '../toasts-container';
export { AlertsPopover } from './alerts-popover';
export { HelpTooltip } from './help-tooltip';
export { MustReadModal } from './must-read-modal';
export { UserMenuPopup } from './user-menu-popup';
