/**
 * The downtime window in force or next (docs/global.md, "Maintenance"), read from table
 * `downtimes` and kept per database for DOWNTIME_CACHE_MS, so the check every call makes
 * (plugins/downtime-gate.ts) costs no query most of the time. Scheduling or cancelling a
 * window in this process clears the cache at once; other processes see it within the cache
 * time.
 */
import type { DowntimeWindow } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { isoInstant } from '../http.js';

/** How long a process keeps the window it read (ms). */
export const DOWNTIME_CACHE_MS = 5_000;

interface Windows {
  /** Windows not cancelled that have not ended, soonest first (at most a few). */
  upcoming: { startsAt: number; endsAt: number }[];
  until: number;
}

const cache = new WeakMap<object, Windows>();

/** Forgets the cached windows of a database (after a window is scheduled or cancelled). */
export function clearDowntimeCache(db: Db | Tx): void {
  cache.delete(db);
}

async function load(db: Db): Promise<Windows> {
  const cached = cache.get(db);
  if (cached && cached.until > Date.now()) return cached;
  const list = await rows<{ startsAt: Date | string; endsAt: Date | string }>(
    db,
    sql`SELECT starts_at AS "startsAt", ends_at AS "endsAt" FROM downtimes
        WHERE cancelled_at IS NULL AND ends_at > now() ORDER BY starts_at LIMIT 5`,
  );
  const windows: Windows = {
    upcoming: list.map((w) => ({ startsAt: Date.parse(isoInstant(w.startsAt) ?? ''), endsAt: Date.parse(isoInstant(w.endsAt) ?? '') })),
    until: Date.now() + DOWNTIME_CACHE_MS,
  };
  cache.set(db, windows);
  return windows;
}

const toWindow = (w: { startsAt: number; endsAt: number }): DowntimeWindow => ({
  startsAt: new Date(w.startsAt).toISOString(),
  endsAt: new Date(w.endsAt).toISOString(),
});

/** The window in force now, or null. */
export async function activeDowntime(db: Db): Promise<DowntimeWindow | null> {
  const now = Date.now();
  const active = (await load(db)).upcoming.find((w) => w.startsAt <= now && w.endsAt > now);
  return active ? toWindow(active) : null;
}

/** The window in force now, else the next one planned, or null (GET Status tells the public area). */
export async function currentOrNextDowntime(db: Db): Promise<DowntimeWindow | null> {
  const now = Date.now();
  const upcoming = (await load(db)).upcoming.filter((w) => w.endsAt > now);
  return upcoming[0] ? toWindow(upcoming[0]) : null;
}
