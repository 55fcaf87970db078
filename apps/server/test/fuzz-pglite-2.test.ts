/** The fuzz test (fuzz-run.ts), part 2 on PGlite. */
import { describeFuzz } from './fuzz-run.js';

describeFuzz('pglite', 1);
