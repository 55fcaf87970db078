/** The fuzz test (fuzz-run.ts), part 1 on PostgreSQL (when DATABASE_URL is set). */
import { describe, it } from 'vitest';
import { describeFuzz } from './fuzz-run.js';
import { backends } from './helpers.js';

if (backends.includes('postgres')) describeFuzz('postgres', 0);
else describe.skip('fuzz on PostgreSQL (DATABASE_URL not set)', () => it('runs with DATABASE_URL', () => {}));
