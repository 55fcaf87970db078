/**
 * Routes of My company's Company and Users pages under /app/company (spec section 2: company
 * index, users). Each screen is its own lazy chunk, loaded with the 120 s chunk time-out; its
 * texts (namespace `companyUsers`) load with it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['companyUsers']);
  return null;
};

/** The Company page: the index route of /app/company. */
export const companyIndexRoute: RouteObject = {
  index: true,
  handle: { title: 'shell:menu.companySection' },
  // The page's statement mailing card (features/statements) has texts of its own.
  loader: () => {
    prefetchTexts(['companyUsers', 'statements']);
    return null;
  },
  lazy: () => loadChunk(() => import('./components/CompanyPage')).then((m) => ({ Component: m.CompanyPage })),
};

/** The Users page: /app/company/users. */
export const companyUsersRoute: RouteObject = {
  path: 'users',
  handle: { title: 'shell:menu.companyUsers' },
  loader,
  lazy: () => loadChunk(() => import('./components/UsersPage')).then((m) => ({ Component: m.UsersPage })),
};
