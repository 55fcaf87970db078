import type { Locale, TruckType } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { NamedCache } from '../caching/registry.js';

/**
 * Truck types with their stack heights and stack counts (spec section 3), named in `locale`:
 * the catalogue's `truckTypes.<id>`, else the stored name. With `cache` (the app's truckTypes
 * cache, plugins/caches.ts) the list of a locale is read once per cache lifetime.
 */
export function listTruckTypes(db: Tx, locale: Locale, cache?: NamedCache<TruckType[]>): Promise<TruckType[]> {
  return cache ? cache.load(locale, () => readTruckTypes(db, locale)) : readTruckTypes(db, locale);
}

async function readTruckTypes(db: Tx, locale: Locale): Promise<TruckType[]> {
  const t = translator(locale);
  const list = await rows<TruckType>(
    db,
    sql`SELECT id, name, is_default AS "isDefault", qty_height AS "qtyHeight", qty_height2 AS "qtyHeight2",
          tpu_count AS "tpuCount", tpu_count2 AS "tpuCount2", fuel FROM truck_types ORDER BY is_default DESC, id`,
  );
  return list.map((truck) => ({ ...truck, name: t(`truckTypes.${truck.id}`, { defaultValue: truck.name }) }));
}
