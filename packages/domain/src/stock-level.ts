/**
 * Stock levels (spec section 3: the user notification "stock level"; docs/domain.md, "Balance
 * screen"): a lower and an upper level per location and product, in carriers, against the
 * location's balance of that product (pooling plus commission: the carriers it holds). The
 * server decides with these rules when the stock-level mail goes out; the web with the same
 * rules when the balance shows its warning icon.
 */

/** Where a balance stands against its levels. */
export const stockLevelStates = ['below', 'within', 'above'] as const;
export type StockLevelState = (typeof stockLevelStates)[number];

/** The largest level a user may set, in carriers (the portal's quantity bound). */
export const STOCK_LEVEL_MAX = 100_000;

/**
 * Where `balance` stands: `below` when under the lower level, `above` when over the upper
 * level, else `within` (a level that is null does not apply; a balance equal to a level is
 * within).
 */
export function stockLevelState(balance: number, lowerLevel: number | null, upperLevel: number | null): StockLevelState {
  if (lowerLevel !== null && balance < lowerLevel) return 'below';
  if (upperLevel !== null && balance > upperLevel) return 'above';
  return 'within';
}

/**
 * The crossing a move from `previous` to `next` makes, which the stock-level mail reports: the
 * level the balance has just gone past (`below` the lower, `above` the upper), or null when it
 * stays where it was or returns within its levels (a silent reset, so the next crossing mails
 * again).
 */
export function stockLevelCrossing(previous: StockLevelState, next: StockLevelState): 'below' | 'above' | null {
  if (next === previous || next === 'within') return null;
  return next;
}
