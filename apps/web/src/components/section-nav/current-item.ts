/** Which page of a section the current address belongs to (SectionNav). */

/** One page of the section: its path under /app, its label, and an optional badge. */
export interface SectionNavItem {
  path: string;
  label: string;
  badge?: { count: number; label: string };
}

/** The item the current address belongs to: the one with the longest path that covers it. */
export function currentSectionItem(items: readonly SectionNavItem[], pathname: string): SectionNavItem | undefined {
  const current = pathname.replace(/^\/app\/?/, '').replace(/\/+$/, '');
  return items
    .filter((item) => current === item.path || current.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
