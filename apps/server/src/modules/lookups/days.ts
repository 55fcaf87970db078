/**
 * GET Days (spec section 7): every day of the months from..to with whether it is open for
 * the location's country (domain.md, "Open days"), provider closures included.
 */
import { type Country, countries, type Day } from '@portal/domain';
import { daysBetween } from '@portal/domain/calendar';
import { rows, sql, type Tx } from '../../db/client.js';
import type { NamedCache } from '../caching/registry.js';

/**
 * With `closures` (the app's days cache, plugins/caches.ts) a country's closure days are read
 * once per cache lifetime, all of them, and narrowed to the months here; the location's country
 * is read each time (a location may move to another country).
 */
export async function listDays(
  db: Tx,
  from: string,
  to: string,
  locationId: number | null,
  closures?: NamedCache<string[]>,
): Promise<Day[]> {
  let country: Country = 'NO';
  if (locationId) {
    const [row] = await rows<{ countryId: string }>(db, sql`SELECT country_id AS "countryId" FROM locations WHERE id = ${locationId}`);
    if (row && (countries as readonly string[]).includes(row.countryId)) country = row.countryId as Country;
  }
  if (closures) {
    const days = await closures.load(country, async () =>
      (await rows<{ day: string }>(db, sql`SELECT day FROM provider_closures WHERE country_id = ${country} ORDER BY day`)).map(
        (c) => c.day,
      ),
    );
    return daysBetween(from, to, country, new Set(days));
  }
  const list = await rows<{ day: string }>(
    db,
    sql`SELECT day FROM provider_closures WHERE country_id = ${country} AND day BETWEEN ${`${from}-01`}::date
        AND (${`${to}-01`}::date + interval '1 month')`,
  );
  return daysBetween(from, to, country, new Set(list.map((c) => c.day)));
}
