/**
 * Who sees money (spec section 6, "separate finance-report permission"; domain.md, "Who sees
 * what"): provider staff and users with the finance-report permission see invoices, prices and
 * amounts; everyone else sees no money anywhere. The server enforces it (`requireFinance`); the
 * web uses the same rule to hide what the server would refuse.
 */

/** The facts of the acting user that decide whether it sees money. */
export interface MoneyViewer {
  isProvider: boolean;
  user: { isGlobalAdmin: boolean; financeReport: boolean };
}

/** Whether the acting user may see invoices, prices and amounts. */
export function maySeeMoney(viewer: MoneyViewer): boolean {
  return viewer.isProvider || viewer.user.isGlobalAdmin || viewer.user.financeReport;
}
