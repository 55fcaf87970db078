import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Prints the gzipped size of every emitted chunk and the login page's first load. */
import { bundleReport } from './bundle-report.js';

const apiTarget = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), bundleReport()],
  // The dev server passes API calls to the portal; API_PROXY points it at another port.
  server: { proxy: { '/api': apiTarget, '/version.json': apiTarget } },
  build: { chunkSizeWarningLimit: 900, sourcemap: false },
});
