/** The fuzz test (fuzz-run.ts), part 1 on PGlite. */
import { describeFuzz } from './fuzz-run.js';

describeFuzz('pglite', 0);
