/**
 * The plan of the demo orders before they are made (orders.ts): each order's send date as an
 * offset from today, and for the walkthroughs' orders the location and status they must show.
 */
import type { TransactionStatusId } from '@portal/domain';
import type { SeedContext, SeedLocation } from './context.js';
import type { OrderKind } from './order-flow.js';

/** One order to make. */
export interface Plan {
  /** The send date, in days from today (negative: past). */
  offset: number;
  /** The location the order must be made for (a walkthrough's). */
  actor?: SeedLocation;
  /** The status the order must end in (a walkthrough's). */
  status?: TransactionStatusId;
}

/** The kind of order that can show a wanted status at a location. */
export function forcedKind(actor: SeedLocation, status: TransactionStatusId): OrderKind | 'inbound' {
  const sorting = [9, 10, 12, 13, 14].includes(status);
  if (actor.isReturnScheme && !actor.isPooling && !actor.isCommission) return sorting ? 'return' : 'inbound';
  return sorting ? 'sale' : 'purchase';
}

/**
 * The send-date offsets (days from today) of every order, sorted, so that ids follow time:
 * busier recent months, 3% still ahead. The demo users' locations also get a set of
 * recent orders in the statuses the walkthroughs show (drafts, sent, not agreed, sorting).
 */
export function planOrders(ctx: SeedContext, count: number, demoLocations: SeedLocation[], kariLocations: SeedLocation[]): Plan[] {
  const { rng } = ctx;
  const forced: Plan[] = [];
  const offsetFor = (s: number): number =>
    s === 0
      ? rng.int(-5, 10)
      : s === 1 || s === 2
        ? rng.int(1, 10)
        : s === 3
          ? rng.int(0, 1)
          : s === 4
            ? rng.int(-3, -1)
            : s === 11
              ? rng.int(-5, -1)
              : s === 6
                ? rng.int(-20, -3)
                : s === 7
                  ? rng.int(-30, 5)
                  : s === 13 || s === 14
                    ? rng.int(-14, -3)
                    : rng.int(-10, -2);
  for (const actor of demoLocations.slice(1)) {
    for (const s of [0, 0, 0, 1, 2, 3, 4, 4, 4, 11, 11, 6, 6, 9, 10, 12, 13, 14, 7] as TransactionStatusId[]) {
      forced.push({ actor, status: s, offset: offsetFor(s) });
    }
  }
  // Carriers on their way to each of kari's locations, and a disagreement and a draft there.
  for (const actor of kariLocations) {
    for (const s of [4, 4, 11, 6, 0] as TransactionStatusId[]) forced.push({ actor, status: s, offset: offsetFor(s) });
  }
  const plans: Plan[] = forced.slice(0, count);
  while (plans.length < count) {
    plans.push({ offset: rng.chance(0.03) ? rng.int(1, 21) : -Math.floor(730 * rng.next() ** 1.15) });
  }
  return plans.sort((a, b) => a.offset - b.offset);
}
