/**
 * The scheduled-order job (domain.md: "each due occurrence becomes a real order exactly once,
 * even when the service runs on several machines"; docs/domain.md "Scheduled orders").
 *
 * Every occurrence from today to today + SCHEDULE_HORIZON_DAYS (14) becomes a real order
 * through POST Orders' own rules (saveOrder), placed on behalf of the user who last saved the
 * schedule, with `scheduled_order_id` and `scheduled_date` set. Exactly once across processes:
 * - each schedule is handled in its own transaction that first takes its row with
 *   `SELECT ... FOR UPDATE SKIP LOCKED`, so while one process works on a schedule the others
 *   pass it by, and the next one to take it sees the orders and `next_date` already committed;
 * - the unique index `orders_schedule_uq` (scheduled_order_id, scheduled_date) is the last
 *   guard: a second order for one occurrence cannot commit (its transaction rolls back).
 * Occurrences before today are never created (a stopped service does not back-fill the past).
 */
import { type Country, isLocale, SCHEDULE_HORIZON_DAYS } from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type AuthContext, loadUser } from '../../plugins/auth.js';
import { writeLog } from '../global/write-log.js';
import { saveOrder } from '../orders/save-order.js';
import { setOrderStatus } from '../orders/set-order-status.js';
import { addDays, nextOccurrence, occurrences, type ScheduleRule } from './occurrences.js';

/** Today as a plain UTC date (the same clock POST Orders checks send dates against). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export interface MaterializeResult {
  /** Schedules this run worked on (others were taken by another process or had nothing due). */
  schedules: number;
  /** Orders created. */
  created: number;
  /** Occurrences skipped because POST Orders refused them (logged in app_log). */
  skipped: number;
  /** Schedules that failed unexpectedly (logged; retried on the next run). */
  failed: number;
}

export interface ScheduleRow extends ScheduleRule {
  id: number;
  transactionTypeId: 1 | 2;
  locationIdFrom: number;
  locationIdTo: number;
  nextDate: string | null;
  truckTypeId: number | null;
  referenceOwn: string | null;
  createdByUserId: number | null;
  countryId: Country;
}

export const scheduleColumns = sql`s.id, s.transaction_type_id AS "transactionTypeId", s.location_id_from AS "locationIdFrom",
  s.location_id_to AS "locationIdTo", s.interval_weeks AS "intervalWeeks", s.monday, s.tuesday, s.wednesday, s.thursday,
  s.friday, s.start_date AS "startDate", s.end_date AS "endDate", s.next_date AS "nextDate", s.truck_type_id AS "truckTypeId",
  s.reference_own AS "referenceOwn", s.created_by_user_id AS "createdByUserId", lf.country_id AS "countryId"`;

/**
 * Creates the orders of every occurrence due from `today` to `today + horizonDays`, each
 * exactly once (see the file comment). Safe to run at the same time in several processes.
 * @param today plain date yyyy-MM-dd (default: today, UTC)
 * @returns counts of what this run did; failures of one schedule never stop the others
 */
