/** The fuzz test (fuzz-run.ts), part 1 of FUZZ_PARTS, on each database of the run (PGlite; PostgreSQL too with DATABASE_URL). */
import { describeFuzz } from './fuzz-run.js';
import { backends } from './helpers.js';

for (const kind of backends) describeFuzz(kind, 0);
