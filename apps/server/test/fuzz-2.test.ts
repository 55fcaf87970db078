/** The fuzz test (fuzz-run.ts), part 2 of FUZZ_PARTS, on each database of the run (PGlite; PostgreSQL too with DATABASE_URL). */
import { describeFuzz } from './fuzz-run.js';
import { backends } from './helpers.js';

for (const kind of backends) describeFuzz(kind, 1);
