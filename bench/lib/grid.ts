/**
 * The orders grid the load benches send (bench/orders-list's page): one customer location's
 * orders in status 5, by send date descending, 50 per page, read by a global admin.
 */
import { openPostgres, rows, sql } from '@portal/server/src/db/client.js';

/** The location whose grid is read, and the global admin who reads it. */
export interface GridTarget {
  locationId: number;
  login: string;
}

/** The busiest customer location and a global admin's login in the demo data at `databaseUrl`. */
export async function gridTarget(databaseUrl: string): Promise<GridTarget> {
  const database = await openPostgres(databaseUrl, 1);
  try {
    const [busiest] = await rows<{ id: number }>(
      database.db,
      sql`SELECT l.id FROM locations l JOIN orders o ON o.location_id_from = l.id OR o.location_id_to = l.id
          WHERE l.type_id <> 'NLP' GROUP BY l.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const [admin] = await rows<{ login: string }>(
      database.db,
      sql`SELECT login_name AS login FROM users WHERE is_global_admin AND is_active ORDER BY id LIMIT 1`,
    );
    if (!busiest || !admin) throw new Error('the database holds no demo data');
    return { locationId: busiest.id, login: admin.login };
  } finally {
    await database.close();
  }
}

/** GET /api/Orders' query string for `target`'s grid page. */
export const gridQuery = (target: GridTarget) =>
  `locationId=${target.locationId}&transactionStatus=5&orderBy[0].field=dateSend&orderBy[0].descending=true&count=50`;
