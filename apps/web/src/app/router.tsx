/**
 * Routes of the portal (spec section 2, "Screens and routes"). The login page and its public
 * layout are part of the entry, so the front door needs no second round trip; every other
 * screen is a lazy chunk (loaded through `loadChunk`: 120 s time-out, load errors to the error
 * boundary), so the login page loads only what it shows. Loaders start the calls and texts a
 * screen will need (`*-loaders.ts`, `prefetchTexts`) without waiting for them, in parallel
 * with its chunk (docs/performance.md). A route names its page title with `handle: { title }`.
 * Feature folders export their route objects (orders: `ordersRoutes`, balance: `balanceRoutes`,
 * invoices: `invoicesRoutes`, Company > Counting: `companyRoute`, pallet receipts: `palletReceiptsRoutes`; mounted
 * under /app; the public page of a pallet receipt's QR link: `palletReceiptPublicRoutes`).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { accountsPublicRoutes } from '../features/accounts/routes';
import { apiRoutes } from '../features/api/routes';
import { balanceRoutes } from '../features/balance/routes';
import { companyExternalArchiveRoutes } from '../features/company/routes';
import { companyLocationsRoutes } from '../features/company-locations/routes';
import { companyIndexRoute, companyUsersRoute } from '../features/company-users/routes';
import { confirmationLinkRoutes, confirmationRoundsRoutes } from '../features/confirmations/routes';
import { containersRoute } from '../features/containers/routes';
import { controlsRoutes } from '../features/controls/routes';
import { countingRoutes } from '../features/counting/routes';
import { disputeRoutes } from '../features/disputes/routes';
import { cachingRoutes } from '../features/global/caching/routes';
import { publishingRoutes } from '../features/global/publishing/routes';
import { globalLogRoutes } from '../features/global/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { invoicesRoutes } from '../features/invoices/routes';
import { messagesRoute } from '../features/messages/routes';
import { ordersRoutes } from '../features/orders/routes';
import { palletReceiptPublicRoutes, palletReceiptsRoutes } from '../features/pallet-receipts/routes';
import { LoginPage } from '../features/public/login-page';
import { PublicLayout } from '../features/public/public-layout';
import { calculatorLoader, loginLoader, publicLayoutLoader } from '../features/public/public-loaders';
import { reconciliationRoutes } from '../features/reconciliation/routes';
import { customerRequestsRoutes, newCustomerRoutes } from '../features/registration/routes';
import { reportsRoutes } from '../features/reports/routes';
import { appLoader, appShouldRevalidate } from '../features/session/session-loader';
import { statementRoutes } from '../features/statements/routes';
import { supportRoutes } from '../features/support/routes';
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

/** Mantine's full stylesheet (full-styles.ts): a chunk of its own, loaded once. */
const loadFullStyles = () => loadChunk(() => import('./full-styles'));

/**
 * Makes every route of `list` (and below) load Mantine's full stylesheet with its chunk, so the
 * screen is drawn with the styles of every component it may use. The shell and the start page
 * carry only their own components' styles (shell/shell-styles.ts), which keeps the 33 kB
 * (brotli) of the full stylesheet off a phone's first screen (docs/performance.md).
 */
function withFullStyles(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const lazy = route.lazy;
    const styled = { ...route } as RouteObject & { children?: RouteObject[] };
    if (typeof lazy === 'function') {
      styled.lazy = (async (...args: Parameters<typeof lazy>) => {
        const [loaded] = await Promise.all([lazy(...args), loadFullStyles()]);
        return loaded;
      }) as typeof lazy;
    }
    if (route.children) styled.children = withFullStyles(route.children);
    return styled;
  });
}

/**
 * The public environment calculators (spec section 2): computed in the browser, no sign-in.
 * Their texts (and the number input's) load beside their chunk.
 */
const calculatorRoutes: RouteObject[] = [
  {
    path: 'environment-calculator',
    handle: { title: 'titles.environmentCalculator' },
    loader: calculatorLoader,
    lazy: page(
      () => import('../features/public/calculators/environment-calculator-page'),
      (m) => m.EnvironmentCalculatorPage,
    ),
  },
  {
    path: 'construction-waste-calculator',
    handle: { title: 'titles.constructionWasteCalculator' },
    loader: calculatorLoader,
    lazy: page(
      () => import('../features/public/calculators/construction-waste-calculator-page'),
      (m) => m.ConstructionWasteCalculatorPage,
    ),
  },
];

