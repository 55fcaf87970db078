/**
 * The statement under /app (issue 22): `statements?location=&from=&to=`, in the Reports menu
 * beside the balance and, like it, open to every user for the locations of their scope (the
 * server answers 404 for any other). Its own lazy chunk; `handle.title` is the page title's key.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

export const statementRoutes: RouteObject[] = [
  {
    path: 'statements',
    handle: { title: 'statements:title' },
    loader: () => {
      prefetchTexts(['statements', 'balance', 'reports']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/StatementPage')).then((m) => ({ Component: m.StatementPage })),
  },
];
