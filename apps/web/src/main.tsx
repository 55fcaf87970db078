/**
 * Entry point: picks the locale (a link's `lang`, else the stored choice, else by host:
 * lib/start-locale.ts) and the theme by host, starts
 * i18n and renders, once a sign-in handed over in the `auth` query parameter (spec section 7)
 * has been exchanged for a token of its own (lib/handover.ts; the router module imports it
 * first, so the address bar is clean before the router reads it) and the first screen can be
 * drawn whole (app/first-screen.ts).
 */
import './lib/zod-jitless';
import './app/public-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreenReady } from './app/first-screen';
import { router } from './app/router';
import { initI18n, LOCALE_STORAGE_KEY } from './i18n';
import { captureLoadedVersion } from './lib/app-version';
import { themeForHost } from './lib/domain-locale';
import { handoverDone } from './lib/handover';
import { startLocale } from './lib/start-locale';

// A stylesheet or script preload that fails is rethrown by Vite into the dynamic import, where
// the route's error boundary shows the load error; logged here for error tracking.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('Chunk preload failed', (event as Event & { payload?: unknown }).payload);
});

captureLoadedVersion();
const host = window.location.host;
void initI18n(startLocale(host, window.location.search, localStorage.getItem(LOCALE_STORAGE_KEY)));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A sign-in handed over in `?auth=` is exchanged first (lib/handover.ts; at once without one);
// then the first screen is drawn once, when its chunks, session and texts are there (app/first-screen.ts).
void handoverDone
  .then(() => firstScreenReady(router))
  .then(() => {
    const reactRoot = createRoot(root);
    // As a transition: React renders the screen in slices of a few milliseconds, so a phone's
    // main thread is never blocked for long while the first screen is built (docs/performance.md).
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App theme={themeForHost(host)} />
        </StrictMode>,
      ),
    );
  });