/** Renders nothing: the element of a route that only redirects, which React Router wants one for. */
function Redirecting() {
  return null;
}

/** A route that sends its path on to `to` (spec section 2's redirects; unknown paths go to login). */
function redirectRoute(
  route: Omit<RouteObject, 'loader' | 'Component' | 'children'>,
  to: string | ((params: Record<string, string | undefined>) => string),
): RouteObject {
  return {
    ...route,
    loader: ({ params }) => redirect(typeof to === 'string' ? to : to(params)),
    Component: Redirecting,
  } as RouteObject;
}

/**
 * My company (spec section 2: company, users, locations, external, audit, email-archive; and
 * integrations, issue 23): the
 * section's links above each page, every page built.
 */
const companyRoute: RouteObject = {
  path: 'company',
  lazy: page(
    () => import('./company/company-layout'),
    (m) => m.CompanyLayout,
  ),
  children: [
    companyIndexRoute,
    companyUsersRoute,
    ...companyExternalArchiveRoutes,
    ...countingRoutes,
    ...companyLocationsRoutes,
    ...integrationsRoutes,
  ],
};

/**
 * Global (spec section 2: publishing, caching, log/{id?}; the Admin menu, global admins only):
 * the section's links above each page (global-layout.tsx); /app/global opens Publishing.
 */
const globalRoute: RouteObject = {
  path: 'global',
  lazy: page(
    () => import('../features/global/global-layout'),
    (m) => m.GlobalLayout,
  ),
  children: [
    redirectRoute({ index: true }, '/app/global/publishing'),
    ...publishingRoutes,
    ...cachingRoutes,
    ...globalLogRoutes,
    ...confirmationRoundsRoutes,
  ],
};

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
          ...accountsPublicRoutes,
          ...newCustomerRoutes,
          ...calculatorRoutes,
          // A pallet receipt's QR link (issue 11): no sign-in, the screen's components need the full styles.
          ...withFullStyles(palletReceiptPublicRoutes),
          // A balance confirmation's link (issue 22): no sign-in.
          ...withFullStyles(confirmationLinkRoutes),
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
      redirectRoute({ path: '/app/account/login' }, '/'),
      {
        path: '/app',
        loader: appLoader,
        shouldRevalidate: appShouldRevalidate,
        lazy: page(
          () => import('./shell/app-layout'),
          (m) => m.AppLayout,
        ),
        ErrorBoundary: RouteError,
        children: [
          redirectRoute({ index: true }, '/app/home'),
          // Old message links (spec section 2: message/{id} redirects to messages/{id}).
          redirectRoute({ path: 'message/:id' }, (params) => `/app/messages/${params.id ?? ''}`),
          {
            path: 'home',
            handle: { title: 'titles.home' },
            // The quick links name the balance (balance:title): its texts load with the page's
            // instead of after its first render, which would wait for them (docs/performance.md).
            loader: () => {
              prefetchTexts(['home', 'balance']);
              // The widgets' figures, from the start page's module (in the shell's chunk, preloaded).
              void import('../features/home/home-loader').then(
                (home) => home.prefetchStartPage(),
                () => undefined, // the route's own load of the chunk reports it
              );
              return null;
            },
            lazy: page(
              () => import('../features/home/home-page'),
              (m) => m.HomePage,
            ),
          },
          // Every screen but the start page draws with Mantine's full stylesheet.
          ...withFullStyles([
            ...ordersRoutes,
            companyRoute,
            messagesRoute,
            globalRoute,
            ...invoicesRoutes,
            ...balanceRoutes,
            ...statementRoutes,
            ...disputeRoutes,
            ...reconciliationRoutes,
            ...reportsRoutes,
            ...customerRequestsRoutes,
            ...apiRoutes,
            ...controlsRoutes,
            ...supportRoutes,
            ...palletReceiptsRoutes,
            containersRoute,
          ]),
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
      // Unknown paths go to login (spec section 2), /app/... ones included.
      redirectRoute({ path: '*' }, '/'),
    ],
  },
];

export const router = createBrowserRouter(surfaceChunkErrors(routes));
