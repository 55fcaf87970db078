/**
 * Alert titles in the portal's text colours (global.css): Mantine's light orange and green
 * alert titles fall below WCAG's 4.5:1 on their tinted background.
 */
export const titleColor = {
  warning: { title: { color: 'var(--portal-text-warning)' } },
  ok: { title: { color: 'var(--portal-text-ok)' } },
  danger: { title: { color: 'var(--portal-text-danger)' } },
} as const;
