/**
 * The public password pages (issue 9): /forgot-password and /reset-password?token=, lazy
 * chunks of their own under the public layout, their texts loading beside the chunk.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const textsLoader = () => {
  prefetchTexts(['accounts']);
  return null;
};

/** Routes for the public layout's children. */
export const accountsPublicRoutes: RouteObject[] = [
  {
    path: 'forgot-password',
    handle: { title: 'titles.forgotPassword' },
    loader: textsLoader,
    lazy: async () => ({ Component: (await loadChunk(() => import('./components/ForgotPasswordPage'))).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    handle: { title: 'titles.resetPassword' },
    loader: textsLoader,
    lazy: async () => ({ Component: (await loadChunk(() => import('./components/ResetPasswordPage'))).ResetPasswordPage }),
  },
];
