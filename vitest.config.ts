import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (failed first, then the longest by its cache, else the largest file), with the
 * API fuzz test's parts first: each takes minutes, and started last they would run alone at the end
 * while the other worker waits (a clean clone, as in CI, has no cache of durations).
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFuzz = (file: TestSpecification) => /[/\\]fuzz-[\w-]+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isFuzz), ...sorted.filter((file) => !isFuzz(file))];
  }
}

/**
 * Unit tests (packages/domain) and API tests (apps/server, through app.inject on PGlite, and on
 * PostgreSQL too when DATABASE_URL is set). Browser journeys live in e2e/ (Playwright).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
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
