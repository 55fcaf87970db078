/**
 * The brand logo of the active theme (spec section 1: the login page and the shell choose
 * theme and logo from the host). Simple inline SVGs: a mark in the primary colour and the
 * brand name, so no image request is needed on the login page.
 */
import { useMantineTheme } from '@mantine/core';
import type { Theme } from '@portal/domain';

/** Brand names: the logo's text and accessible name (proper names, not translated). */
export const brandNames: Record<Theme, string> = {
  default: 'Nordpall',
  cma: 'CMA Pallets',
  ppa: 'PPA Pool',
  swa: 'SWA Wash',
};

function Mark({ theme, color }: { theme: Theme; color: string }) {
  switch (theme) {
    case 'cma': // stacked crates
      return (
        <g fill={color}>
          <rect x="4" y="22" width="14" height="10" rx="1.5" />
          <rect x="20" y="22" width="14" height="10" rx="1.5" />
          <rect x="12" y="10" width="14" height="10" rx="1.5" />
          <rect x="2" y="34" width="34" height="3" rx="1" />
        </g>
      );
    case 'ppa': // a closed loop: carriers return to the pool
      return (
        <g fill="none" stroke={color} strokeWidth="4" strokeLinecap="round">
          <path d="M30 14a13 13 0 1 0 3 10" />
          <path d="M30 6v9h-9" />
          <rect x="12" y="19" width="14" height="4" fill={color} stroke="none" />
        </g>
      );
    case 'swa': // a drop over a pallet
      return (
        <g fill={color}>
          <path d="M19 3c6 8 9 12.5 9 17a9 9 0 0 1-18 0c0-4.5 3-9 9-17z" />
          <rect x="3" y="32" width="32" height="3" rx="1" />
          <rect x="5" y="35" width="5" height="3" />
          <rect x="16.5" y="35" width="5" height="3" />
          <rect x="28" y="35" width="5" height="3" />
        </g>
      );
    default: // a pallet seen from the side
      return (
        <g fill={color}>
          <rect x="2" y="12" width="34" height="5" rx="1" />
          <rect x="2" y="20" width="34" height="5" rx="1" />
          <rect x="4" y="25" width="7" height="6" />
          <rect x="15.5" y="25" width="7" height="6" />
          <rect x="27" y="25" width="7" height="6" />
          <rect x="2" y="31" width="34" height="5" rx="1" />
        </g>
      );
  }
}

/** The brand name of the active theme: the logo's visible text. */
export function useBrandName(): string {
  const theme = useMantineTheme();
  return brandNames[(theme.other.brand ?? 'default') as Theme];
}

/** The logo of the active theme; `height` in pixels (the width follows). */
export function Logo({ height = 40 }: { height?: number }) {
  const theme = useMantineTheme();
  const brand = (theme.other.brand ?? 'default') as Theme;
  const name = brandNames[brand];
  const primary = theme.colors.brand?.[6] ?? '#1f5fae';
  const dark = theme.colors.brand?.[9] ?? '#0d3563';
  const width = Math.round((height * 190) / 40);
  return (
    <svg role="img" aria-label={name} width={width} height={height} viewBox="0 0 190 40" style={{ display: 'block' }}>
      <title>{name}</title>
      <Mark theme={brand} color={primary} />
      <text x="44" y="28" fill={dark} fontFamily="system-ui, Arial, sans-serif" fontSize="21" fontWeight="700">
        {name}
      </text>
    </svg>
  );
}
