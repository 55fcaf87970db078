/**
 * Routes of the balance confirmations (issue 22): Global > Confirmations under the Global
 * section's layout (`confirmations`, `confirmations/:id`; global admins), and the customer's link
 * in the public layout (`confirm/:token`, no sign-in). Each page its own lazy chunk; texts in the
 * `confirmations` namespace.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['confirmations']);
  return null;
};

/** The round's page also names the states of movement disputes (the `disputes` namespace). */
const roundLoader = () => {
  prefetchTexts(['confirmations', 'disputes']);
  return null;
};

/** Children of the Global section's layout. */
export const confirmationRoundsRoutes: RouteObject[] = [
  {
    path: 'confirmations',
    handle: { title: 'confirmations:rounds.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/ConfirmationRoundsPage')).then((m) => ({ Component: m.ConfirmationRoundsPage })),
  },
  {
    path: 'confirmations/:id',
    handle: { title: 'confirmations:round.title' },
    loader: roundLoader,
    lazy: () => loadChunk(() => import('./components/ConfirmationRoundPage')).then((m) => ({ Component: m.ConfirmationRoundPage })),
  },
];

/** The link's page also takes figures in the portal's number input (its texts in `orders`). */
const linkLoader = () => {
  prefetchTexts(['confirmations', 'orders']);
  return null;
};

/** The link's page in the public layout. */
export const confirmationLinkRoutes: RouteObject[] = [
  {
    path: 'confirm/:token',
    handle: { title: 'confirmations:link.pageTitle' },
    loader: linkLoader,
    lazy: () => loadChunk(() => import('./components/ConfirmationLinkPage')).then((m) => ({ Component: m.ConfirmationLinkPage })),
  },
];
