/**
 * Disagreement badges of the menu (spec section 9). The rule and the poll live with the order
 * lists (features/orders/lib/disagreements.ts), which show the orders each badge counts.
 */
export {
  countDisagreements,
  DISAGREEMENT_POLL_MS,
  type DisagreementCounts,
  type DisagreementOrder,
  disagreementIds,
  disagreementsQuery,
  isDisagreementArea,
} from '../../features/orders/lib/disagreements';
