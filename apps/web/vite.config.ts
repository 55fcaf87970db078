import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Prints the gzipped size of every emitted chunk and the login page's first load. */
import { bundleReport } from './bundle-report.js';

export default defineConfig({
  plugins: [react(), bundleReport()],
  server: { proxy: { '/api': 'http://localhost:3000', '/version.json': 'http://localhost:3000' } },
  build: { chunkSizeWarningLimit: 900, sourcemap: false },
});
