/**
 * Routes of Support under /app (spec section 2: support/tickets/{id?}, support/settings): the case
 * list, one case and the answer templates. `support` alone opens the list. Each screen is its own
 * lazy chunk; its texts (namespace `support`) load with it.
 */
import { type RouteObject, redirect } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['support']);
  return null;
};

export const supportRoutes: RouteObject[] = [
  { path: 'support', loader: () => redirect('/app/support/tickets') },
  {
    path: 'support/tickets',
    handle: { title: 'support:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/SupportTicketsPage')).then((m) => ({ Component: m.SupportTicketsPage })),
  },
  {
    path: 'support/tickets/:id',
    handle: { title: 'support:detail.pageTitle' },
    loader,
    lazy: () => loadChunk(() => import('./components/SupportTicketPage')).then((m) => ({ Component: m.SupportTicketPage })),
  },
  {
    path: 'support/settings',
    handle: { title: 'support:settings.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/SupportSettingsPage')).then((m) => ({ Component: m.SupportSettingsPage })),
  },
];
