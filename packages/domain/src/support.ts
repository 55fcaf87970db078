/**
 * Support cases (issue 10, "Support"; spec sections 3 and 4; docs/support.md): the statuses,
 * priorities and categories of a case, the status machine and the archive rule.
 */

/** Status of a case (spec section 4: New, Open, Pending, Closed, Archived). */
export const supportStatuses = ['New', 'Open', 'Pending', 'Closed', 'Archived'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** Priority of a case (spec section 4: Low, Normal, High). */
export const supportPriorities = ['Low', 'Normal', 'High'] as const;
export type SupportPriority = (typeof supportPriorities)[number];

/** Categories a case (and an answer template) belongs to; the web names them per locale. */
export const supportCategories = ['order', 'delivery', 'balance', 'invoice', 'product', 'account', 'other'] as const;
export type SupportCategory = (typeof supportCategories)[number];

/**
 * Days a case stays Closed before the archive job archives it (issue 10: "A case closed for 30
 * days is archived by a job").
 */
export const SUPPORT_ARCHIVE_DAYS = 30;

/** The most cases GET SupportTickets answers at once (narrow by filters for more). */
export const SUPPORT_TICKETS_LIST_MAX = 500;

/**
 * The statuses provider staff may set a case to from `from` (docs/support.md, "Status"):
 * New -> Open (taken or answered), Pending (waiting for the customer) or Closed; Open -> Pending or
 * Closed; Pending -> Open or Closed; Closed -> Open (reopened) or Archived (early). Archived is
 * final: nothing moves it back.
 */
export const supportStatusTransitions: Record<SupportStatus, readonly SupportStatus[]> = {
  New: ['Open', 'Pending', 'Closed'],
  Open: ['Pending', 'Closed'],
  Pending: ['Open', 'Closed'],
  Closed: ['Open', 'Archived'],
  Archived: [],
};

/** Whether provider staff may move a case from `from` to `to` (the same status is no move). */
export function maySetSupportStatus(from: SupportStatus, to: SupportStatus): boolean {
  return supportStatusTransitions[from].includes(to);
}

/**
 * The status after a comment (docs/support.md, "Status"). Internal comments change nothing. A
 * customer's reply reopens a Pending or Closed case (Open); provider staff's first answer to a New
 * case opens it. Archived cases take no comments (the caller refuses them first).
 */
export function statusAfterComment(status: SupportStatus, byProvider: boolean, internal: boolean): SupportStatus {
  if (internal) return status;
  if (byProvider) return status === 'New' ? 'Open' : status;
  return status === 'Pending' || status === 'Closed' ? 'Open' : status;
}

/** Whether a case takes comments and edits (everything but Archived). */
export function supportCaseIsLive(status: SupportStatus): boolean {
  return status !== 'Archived';
}
