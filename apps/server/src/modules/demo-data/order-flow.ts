/**
 * How a demo order moved through the status machine (domain.md, "Order status machine"):
 * which final status fits its kind and age, the path of statuses that led there, and who
 * made each step when.
 */
import { checkTransition, type TransactionStatusId } from '@portal/domain';
import type { Rng } from './random.js';

/** purchase (1), sale (2), delivery (3) between customers, or a return (3) to a sorting depot. */
export type OrderKind = 'purchase' | 'sale' | 'delivery' | 'return';

export interface FlowOptions {
  kind: OrderKind;
  /** The receiver sorts what arrives (a sorting depot receiving a sale or a return). */
  sorting: boolean;
  /** The receiver is registered and does not auto-commit: a purchase or delivery waits in 11. */
  confirms: boolean;
  /** The receiver is an external location: no 11 and no disagreement. */
  external: boolean;
}

/** The statuses an order of this kind can end up in (now). */
export function possibleStatuses(o: FlowOptions): TransactionStatusId[] {
  const list: TransactionStatusId[] = o.kind === 'purchase' || o.kind === 'sale' ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [0, 4, 5];
  if ((o.kind === 'delivery' || o.kind === 'return') && !o.external) list.push(6, 8);
  if (o.confirms && !o.sorting && !o.external) list.push(11);
  if (o.sorting) list.push(9, 10, 12, 13, 14);
  return list;
}

/** Weights of the current status by how many days ago the order was sent (negative: not yet). */
function weightsByAge(age: number): Partial<Record<TransactionStatusId, number>> {
  // The data ends at midnight before today: orders sent today are not on their way yet.
  if (age <= 0) return age >= -2 ? { 0: 15, 1: 25, 2: 35, 3: 20, 7: 3, 8: 2 } : { 0: 25, 1: 40, 2: 30, 7: 3, 8: 2 };
  if (age <= 2) return { 0: 2, 3: 6, 4: 40, 11: 18, 9: 12, 5: 20, 6: 3, 7: 1 };
  if (age <= 14) return { 0: 1, 4: 3, 11: 14, 9: 7, 10: 8, 12: 6, 13: 9, 14: 4, 6: 5, 5: 40, 7: 3, 8: 1 };
  if (age <= 45) return { 0: 0.5, 11: 2, 10: 1, 13: 2, 14: 1, 6: 3, 5: 82, 7: 6, 8: 2 };
  return { 0: 0.4, 6: 0.4, 5: 88, 7: 8, 8: 2.5 };
}

/** Picks the current status of an order sent `age` days ago. */
export function chooseStatus(rng: Rng, age: number, possible: readonly TransactionStatusId[]): TransactionStatusId {
  const weights = weightsByAge(age);
  const items = possible.map((s) => [s, weights[s] ?? 0] as const).filter(([, w]) => w > 0);
  if (items.length === 0) return age < 0 ? 0 : 5;
  return rng.weighted(items);
}

/** The statuses from creation to `final`, each step allowed by the status machine. */
export function buildPath(rng: Rng, o: FlowOptions, final: TransactionStatusId): TransactionStatusId[] {
  const ordered = o.kind === 'purchase' || o.kind === 'sale';
  const path: TransactionStatusId[] = final === 0 || rng.chance(0.25) ? [0] : [];
  if (final === 0) return path;
  const upTo = (last: TransactionStatusId) => {
    for (const s of (ordered ? [1, 2, 3, 4] : [4]) as TransactionStatusId[]) {
      path.push(s);
      if (s === last) break;
    }
  };
  const arrive = (): void => {
    upTo(4);
    if (o.sorting) path.push(9, 10, 12);
  };
  switch (final) {
    case 1:
    case 2:
    case 3:
    case 4:
      upTo(final);
      break;
    case 7:
      upTo(rng.chance(0.6) ? 1 : 2);
      path.push(7);
      break;
    case 8:
      if (ordered && rng.chance(0.7)) upTo(rng.chance(0.5) ? 1 : 2);
      else {
        arrive();
        if (o.confirms && !o.sorting) path.push(11);
        if (o.sorting) path.push(14);
        path.push(6);
      }
      path.push(8);
      break;
    case 9:
    case 10:
    case 12:
      arrive();
      path.splice(path.indexOf(final) + 1);
      break;
    case 13:
    case 14:
    case 11:
      arrive();
      path.push(final);
      break;
    case 6:
      arrive();
      if (o.sorting) path.push(14);
      else if (o.confirms && rng.chance(0.6)) path.push(11);
      path.push(6);
      break;
    case 5: {
      arrive();
      const r = rng.next();
      if (o.sorting) path.push(...((r < 0.75 ? [13] : r < 0.95 ? [14] : [14, 6]) as TransactionStatusId[]));
      else if (o.confirms) path.push(...((r < 0.85 ? [11] : r < 0.93 ? [] : [11, 6]) as TransactionStatusId[]));
      else if (!o.external && r > 0.97) path.push(6);
      path.push(5);
      break;
    }
  }
  return path;
}