export async function materializeDueOrders(
  db: Db,
  today: string = todayUtc(),
  options: { horizonDays?: number } = {},
): Promise<MaterializeResult> {
  const horizonEnd = addDays(today, options.horizonDays ?? SCHEDULE_HORIZON_DAYS);
  const due = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM scheduled_orders WHERE active AND start_date <= ${horizonEnd}
          AND (end_date IS NULL OR end_date >= ${today}) AND (next_date IS NULL OR next_date <= ${horizonEnd}) ORDER BY id`,
  );
  const result: MaterializeResult = { schedules: 0, created: 0, skipped: 0, failed: 0 };
  for (const { id } of due) {
    try {
      const done = await db.transaction((tx) => materializeSchedule(tx, id, today, horizonEnd));
      if (!done) continue;
      result.schedules++;
      result.created += done.created;
      result.skipped += done.skipped;
    } catch (error) {
      // Another process placed one of these occurrences meanwhile: nothing of ours committed.
      if (isUniqueViolation(error)) continue;
      result.failed++;
      await log(db, 'error', 'Scheduled order failed', { scheduledOrderId: id, error: String((error as Error)?.message ?? error) }).catch(
        () => {},
      );
    }
  }
  return result;
}

/**
 * Turns one schedule's due occurrences in [today, horizonEnd] into orders, inside the caller's
 * transaction. Answers null when another transaction holds the schedule (it is doing the work).
 */
export async function materializeSchedule(
  tx: Tx,
  scheduleId: number,
  today: string,
  horizonEnd: string,
): Promise<{ created: number; skipped: number } | null> {
  const [schedule] = await rows<ScheduleRow>(
    tx,
    sql`SELECT ${scheduleColumns} FROM scheduled_orders s JOIN locations lf ON lf.id = s.location_id_from
        WHERE s.id = ${scheduleId} AND s.active FOR UPDATE OF s SKIP LOCKED`,
  );
  if (!schedule) return null;
  const closures = await closuresOf(tx, schedule.countryId, today);
  const from = [today, schedule.startDate, schedule.nextDate ?? today].reduce((a, b) => (a > b ? a : b));
  const dates = from <= horizonEnd ? occurrences(schedule, from, horizonEnd, schedule.countryId, closures) : [];
  const placed = new Set(
    (
      await rows<{ date: string }>(
        tx,
        sql`SELECT scheduled_date AS date FROM orders WHERE scheduled_order_id = ${scheduleId} AND scheduled_date >= ${from}`,
      )
    ).map((r) => r.date),
  );
  const todo = dates.filter((d) => !placed.has(d));
  let created = 0;
  let skipped = 0;
  if (todo.length > 0) {
    const auth = await actingAuth(tx, schedule);
    const lines = await rows<{ productId: number; quantityOrdered: number }>(
      tx,
      sql`SELECT product_id AS "productId", quantity AS "quantityOrdered" FROM scheduled_order_lines
          WHERE scheduled_order_id = ${scheduleId} ORDER BY product_id`,
    );
    for (const date of todo) {
      if (!auth || lines.length === 0) {
        skipped++;
        await log(tx, 'warn', 'Scheduled order occurrence skipped', {
          scheduledOrderId: scheduleId,
          date,
          reason: auth ? 'no lines' : 'no active user',
        });
        continue;
      }
      try {
        // Placed as a draft and then sent (0 -> 1), so that the send step, its history, alert and
        // purchase/return email see the order complete with its lines.
        const saved: number | number[] = await saveOrder(tx as Db, auth, {
          transactionTypeId: schedule.transactionTypeId,
          locationIdFrom: schedule.locationIdFrom,
          locationIdTo: schedule.locationIdTo,
          dateSend: date,
          ...(schedule.transactionTypeId === 2 ? { datePickup: date } : {}),
          ...(schedule.truckTypeId ? { truckTypeId: schedule.truckTypeId } : {}),
          ...(schedule.referenceOwn ? { referenceOwn: schedule.referenceOwn } : {}),
          lines,
          draft: true,
        });
        const orderId = Array.isArray(saved) ? Number(saved[0]) : saved;
        // The unique index orders_schedule_uq refuses a second order for this occurrence.
        await tx.execute(sql`UPDATE orders SET scheduled_order_id = ${scheduleId}, scheduled_date = ${date} WHERE id = ${orderId}`);
        await setOrderStatus(tx as Db, auth, { id: orderId, transactionStatusId: 1 });
        created++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // POST Orders refused it (a product no longer allowed, the user lost the task...):
        // this occurrence is skipped and logged; the next ones are tried.
        skipped++;
        await log(tx, 'warn', 'Scheduled order occurrence skipped', {
          scheduledOrderId: scheduleId,
          date,
          reason: error.code,
          fields: error.fields,
        });
      }
    }
  }
  const next = nextOccurrence(schedule, horizonEnd, schedule.countryId, closures);
  await tx.execute(sql`UPDATE scheduled_orders SET next_date = ${next} WHERE id = ${scheduleId}`);
  return { created, skipped };
}

/** Provider closures of a country from a day on (a small table). */
export async function closuresOf(tx: Tx, countryId: string, from: string): Promise<Set<string>> {
  const list = await rows<{ day: string }>(tx, sql`SELECT day FROM provider_closures WHERE country_id = ${countryId} AND day >= ${from}`);
  return new Set(list.map((r) => r.day));
}

/**
 * The session a schedule's orders are placed with: the user who last saved it, acting for
 * the schedule's customer-side location. Null when that user is gone or inactive.
 */
async function actingAuth(tx: Tx, schedule: ScheduleRow): Promise<AuthContext | null> {
  if (!schedule.createdByUserId) return null;
  const user = await loadUser(tx as Db, schedule.createdByUserId);
  if (!user?.isActive) return null;
  const [customer] = await rows<{ isProvider: boolean }>(
    tx,
    sql`SELECT is_provider AS "isProvider" FROM customers WHERE id = ${user.customerId}`,
  );
  return {
    sessionId: 0,
    language: isLocale(user.language) ? user.language : 'nb-NO',
    loginUser: user,
    user,
    customerId: user.customerId,
    locationId: schedule.transactionTypeId === 1 ? schedule.locationIdTo : schedule.locationIdFrom,
    isProvider: user.isGlobalAdmin || !!customer?.isProvider,
  };
}

/** A row of the application log of kind job (docs/global.md, "Log"). */
async function log(db: Tx, level: 'warn' | 'error', message: string, data: Record<string, unknown>): Promise<void> {
  await writeLog(db, { level, kind: 'job', message, data });
}
