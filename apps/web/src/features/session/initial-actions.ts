/**
 * The actions of POST Actions the app loads at start, in the order the answer follows (spec
 * section 7). Shared by the session calls and the build's boot script (app-html.ts), which
 * sends the same request while the entry still downloads.
 */
export const initialActions = ['Status', 'TransactionTypes', 'TransactionStatuses', 'WebTaskUsers', 'TruckTypes', 'InterCompany'] as const;
