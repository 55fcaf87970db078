/**
 * Routes of Global > Publishing under /app/global (global admins; docs/messages.md): the list of
 * messages (publishing), a new message (publishing/new) and one message (publishing/{id}).
 * Each screen is a lazy chunk; its texts (namespace `publishing`, and `orders` for the date
 * picker's labels) load with it. The static path publishing/new wins over publishing/:id.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../../i18n';
import { loadChunk } from '../../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['publishing', 'global', 'orders']);
  return null;
};

const editor = () => loadChunk(() => import('./components/MessageEditorPage')).then((m) => ({ Component: m.MessageEditorPage }));

export const publishingRoutes: RouteObject[] = [
  {
    path: 'publishing',
    handle: { title: 'publishing:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/PublishingPage')).then((m) => ({ Component: m.PublishingPage })),
  },
  { path: 'publishing/new', handle: { title: 'publishing:editor.newTitle' }, loader, lazy: editor },
  { path: 'publishing/:id', handle: { title: 'publishing:editor.editTitle' }, loader, lazy: editor },
];
