import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Writes app.html: index.html with preload links for the /app layout's chunks. */
import { appHtml } from './app-html.js';
/** Prints the gzipped size of every emitted chunk and the login page's first load. */
import { bundleReport } from './bundle-report.js';
import { initialActions } from './src/features/session/initial-actions.js';
import { locales } from './src/lib/domain-locale.js';

/** The module of the /app layout (the shell): its own chunk, preloaded by app.html. */
const appLayout = /src[\\/]app[\\/]shell[\\/]app-layout\.tsx$/;

/**
 * The start page (/app/home, where every sign-in lands) travels in the shell's chunk, with the
 * components it shares with other screens: it arrives with the preloaded shell instead of in a
 * wave of 7 small files requested after the entry has run (docs/performance.md), with its
 * loader's module (home-loader.ts). Its chart stays a lazy chunk of its own.
 */
const startPage = /src[\\/]features[\\/]home[\\/](home-page\.tsx|home-loader\.ts)$/;

/**
 * The texts every screen starts with (common, messages, public, shell, home, and balance, whose
 * title the start page's quick links show: about 24 kB of JSON, 7 kB brotli per language)
 * travel as one chunk per language instead of one request per namespace; the orders texts stay
 * on their own.
 */
function startTexts(id: string): string | null {
  const match =
    /i18n[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})[\\/](common|public|shell|home|balance)\.json$/.exec(id) ??
    /domain[\\/]src[\\/]messages[\\/]([a-z]{2}-[A-Z]{2})\.json$/.exec(id);
  return match ? `texts-${match[1]}` : null;
}

/** floating-ui, which positions Mantine's popups (the `overlays` group below). */
const overlays = /node_modules[\\/]@floating-ui[\\/]/;

const apiTarget = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    bundleReport(),
    appHtml(appLayout, { actions: initialActions, locales }),
    // A brotli (.br, quality 11) and a gzip (.gz, level 9) copy of every text file of the build and
    // of public/, made once here so the server sends them without compressing per request
    // (apps/server/src/plugins/web-app.ts). A copy that would not be smaller is skipped.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  // The dev server passes API calls to the portal; API_PROXY points it at another port.
  server: { proxy: { '/api': apiTarget, '/version.json': apiTarget } },
  build: {
    chunkSizeWarningLimit: 900,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'entry', tags: ['$initial'], priority: 10 },
            { name: 'app-shell', test: (id: string) => appLayout.test(id) || startPage.test(id), priority: 5 },
            { name: startTexts, priority: 5 },
            // What positions popups (floating-ui): used by the shell's popups, loaded on first use
            // (app/shell/shell-popups.ts), and by other screens' selects and menus; a chunk of its
            // own, or Rolldown would put it in the shell's first load (the shell imports Mantine's
            // index, which reaches it).
            { name: 'overlays', test: overlays, priority: 6 },
          ],
        },
      },
    },
  },
});
