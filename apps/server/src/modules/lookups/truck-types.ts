import type { TruckType } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';

/** Truck types with their stack heights and stack counts (spec section 3). */
export function listTruckTypes(db: Tx): Promise<TruckType[]> {
  return rows<TruckType>(
    db,
    sql`SELECT id, name, is_default AS "isDefault", qty_height AS "qtyHeight", qty_height2 AS "qtyHeight2",
          tpu_count AS "tpuCount", tpu_count2 AS "tpuCount2", fuel FROM truck_types ORDER BY is_default DESC, id`,
  );
}
