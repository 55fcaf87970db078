/** The points of the history's chart (components/HistoryChart.tsx). */
import type { BalanceFigures, BalanceHistory } from '@portal/domain';

/** A point of the chart: a day (UTC milliseconds) and the balance at its end. */
export interface Point extends BalanceFigures {
  day: number;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The balance at the end of each day of the period that has entries, and at the end of its first
 * and last day (the first without entries holds the balance at `from`), for a step line.
 */
export function chartPoints(history: BalanceHistory): Point[] {
  const points: Point[] = [{ day: dayOf(history.from), ...history.balanceAtFrom }];
  for (const entry of history.entries) {
    const day = dayOf(entry.bookingDate);
    const last = points[points.length - 1] as Point;
    if (last.day === day) Object.assign(last, entry.balanceAfter);
    else points.push({ day, ...entry.balanceAfter });
  }
  const end = dayOf(history.to);
  if ((points[points.length - 1] as Point).day !== end) points.push({ day: end, ...history.balanceAtTo });
  return points;
}
