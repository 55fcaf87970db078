/**
 * The providers of the whole app: Mantine with the host's theme (light scheme: every theme's
 * contrast was checked for it), TanStack Query and the router. Toasts are mounted by
 * the /app layout, where they are used (inside the router, so links work in them); the public
 * screens show their messages inline, which keeps the login page's first load small.
 */
import { MantineProvider } from '@mantine/core';
import type { Theme } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from '../components/page-loader';
import { setUnauthorizedHandler, tokenStore } from '../lib/api';
import { loginUrlReturningTo } from '../lib/return-path';
import { queryClient } from './query-client';
import { router } from './router';
import { mantineTheme } from './themes';

/** Pages that need a token: a 401 there sends the user to sign in again. */
const signedInPages = /^\/(app|gdpr|agreement)(\/|\?|$)/;

// A 401 outside the login call (spec section 8): token removed, to the front page with returnUrl.
// Without a stored token the user has signed out already: nothing to do.
setUnauthorizedHandler(() => {
  if (!tokenStore.get()) return;
  tokenStore.clear();
  const here = window.location.pathname + window.location.search;
  if (!signedInPages.test(here)) return;
  queryClient.cancelQueries().finally(() => {
    queryClient.clear();
    void router.navigate(loginUrlReturningTo(here), { replace: true });
  });
});

/** The whole app in the brand theme of the host. */
export function App({ theme }: { theme: Theme }) {
  const mantine = useMemo(() => mantineTheme(theme), [theme]);
  return (
    <MantineProvider theme={mantine} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader minHeight="100vh" />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
