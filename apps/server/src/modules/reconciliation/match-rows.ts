/**
 * The matching of a reconciliation (issue 22; docs/reconciliation.md, "Matching"): file rows
 * against ledger movements, in four passes, each movement used at most once, in file row order:
 *
 * 1. By reference: a row whose reference is a movement's order number, own or side reference or
 *    pallet receipt number (`keyOf`), of the same product. Among several: the same quantity
 *    within the tolerance first, then the nearest day, then the first entry. Matched when the
 *    quantity is the same and the days lie within the tolerance; else `different` (quantity,
 *    date, or both).
 * 2. By counterparty: a row of the same product and counterparty (a GLN, or a location's, its
 *    customer's or an external location's name; a row naming none: any), the same quantity, the
 *    days within the tolerance: the nearest day, then the first entry. Matched.
 * 3. As 2 with another quantity: `different` (quantity).
 * 4. What is left: the rows `fileOnly` (also those that could not be read), the movements of the
 *    period `portalOnly` (movements read only for the tolerance at the period's ends are not).
 *
 * Deterministic: rows in file order, movements by day then first entry. Work is cut in pieces of
 * ROWS_PER_TURN rows with a turn of the event loop between them (docs/performance.md).
 */
import { setImmediate as breathe } from 'node:timers/promises';
import type { ReconciliationOutcome } from '@portal/domain';
import type { FileRow } from './file-rows.js';
import type { LedgerMovement } from './ledger-movements.js';
import { keyOf } from './read-values.js';

/** One row of the answer before it is saved: a file row, a movement, or both. */
export interface MatchedRow {
  outcome: ReconciliationOutcome;
  matchedBy: 'reference' | 'counterparty' | null;
  differences: ('quantity' | 'date')[];
  file: FileRow | null;
  movement: LedgerMovement | null;
}

const ROWS_PER_TURN = 1000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** Movements of one key, by day then first entry, with their day numbers for a binary search. */
interface Bucket {
  days: number[];
  at: number[];
}

function bucketsOf(movements: LedgerMovement[], keys: (m: LedgerMovement) => string[]): Map<string, Bucket> {
  const buckets = new Map<string, Bucket>();
  movements.forEach((m, at) => {
    for (const key of keys(m)) {
      let b = buckets.get(key);
      if (!b) {
        b = { days: [], at: [] };
        buckets.set(key, b);
      }
      b.days.push(dayNumber(m.date));
      b.at.push(at);
    }
  });
  return buckets;
}

/** The first index of `days` (ascending) at or after `day`. */
function lowerBound(days: number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] as number) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Matches `rows` to `movements` (by day, then first entry) with `toleranceDays` either side;
 * `inPeriod` tells the movements that are `portalOnly` when left over.
 * @returns the file rows in file order, each with its movement, then the movements left, by day
 */
export async function matchRows(
  rows: FileRow[],
  movements: LedgerMovement[],
  toleranceDays: number,
  inPeriod: (m: LedgerMovement) => boolean,
): Promise<MatchedRow[]> {
  const used = new Uint8Array(movements.length);
  const result: (MatchedRow | null)[] = rows.map(() => null);
  const rowDays = rows.map((r) => (r.date === null ? 0 : dayNumber(r.date)));
  const readable = (i: number) => (rows[i] as FileRow).problem === null;

  // 1. By reference.
  const byReference = bucketsOf(movements, (m) => m.references.map((r) => `${m.productId}|${r}`));
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await breathe();
    const row = rows[i] as FileRow;
    if (!readable(i) || row.reference === null) continue;
    const bucket = byReference.get(`${row.productId}|${keyOf(row.reference)}`);
    if (!bucket) continue;
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let k = 0; k < bucket.at.length; k++) {
      const at = bucket.at[k] as number;
      if (used[at]) continue;
      const distance = Math.abs((bucket.days[k] as number) - (rowDays[i] as number));
      const agrees = (movements[at] as LedgerMovement).quantity === row.quantity && distance <= toleranceDays;
      // Agreeing first, then the nearest day; the bucket's order breaks ties.
      const score = (agrees ? 0 : 1e9) + distance;
      if (score < bestScore) {
        best = at;
        bestScore = score;
      }
    }
    if (best < 0) continue;
    used[best] = 1;
    const movement = movements[best] as LedgerMovement;
    const differences: MatchedRow['differences'] = [];
    if (movement.quantity !== row.quantity) differences.push('quantity');
    if (Math.abs(dayNumber(movement.date) - (rowDays[i] as number)) > toleranceDays) differences.push('date');
    result[i] = { outcome: differences.length ? 'different' : 'matched', matchedBy: 'reference', differences, file: row, movement };
  }

  // 2. and 3. By counterparty, product and day, the same quantity first.
  const byCounterparty = bucketsOf(movements, (m) => [`${m.productId}|*`, ...m.counterpartyKeys.map((k) => `${m.productId}|${k}`)]);
  for (const sameQuantity of [true, false]) {
    for (let i = 0; i < rows.length; i++) {
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await breathe();
      const row = rows[i] as FileRow;
      if (result[i] || !readable(i)) continue;
      const bucket = byCounterparty.get(`${row.productId}|${row.counterpartyKey ?? '*'}`);
      if (!bucket) continue;
      const day = rowDays[i] as number;
      let best = -1;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (
        let k = lowerBound(bucket.days, day - toleranceDays);
        k < bucket.days.length && (bucket.days[k] as number) <= day + toleranceDays;
        k++
      ) {
        const at = bucket.at[k] as number;
        if (used[at] || ((movements[at] as LedgerMovement).quantity === row.quantity) !== sameQuantity) continue;
        const distance = Math.abs((bucket.days[k] as number) - day);
        if (distance < bestDistance) {
          best = at;
          bestDistance = distance;
        }
      }
      if (best < 0) continue;
      used[best] = 1;
      result[i] = sameQuantity
        ? { outcome: 'matched', matchedBy: 'counterparty', differences: [], file: row, movement: movements[best] as LedgerMovement }
        : {
            outcome: 'different',
            matchedBy: 'counterparty',
            differences: ['quantity'],
            file: row,
            movement: movements[best] as LedgerMovement,
          };
    }
  }

  // 4. What is left.
  const answer: MatchedRow[] = result.map(
    (r, i) => r ?? { outcome: 'fileOnly', matchedBy: null, differences: [], file: rows[i] as FileRow, movement: null },
  );
  movements.forEach((m, at) => {
    if (!used[at] && inPeriod(m)) answer.push({ outcome: 'portalOnly', matchedBy: null, differences: [], file: null, movement: m });
  });
  return answer;
}
