/**
 * The Messages section (spec section 2: messages/{id?}, articles/{id?}, guides/{id?},
 * system/{id?}): which message type a page under /app/messages lists, its address, and the route
 * the help icon asks guides for.
 */
import type { MessageType } from '@portal/domain';

/** The section's lists: path under /app and the message type each shows. */
export const messageSections = [
  { path: 'messages', type: 'messages' },
  { path: 'messages/articles', type: 'articles' },
  { path: 'messages/guides', type: 'guides' },
  { path: 'messages/system', type: 'system' },
] as const satisfies readonly { path: string; type: MessageType }[];

export type SectionType = (typeof messageSections)[number]['type'];

/** The type of the list or message page at `pathname` ("/app/messages/guides/4" -> guides). */
export function sectionTypeOf(pathname: string): SectionType {
  const part = pathname.replace(/^\/app\/messages\/?/, '').split('/')[0];
  return part === 'articles' || part === 'guides' || part === 'system' ? part : 'messages';
}

/** The list page of `type` under /app ("/app/messages/guides"; messages: "/app/messages"). */
export function sectionPath(type: SectionType): string {
  return `/app/${messageSections.find((section) => section.type === type)?.path ?? 'messages'}`;
}

/** A message's page ("/app/messages/guides/4"). */
export function messagePath(type: string, id: number): string {
  const section = messageSections.find((s) => s.type === type);
  return `${section ? `/app/${section.path}` : '/app/messages'}/${id}`;
}

/**
 * Where the help icon leads from `pathname`: the guides of the current route (its path under
 * /app, e.g. "orders/12"); from the Messages section itself, all guides.
 */
export function helpPath(pathname: string): string {
  const route = pathname.replace(/^\/app\/?/, '').replace(/\/+$/, '');
  if (!route || /^messages(\/|$)/.test(route)) return '/app/messages/guides';
  return `/app/messages/guides?route=${encodeURIComponent(route)}`;
}
