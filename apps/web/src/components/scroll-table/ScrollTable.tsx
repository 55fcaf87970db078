/**
 * A box that scrolls a table sideways when the window is narrower than `minWidth` (a phone), as a
 * named region in the tab order, so a keyboard user can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable, which Mantine's default ScrollArea container fails on a phone).
 * Native scrolling: the browser's own scrollbar and touch scrolling.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ScrollTableProps {
  /** The table's least width (px) before the box scrolls. */
  minWidth: number;
  /** The region's accessible name (usually the table's caption). */
  label: string;
  children: ReactNode;
}

/** The scroll box around a table; see the file comment. */
export function ScrollTable({ minWidth, label, children }: ScrollTableProps) {
  return (
    // Positioned, so a visually hidden caption or header (absolutely placed) stays inside the box
    // that scrolls instead of widening the page.
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label} style={{ position: 'relative' }}>
      {children}
    </Table.ScrollContainer>
  );
}
