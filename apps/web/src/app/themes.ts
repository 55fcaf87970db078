/**
 * The four brand themes (spec section 1: default, cma, ppa, swa; chosen by host). Each has its
 * own primary palette and logo. Every palette was checked for WCAG 2.2 AA: shade 6 (filled
 * buttons, links, the light-variant text) has at least 4.5:1 against white, against the gray-0
 * menu band and against its own 10 % tint; gray 6 (dimmed text) and red 6 (errors) were
 * darkened for the same reason (Mantine's defaults are 3.3:1).
 */
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { Theme } from '@portal/domain';

const palettes: Record<Theme, MantineColorsTuple> = {
  default: ['#e8f1fb', '#d0e2f6', '#a3c5ec', '#72a6e1', '#4a8bd7', '#2f78cf', '#1f5fae', '#1a5296', '#14457f', '#0d3563'],
  cma: ['#fdf0e7', '#f9dcc8', '#f1b78f', '#e98f53', '#e27226', '#d8600f', '#a84300', '#913a00', '#7a3000', '#5e2500'],
  ppa: ['#f3eefb', '#e2d8f4', '#c3afe8', '#a283dc', '#875fd2', '#7649cb', '#5d36a8', '#512f93', '#45287d', '#361f62'],
  swa: ['#e3f7f6', '#c7ebe9', '#8fd6d2', '#55c0ba', '#2aaca5', '#129e97', '#086c67', '#075e5a', '#075955', '#054441'],
};

const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5c636a',
  '#495057',
  '#343a40',
  '#212529',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#962020',
  '#7d1a1a',
];

/** The Mantine theme of a brand. */
export function mantineTheme(theme: Theme): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: palettes[theme], gray, red },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'sm',
    focusRing: 'auto',
    cursorType: 'pointer',
    // No sliding or fading for users who ask the system for less motion.
    respectReducedMotion: true,
    other: { brand: theme },
  });
}
