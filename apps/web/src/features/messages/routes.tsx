/**
 * Routes of the Messages section under /app (spec section 2: messages/{id?}, articles/{id?},
 * guides/{id?}, system/{id?}; message/{id} redirects to messages/{id}, router.tsx). The layout
 * and each page are lazy chunks; the texts (namespace `news`) load with them. Static paths
 * (articles, guides, system) win over `:id`.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['news']);
  return null;
};

const listPage = () => loadChunk(() => import('./components/MessageListPage')).then((m) => ({ Component: m.MessageListPage }));
const messagePage = () => loadChunk(() => import('./components/MessagePage')).then((m) => ({ Component: m.MessagePage }));

/** The section: its layout with the four lists and their pages. */
export const messagesRoute: RouteObject = {
  path: 'messages',
  loader,
  lazy: () => loadChunk(() => import('./components/MessagesLayout')).then((m) => ({ Component: m.MessagesLayout })),
  children: [
    { index: true, handle: { title: 'news:lists.messages.title' }, lazy: listPage },
    ...(['articles', 'guides', 'system'] as const).flatMap((type) => [
      { path: type, handle: { title: `news:lists.${type}.title` }, lazy: listPage },
      { path: `${type}/:id`, handle: { title: `news:nav.${type}` }, lazy: messagePage },
    ]),
    { path: ':id', handle: { title: 'news:nav.messages' }, lazy: messagePage },
  ],
};
