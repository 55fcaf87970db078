/**
 * Count audits (spec section 3, "Count audit"; domain.md, "Count audit"; docs/domain.md, "Count
 * audits"): the rules the server applies and the web shows, without I/O.
 */

/** The states of a count audit: registered by the location, then confirmed or rejected by the provider, once. */
export const countAuditStatuses = ['registered', 'confirmed', 'rejected'] as const;
export type CountAuditStatus = (typeof countAuditStatuses)[number];

/** Most carriers of one product a count may report (a large depot holds some 100,000 EUR pallets). */
export const COUNT_MAX_QUANTITY = 1_000_000;

/** Most products one count may list (the catalogue has far fewer). */
export const COUNT_MAX_LINES = 200;

/**
 * The difference of a count line in carriers: counted minus the ledger balance at the end of
 * the count date. Positive: more carriers on the ground than booked (the correction adds them).
 */
export function countDifference(countedQuantity: number, balance: number): number {
  return countedQuantity - balance;
}

/**
 * The balance kind a count's correction posts to (issue 8): pooling at a location that takes
 * part in the pool (a pooling location or a provider depot, type NLP), commission anywhere else,
 * as an order between such locations would post (`balanceKindFor`).
 */
export function correctionBalanceKind(location: { isPooling: boolean; typeId: string }): 'pooling' | 'commission' {
  return location.isPooling || location.typeId === 'NLP' ? 'pooling' : 'commission';
}

/** Why a user may not decide (confirm or reject) a count, or null when they may. */
export type CountDecisionRefusal = 'notProvider' | 'registeredIt' | 'ownCustomer';

/**
 * Whether `decider` may confirm or reject a count (issue 8: "provider staff confirm a count; the
 * location cannot confirm its own"): only provider staff (global admins and the provider's own
 * users); never the user who registered it; never a user of the counted location's customer.
 * A provider depot's count is the provider's own: there any provider staff but the one who
 * registered it decides (four eyes), or nobody could.
 */
export function countDecisionRefusal(
  decider: { userId: number; customerId: number; isProvider: boolean },
  audit: { registeredByUserId: number; locationCustomerId: number; locationIsDepot: boolean },
): CountDecisionRefusal | null {
  if (!decider.isProvider) return 'notProvider';
  if (decider.userId === audit.registeredByUserId) return 'registeredIt';
  if (!audit.locationIsDepot && decider.customerId === audit.locationCustomerId) return 'ownCustomer';
  return null;
}
