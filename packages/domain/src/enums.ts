/**
 * Enumerations of the pallet portal, with the ids of the specification.
 * Source: portal-spec.md section 4 (states), section 6 (tasks), section 3 (location types).
 */

/** Order status ids (spec section 4). 5, 7 and 8 are final. */
export const TransactionStatus = {
  Draft: 0,
  Ordered: 1,
  Confirmed: 2,
  Picked: 3,
  Sent: 4,
  Received: 5,
  NotAgreed: 6,
  Cancelled: 7,
  Replaced: 8,
  WaitForSort: 9,
  Treatment: 10,
  WaitForConfirmation: 11,
  ReceivedSort: 12,
  WaitForAccept: 13,
  WaitForAgreement: 14,
} as const;
export type TransactionStatusId = (typeof TransactionStatus)[keyof typeof TransactionStatus];
export const transactionStatusIds = Object.values(TransactionStatus) as TransactionStatusId[];

/** Statuses in which carriers are on their way and not yet booked (domain.md, "Balances"). */
export const inTransitStatuses: readonly TransactionStatusId[] = [3, 4, 9, 10, 11, 12, 13, 14];

/**
 * Transaction (order) kinds. `code` is the short type code the order target helper of
 * spec section 2 uses: TO (to-order, a purchase from the provider), HE (henting, a pickup /
 * sale to the provider), LE (levering, a delivery between two parties).
 */
export const TransactionType = { Purchase: 1, Sale: 2, Delivery: 3 } as const;
export type TransactionTypeId = (typeof TransactionType)[keyof typeof TransactionType];
export const transactionTypeCodes: Record<TransactionTypeId, 'TO' | 'HE' | 'LE'> = {
  1: 'TO',
  2: 'HE',
  3: 'LE',
};

/** Location types (spec section 3): supplier, provider depot, wholesaler, haulier, retail store. */
export const locationTypes = ['LEV', 'NLP', 'GRS', 'TRP', 'BUT'] as const;
export type LocationType = (typeof locationTypes)[number];

/**
 * Customer groups of a location, written on an order as customerGroupFrom/To (spec section 3)
 * and used by the disagreement badges (spec section 9): GL pooling, OO commission or other,
 * TO provider depot (terminal), HE dispatch location, RO returns scheme.
 */
export const customerGroups = ['GL', 'OO', 'TO', 'HE', 'RO'] as const;
export type CustomerGroup = (typeof customerGroups)[number];

/** Task permissions gating menu and calls (spec section 6). An empty list means all tasks. */
export const tasks = ['ORDER', 'DISPATCH', 'SHIPMENT', 'RECEPTION', 'EXPEDITION', 'CONTAINER', 'REPORTS'] as const;
export type Task = (typeof tasks)[number];

/** Report levels (spec section 4): the scope of data a user sees. */
export const ReportLevel = { Location: 0, Customer: 1, Chain: 2, CustomerType: 3, Global: 4 } as const;
export type ReportLevelId = (typeof ReportLevel)[keyof typeof ReportLevel];

/** Customer and location status ids (spec section 3). */
export const EntityStatus = { Active: 1, Blocked: 2 } as const;

/** Balance kinds of the ledger (domain.md, "Balances"). */
export const balanceKinds = ['pooling', 'commission', 'physical'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

/** Alert sources (spec section 3). */
export const alertSources = [
  'Support',
  'Message',
  'Order',
  'CountAudit',
  'Invoice',
  'Log',
  'System',
  'Rental',
  'ContainerOrder',
  'PalletReceipt',
] as const;
export type AlertSource = (typeof alertSources)[number];

/** Message types (spec section 3). */
export const messageTypes = ['articles', 'guides', 'login', 'messages', 'reports', 'system'] as const;
export type MessageType = (typeof messageTypes)[number];

/** Customs handler and status (spec section 4). */
export const customsHandlers = ['kgh', 'self', 'required', 'none'] as const;
/** Who clears customs for an order across a border: a customs agent (KGH), the customer itself, declaration required, or none (issue 3). */
export type CustomsHandler = (typeof customsHandlers)[number];
export const customsStatuses = ['', 'pending', 'done'] as const;

/** Countries served (spec section 9), ISO 3166-1 alpha-2. */
export const countries = ['NO', 'SE', 'DK', 'FI'] as const;
export type Country = (typeof countries)[number];

/** Currencies per country (domain.md, "Money"). */
export const currencyByCountry: Record<Country, 'NOK' | 'SEK' | 'DKK' | 'EUR'> = {
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  FI: 'EUR',
};
