/** GET Downtimes (Global > Maintenance, issue 10; docs/global.md): the windows, newest start first. */
import type { Downtime } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireGlobalAdmin } from './access.js';

type Row = {
  id: number;
  startsAt: Date | string;
  endsAt: Date | string;
  cancelledAt: Date | string | null;
  createdAt: Date | string;
  createdByName: string | null;
};

/** The state of a window at `now` (ms). */
export function downtimeState(w: { startsAt: string; endsAt: string; cancelledAt: string | null }, now = Date.now()): Downtime['state'] {
  if (w.cancelledAt) return 'cancelled';
  if (Date.parse(w.endsAt) <= now) return 'past';
  return Date.parse(w.startsAt) <= now ? 'active' : 'planned';
}

/** Loads one window (or all when `id` is null), newest start first, at most 200. */
export async function loadDowntimes(db: Tx, id: number | null = null): Promise<Downtime[]> {
  const list = await rows<Row>(
    db,
    sql`SELECT d.id, d.starts_at AS "startsAt", d.ends_at AS "endsAt", d.cancelled_at AS "cancelledAt", d.created_at AS "createdAt",
          u.name AS "createdByName"
        FROM downtimes d LEFT JOIN users u ON u.id = d.created_by
        WHERE ${id === null ? sql`true` : sql`d.id = ${id}`} ORDER BY d.starts_at DESC, d.id DESC LIMIT 200`,
  );
  return list.map((r) => {
    const w = {
      id: Number(r.id),
      startsAt: isoInstant(r.startsAt) ?? '',
      endsAt: isoInstant(r.endsAt) ?? '',
      cancelledAt: isoInstant(r.cancelledAt),
      createdAt: isoInstant(r.createdAt) ?? '',
      createdByName: r.createdByName,
    };
    return { ...w, state: downtimeState(w) };
  });
}

/**
 * The downtime windows, newest start first (at most 200).
 * @throws FORBIDDEN unless the caller is a global admin
 */
export async function findDowntimes(db: Tx, auth: AuthContext): Promise<Downtime[]> {
  requireGlobalAdmin(auth);
  return loadDowntimes(db);
}
