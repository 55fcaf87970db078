import { defineConfig } from 'vitest/config';

/**
 * Unit tests (packages/domain) and API tests (apps/server, through app.inject on PGlite, and on
 * PostgreSQL too when DATABASE_URL is set). Browser journeys live in e2e/ (Playwright).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
