/**
 * The periods the statement job mails (issue 22): the last one that has ended by `today` (the
 * customer's country's date) under a schedule. Monthly: the month before `today`'s month.
 * Twice a month, as the Nordic pallet exchanges mail their balances: from the 16th the 1st-15th
 * of this month, before it the 16th-last day of the month before.
 */
import { addPlainDays, type StatementSchedule } from '@portal/domain';

/** The last closed period of `schedule` on `today` (yyyy-MM-dd), both ends inclusive; null for `off`. */
export function lastClosedPeriod(schedule: StatementSchedule, today: string): { from: string; to: string } | null {
  if (schedule === 'off') return null;
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addPlainDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  if (schedule === 'monthly') return { from: lastMonthStart, to: lastMonthEnd };
  if (Number(today.slice(8, 10)) >= 16) return { from: monthStart, to: `${today.slice(0, 8)}15` };
  return { from: `${lastMonthEnd.slice(0, 8)}16`, to: lastMonthEnd };
}
