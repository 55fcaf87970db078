/**
 * Routes of the portal (spec section 2, "Screens and routes"). The login page and its public
 * layout are part of the entry, so the front door needs no second round trip; every other
 * screen is a lazy chunk (loaded through `loadChunk`: 120 s time-out, load errors to the error
 * boundary), so the login page loads only what it shows. Loaders start the calls and texts a
 * screen will need (`*-loaders.ts`, `prefetchTexts`) without waiting for them, in parallel
 * with its chunk (docs/performance.md). A route names its page title with `handle: { title }`.
 * Feature folders export their route objects (orders: `ordersRoutes`, mounted under /app).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { ordersRoutes } from '../features/orders/routes';
import { LoginPage } from '../features/public/login-page';
import { PublicLayout } from '../features/public/public-layout';
import { loginLoader, publicLayoutLoader } from '../features/public/public-loaders';
import { appLoader } from '../features/session/session-loader';
import { prefetchTexts } from '../i18n';
import { loadChunk } from '../lib/chunk-load';
import { requireToken } from './require-token';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** A route `lazy` function that loads one component of a module as the route's Component. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

/** Throws `error` while rendering, for the route's error boundary. */
function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

/**
 * Lets a failed lazy chunk reach the error boundary. React Router keeps a route whose `lazy`
 * rejected marked as still loading and renders nothing below its parent; resolving instead
 * with a component that throws the error makes the nearest `ErrorBoundary` show the load
 * error. Applied to every route, the feature folders' ones included.
 */
function surfaceChunkErrors(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const lazy = route.lazy;
    const guarded = { ...route } as RouteObject & { children?: RouteObject[] };
    if (typeof lazy === 'function') {
      guarded.lazy = (async (...args: Parameters<typeof lazy>) => {
        try {
          return await lazy(...args);
        } catch (error) {
          return { element: <Rethrow error={error} /> };
        }
      }) as typeof lazy;
    }
    if (route.children) guarded.children = surfaceChunkErrors(route.children);
    return guarded;
  });
}

const publicNotice = page(
  () => import('../features/public/unavailable-page'),
  (m) => m.UnavailablePage,
);

/** Public screens the portal does not offer yet: they show a translated notice. */
const noticeRoutes: RouteObject[] = [
  ['forgot-password', 'titles.forgotPassword'],
  ['reset-password', 'titles.resetPassword'],
  ['new-customer', 'titles.newCustomer'],
  ['visitors', 'titles.visitors'],
  ['environment-calculator', 'titles.environmentCalculator'],
  ['construction-waste-calculator', 'titles.constructionWasteCalculator'],
].map(([path, title]) => ({ path, handle: { title }, lazy: publicNotice }));

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first route's lazy chunks and loaders run.
    HydrateFallback: () => <PageLoader minHeight="100vh" />,
    children: [
      {
        path: '/',
        loader: publicLayoutLoader,
        Component: PublicLayout,
        children: [
          {
            index: true,
            handle: { title: 'titles.login' },
            loader: loginLoader,
            Component: LoginPage,
          },
          ...noticeRoutes,
          {
            path: 'gdpr',
            loader: requireToken,
            handle: { title: 'titles.gdpr' },
            lazy: page(
              () => import('../features/gdpr/gdpr-page'),
              (m) => m.GdprPage,
            ),
          },
          {
            path: 'agreement',
            loader: requireToken,
            handle: { title: 'titles.agreement' },
            lazy: page(
              () => import('../features/gdpr/agreement-page'),
              (m) => m.AgreementPage,
            ),
          },
        ],
      },
      // The old sign-in address (spec section 2: /account/login redirects to login).
      { path: '/app/account/login', loader: () => redirect('/') },
      {
        path: '/app',
        loader: appLoader,
        lazy: page(
          () => import('./shell/app-layout'),
          (m) => m.AppLayout,
        ),
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect('/app/home') },
          // Old message links (spec section 2: message/{id} redirects to messages/{id}).
          { path: 'message/:id', loader: ({ params }) => redirect(`/app/messages/${params.id ?? ''}`) },
          {
            path: 'home',
            handle: { title: 'titles.home' },
            loader: () => {
              prefetchTexts(['home']);
              return null;
            },
            lazy: page(
              () => import('../features/home/home-page'),
              (m) => m.HomePage,
            ),
          },
          ...ordersRoutes,
          // Areas of the specification that this version does not offer yet (reports, support, ...).
          {
            path: '*',
            handle: { title: 'titles.notAvailable' },
            lazy: page(
              () => import('./shell/area-unavailable'),
              (m) => m.AreaUnavailable,
            ),
          },
        ],
      },
      {
        path: '/error',
        handle: { title: 'titles.error' },
        lazy: page(
          () => import('./error-page'),
          (m) => m.ErrorPage,
        ),
      },
      // Unknown paths go to login (spec section 2).
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export const router = createBrowserRouter(surfaceChunkErrors(routes));
