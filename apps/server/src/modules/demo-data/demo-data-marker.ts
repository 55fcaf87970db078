/**
 * Whether a database holds the demo data: the marker the loader writes last, in its own
 * transaction (app_meta key 'demoSeeded'). Kept apart from the loader so a production start
 * asks this without importing the loader and its generators (@faker-js/faker), docs/operations.md.
 */
import { type Db, rows, sql } from '../../db/client.js';

/** The app_meta key the demo data loader writes once its transaction is complete. */
export const DEMO_MARKER = 'demoSeeded';

/** True when the demo data has been loaded into `db` (app_meta holds DEMO_MARKER). */
export async function isDemoDataLoaded(db: Db): Promise<boolean> {
  const found = await rows<{ key: string }>(db, sql`SELECT key FROM app_meta WHERE key = ${DEMO_MARKER}`);
  return found.length > 0;
}