/** Who makes a step: S sender side, R receiver side, P provider staff, C the creator, SYS the system. */
export type Actor = 'S' | 'R' | 'P' | 'C' | 'SYS';

/**
 * The actor and the time of each step after the previous one (ms), given the order's dates.
 * `send`, `pickup` and `arrive` are the instants of those days at midnight (UTC).
 */
export function stepActor(rng: Rng, o: FlowOptions, from: TransactionStatusId | null, to: TransactionStatusId, autoCommit: boolean): Actor {
  if (from === null || (from === 0 && (to === 1 || to === 4))) return 'C';
  switch (to) {
    case 2:
    case 3:
    case 10:
    case 12:
    case 13:
    case 14:
      return 'P';
    case 7:
      return from === 1 && rng.chance(0.5) ? 'C' : 'P';
    case 8:
      return 'P';
    case 4:
      return o.kind === 'sale' && rng.chance(0.5) ? 'S' : 'P';
    case 9:
    case 11:
      return 'SYS';
    case 6:
      return from === 14 ? 'S' : 'R';
    case 5:
      if (from === 6) return 'P';
      if (from === 13) return rng.chance(0.4) ? 'S' : 'SYS';
      if (from === 14) return 'S';
      if (from === 11) return rng.chance(0.7) ? 'R' : 'SYS';
      return o.external || autoCommit ? 'SYS' : 'R';
    default:
      return 'P';
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An order's days as its steps' times need them: midnights (UTC, ms since the epoch) and day counts. */
export interface OrderDays {
  send: number;
  pickup: number;
  arrive: number;
  receptionDays: number;
  returnDays: number;
}

/** When a step happened, from the previous step's instant and the order's days (midnights, UTC). */
export function stepTime(rng: Rng, to: TransactionStatusId, from: TransactionStatusId | null, previous: number, days: OrderDays): number {
  const hours = (min: number, max: number) => Math.floor((min + rng.next() * (max - min)) * HOUR);
  switch (to) {
    case 1:
      return from === 0 ? previous + hours(0.2, 30) : previous;
    case 2:
      return previous + hours(0.5, 8);
    case 3:
      return Math.max(previous + hours(1, 4), days.pickup + hours(6, 11));
    case 4:
      return from === 3
        ? Math.max(previous + hours(0.5, 3), days.send + hours(11, 16))
        : Math.max(previous + hours(0.2, 2), days.send + hours(6, 14));
    case 9:
    case 11:
      return Math.max(previous + hours(2, 6), days.arrive + hours(8, 15));
    case 10:
      return previous + rng.int(1, 3) * DAY + hours(-2, 2);
    case 12:
      return previous + rng.int(1, 2) * DAY + hours(-2, 2);
    case 13:
    case 14:
      return previous + hours(1, 20);
    case 6:
      return previous + hours(1, 40);
    case 7:
      return previous + hours(1, 40);
    case 8:
      return previous + hours(1, 24);
    case 5:
      if (from === 4) return Math.max(previous + hours(2, 6), days.arrive + hours(8, 15));
      if (from === 11) return previous + rng.int(0, days.receptionDays) * DAY + hours(0, 6);
      if (from === 13) return previous + rng.int(1, days.returnDays) * DAY + hours(0, 6);
      return previous + rng.int(1, 8) * DAY + hours(0, 6);
    default:
      return previous + hours(0.5, 4);
  }
}

/** Asserts in development that a generated path only takes allowed steps. */
export function pathIsValid(path: readonly TransactionStatusId[]): boolean {
  for (let i = 1; i < path.length; i++) {
    if (checkTransition(path[i - 1] as TransactionStatusId, path[i] as TransactionStatusId, ['S', 'R', 'P', 'SYS']) !== null) return false;
  }
  return true;
}
