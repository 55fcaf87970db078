/**
 * Entry point: takes a token handed over in the `auth` query parameter (spec section 7), picks
 * the locale (stored choice, else by host) and the theme by host, starts i18n and renders.
 */
import './app/public-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, LOCALE_STORAGE_KEY } from './i18n';
import { tokenStore } from './lib/api';
import { captureLoadedVersion } from './lib/app-version';
import { localeForHost, themeForHost } from './lib/domain-locale';

/** Stores a token that arrived as `?auth=` (sign-in from another portal) and drops it from the URL. */
function takeTokenFromUrl() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('auth');
  if (!token) return;
  tokenStore.set(token);
  url.searchParams.delete('auth');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

// A stylesheet or script preload that fails is rethrown by Vite into the dynamic import, where
// the route's error boundary shows the load error; logged here for error tracking.
window.addEventListener('vite:preloadError', (event) => {
  console.warn('Chunk preload failed', (event as Event & { payload?: unknown }).payload);
});

takeTokenFromUrl();
captureLoadedVersion();
const host = window.location.host;
void initI18n(localeForHost(host, localStorage.getItem(LOCALE_STORAGE_KEY)));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App theme={themeForHost(host)} />
  </StrictMode>,
);
