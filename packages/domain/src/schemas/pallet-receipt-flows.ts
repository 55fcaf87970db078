/**
 * The calls that decide who agrees to a pallet receipt (issue 20; docs/pallet-receipts.md, "The
 * counterparty's consent", "Provider approval", "Disputes of a final receipt"): the counterparty
 * confirms or objects in its own session, provider staff approve a receipt that waits for them,
 * either side disputes a final receipt and provider staff decide the dispute. Each answers the
 * receipt (`ZPalletReceipt`).
 */
import { z } from 'zod';
import { optionalText, requiredText, ZCount, ZId, ZIdempotencyKey } from './common.js';
import { PALLET_RECEIPT_MAX_LINES, PALLET_RECEIPT_MAX_QUANTITY } from './pallet-receipts.js';

/**
 * POST PalletReceiptConfirmation: a user of the counterparty (its own customer's session whose
 * scope holds the counterparty location and who may use pallet receipts; provider staff for a
 * depot) confirms an open receipt (final, posts once) or objects with a reason (disputed), within
 * its window. 404 for a receipt the caller does not see, 403 for a caller who is no user of the
 * counterparty, 409 when it is not open or the window has passed.
 */
export const ZPalletReceiptConfirmationRequest = z
  .object({
    id: ZId,
    confirm: z.boolean(),
    objection: optionalText(1000),
  })
  .refine((answer) => answer.confirm || !!answer.objection, { message: 'validation.objection', path: ['objection'] });
export type PalletReceiptConfirmationRequest = z.infer<typeof ZPalletReceiptConfirmationRequest>;

/**
 * POST PalletReceiptApproval (provider staff only, 403 otherwise): approve a receipt that waits
 * for approval (it opens: the counterparty is told now and its window starts) or void it (posts
 * nothing), with a comment; 409 unless it waits for approval.
 */
export const ZPalletReceiptApprovalRequest = z.object({
  id: ZId,
  approve: z.boolean(),
  comment: requiredText(1000),
});
export type PalletReceiptApprovalRequest = z.infer<typeof ZPalletReceiptApprovalRequest>;

const ZDisputeQuantity = ZCount.max(PALLET_RECEIPT_MAX_QUANTITY, { message: 'validation.tooBig' });

/**
 * POST PalletReceiptDisputes: a user of either side disputes a final receipt within
 * PALLET_RECEIPT_DISPUTE_DAYS of its booking day, with a reason and, per product, the carriers it
 * should be (a product not named keeps its quantities; one named with 0 and 0 should not be on
 * it). One open dispute per receipt (409 while one is open or after the window); 400 when the
 * lines change nothing. `idempotencyKey` as for receipts.
 */
export const ZPalletReceiptDisputeRequest = z
  .object({
    receiptId: ZId,
    reason: requiredText(1000),
    idempotencyKey: ZIdempotencyKey.optional(),
    lines: z
      .array(z.object({ productId: ZId, delivered: ZDisputeQuantity.default(0), returned: ZDisputeQuantity.default(0) }))
      .min(1, { message: 'validation.noLines' })
      .max(PALLET_RECEIPT_MAX_LINES, { message: 'validation.tooLong' }),
  })
  .superRefine((request, context) => {
    const seen = new Set<number>();
    request.lines.forEach((line, index) => {
      if (seen.has(line.productId))
        context.addIssue({ code: 'custom', message: 'validation.duplicate', path: ['lines', index, 'productId'] });
      seen.add(line.productId);
    });
  });
export type PalletReceiptDisputeRequest = z.infer<typeof ZPalletReceiptDisputeRequest>;

/**
 * POST PalletReceiptDisputeDecision (provider staff only, 403 otherwise): decide the open dispute
 * `id`: `correct: true` posts the difference between the quantities in force and the disputed
 * ones, once, to both sides' ledgers with the receipt as source; `false` rejects it. The comment
 * says why; 409 unless the dispute is open.
 */
export const ZPalletReceiptDisputeDecisionRequest = z.object({
  id: ZId,
  correct: z.boolean(),
  comment: requiredText(1000),
});
export type PalletReceiptDisputeDecisionRequest = z.infer<typeof ZPalletReceiptDisputeDecisionRequest>;
