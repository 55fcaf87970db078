/**
 * The menu of the acting user (spec section 6 via `menuItems()` of @portal/domain), the item
 * and sub-link that match the current route, and the Alt+1..9 shortcuts.
 */
import { type MenuItem, menuItems, type SessionStatus } from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuContextOf } from '../../features/session/menu-context';

/** The path under /app of a pathname ("/app/orders/12" -> "orders/12"). */
export function appPath(pathname: string): string {
  return pathname.replace(/^\/app\/?/, '').replace(/\/+$/, '');
}

function covers(path: string, current: string): boolean {
  return current === path || current.startsWith(`${path}/`);
}

/** The menu item whose area contains `current`, and its best-matching sub-link. */
export function activeMenuEntry(items: readonly MenuItem[], current: string) {
  const item = items.find((i) => covers(i.path, current) || i.children.some((c) => covers(c.path, current)));
  const child = item?.children.filter((c) => covers(c.path, current)).sort((a, b) => b.path.length - a.path.length)[0];
  return { item, child };
}

/** Menu items of the session and the active entry of the current route. */
export function useMenu(status: SessionStatus) {
  const { pathname } = useLocation();
  const items = useMemo(() => menuItems(menuContextOf(status)), [status]);
  const current = appPath(pathname);
  return { items, current, ...activeMenuEntry(items, current) };
}

/** Alt+1..9 (digit row or keypad, any keyboard layout) opens the item with that number. */
export function useMenuShortcuts(items: readonly MenuItem[], disabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (disabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
      const item = match && items.find((i) => i.number === Number(match[1]));
      if (!item) return;
      event.preventDefault();
      navigate(`/app/${item.path}`);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [items, disabled, navigate]);
}
