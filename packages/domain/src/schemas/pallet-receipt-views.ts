/**
 * What the pallet receipt calls answer (issue 11 and 20; docs/pallet-receipts.md): a receipt, a
 * row of the log, the QR link's public summary, a counterparty offered, and a dispute of a final
 * receipt. Quantities in carriers; dates yyyy-MM-dd; instants ISO 8601 (UTC).
 */
import { z } from 'zod';
import { palletReceiptApprovalReasons, palletReceiptFinalReasons, palletReceiptParties, palletReceiptStatuses } from './pallet-receipts.js';

/** A party of a receipt as shown: id, name, number (location number or external location number). */
export const ZPalletReceiptPartyInfo = z.object({
  kind: z.enum(['location', 'external']),
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
});

/** A receipt line as stored. */
export const ZPalletReceiptLine = z.object({
  productId: z.number().int(),
  productName: z.string(),
  delivered: z.number().int(),
  returned: z.number().int(),
  counted: z.number().int().nullable(),
});

/** A signature as shown (the image is fetched with the document or the detail). */
export const ZPalletReceiptSignature = z.object({
  party: z.enum(palletReceiptParties),
  name: z.string(),
  signedAt: z.string(),
  /** The drawing as a PNG data URL. */
  image: z.string(),
});

/** Statuses of a dispute of a final receipt: open (provider staff decide), rejected, corrected (the difference posted once). */
export const palletReceiptDisputeStatuses = ['open', 'rejected', 'corrected'] as const;
export type PalletReceiptDisputeStatus = (typeof palletReceiptDisputeStatuses)[number];

/**
 * A dispute of a final receipt (issue 20): who raised it for which side, why, and per product the
 * quantities it should be (`delivered`/`returned`) next to those in force when it was raised
 * (`wasDelivered`/`wasReturned`: the receipt's, or an earlier correction's); provider staff's
 * decision. The receipt itself never changes; a correction posts the difference.
 */
export const ZPalletReceiptDispute = z.object({
  id: z.number().int(),
  status: z.enum(palletReceiptDisputeStatuses),
  side: z.enum(['location', 'counterparty']),
  reason: z.string(),
  raisedBy: z.string(),
  raisedAt: z.string(),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      delivered: z.number().int(),
      returned: z.number().int(),
      wasDelivered: z.number().int(),
      wasReturned: z.number().int(),
    }),
  ),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionComment: z.string().nullable(),
});
export type PalletReceiptDispute = z.infer<typeof ZPalletReceiptDispute>;

/**
 * What the caller may do with the receipt now (issue 20), so a screen offers only that: `sign` a
 * missing side; `confirm` (or object) as a user of the counterparty; `approve` (or void) it as
 * provider staff while it waits for approval; `decide` an objection as provider staff; `dispute`
 * it, final, as a user of either side within PALLET_RECEIPT_DISPUTE_DAYS; `decideDispute` its
 * open dispute as provider staff.
 */
export const ZPalletReceiptActions = z.object({
  sign: z.boolean(),
  confirm: z.boolean(),
  approve: z.boolean(),
  decide: z.boolean(),
  dispute: z.boolean(),
  decideDispute: z.boolean(),
});
export type PalletReceiptActions = z.infer<typeof ZPalletReceiptActions>;

/** GET PalletReceipts/{id} and the answer of the writing calls. */
export const ZPalletReceipt = z.object({
  id: z.number().int(),
  receiptNumber: z.string(),
  inventory: z.boolean(),
  location: ZPalletReceiptPartyInfo,
  counterparty: ZPalletReceiptPartyInfo.nullable(),
  haulier: z.string().nullable(),
  carNumber: z.string().nullable(),
  handedOverAt: z.string(),
  comment: z.string().nullable(),
  status: z.enum(palletReceiptStatuses),
  finalReason: z.enum(palletReceiptFinalReasons).nullable(),
  /**
   * Another party's balance moves (a portal counterparty of another customer, a provider depot,
   * or one outside the writer's scope): the signatures at the dock record the handover, and the
   * receipt posts only when the counterparty confirms or its window passes (issue 20).
   */
  needsConsent: z.boolean(),
  /** Why it waits (or waited) for provider staff's approval; empty when it never did. */
  approvalReasons: z.array(z.enum(palletReceiptApprovalReasons)),
  approvedAt: z.string().nullable(),
  /** When the counterparty was told (mailed and alerted): its window starts here, never at `handedOverAt`. */
  toldAt: z.string().nullable(),
  /** The last day the counterparty may answer (yyyy-MM-dd, its country's date); final without an answer after it. Null until told. */
  dueDate: z.string().nullable(),
  postedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  objectedAt: z.string().nullable(),
  objection: z.string().nullable(),
  countAuditId: z.number().int().nullable(),
  createdBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lines: z.array(ZPalletReceiptLine),
  signatures: z.array(ZPalletReceiptSignature),
  /** Disputes of the final receipt, oldest first. */
  disputes: z.array(ZPalletReceiptDispute),
  actions: ZPalletReceiptActions,
  /**
   * The dock's QR link (`<PUBLIC_URL>/receipt/<token>`): only in the answer of POST PalletReceipts
   * that wrote it, the one time the token exists in clear (the database keeps its SHA-256); null
   * afterwards, on an idempotent repeat, and for a count at the dock (nothing to answer). It shows
   * the public summary; it confirms only when no other party's balance moves.
   */
  qrUrl: z.string().nullable(),
});
export type PalletReceipt = z.infer<typeof ZPalletReceipt>;

/** One counterparty offered: a portal location or an external location, with its place. */
export const ZPalletReceiptCounterparty = ZPalletReceiptPartyInfo.extend({
  city: z.string().nullable(),
  /** A trading partner of the location (docs/pallet-receipts.md); otherwise the receipt waits for provider staff's approval. */
  trading: z.boolean(),
  /** Its balance would move: the receipt posts when it confirms or its window passes, not on the dock's signatures. */
  needsConsent: z.boolean(),
});
export type PalletReceiptCounterparty = z.infer<typeof ZPalletReceiptCounterparty>;

/**
 * GET PalletReceiptPublic?token=: the public summary the QR link shows, without an account: the
 * number, the two parties' names, haulier, car number, when, the lines, status, due date and which
 * sides signed. No user names, e-mail addresses or ids of anything else. `mayAnswer`: this link
 * may still confirm or object (open, told, not past `dueDate`, and the link may answer);
 * `answersElsewhere`: the dock's link of a receipt whose counterparty answers in the portal or
 * through the link mailed to it (issue 20).
 */
export const ZPalletReceiptPublic = z.object({
  receiptNumber: z.string(),
  locationName: z.string(),
  counterpartyName: z.string().nullable(),
  haulier: z.string().nullable(),
  carNumber: z.string().nullable(),
  handedOverAt: z.string(),
  status: z.enum(palletReceiptStatuses),
  finalReason: z.enum(palletReceiptFinalReasons).nullable(),
  dueDate: z.string().nullable(),
  lines: z.array(ZPalletReceiptLine.pick({ productName: true, delivered: true, returned: true })),
  signed: z.object({ from: z.boolean(), to: z.boolean() }),
  confirmedAt: z.string().nullable(),
  objectedAt: z.string().nullable(),
  mayAnswer: z.boolean(),
  answersElsewhere: z.boolean(),
});
export type PalletReceiptPublic = z.infer<typeof ZPalletReceiptPublic>;

/** One receipt of the log (GET PalletReceipts): the detail without lines' names, signatures' images or comment. */
export const ZPalletReceiptSummary = ZPalletReceipt.pick({
  id: true,
  receiptNumber: true,
  inventory: true,
  location: true,
  counterparty: true,
  haulier: true,
  carNumber: true,
  handedOverAt: true,
  status: true,
  finalReason: true,
  needsConsent: true,
  dueDate: true,
  countAuditId: true,
}).extend({
  /** Carriers delivered to the location, over all lines. */
  delivered: z.number().int(),
  /** Carriers returned by the location, over all lines. */
  returned: z.number().int(),
  /** Which sides signed. */
  signed: z.object({ from: z.boolean(), to: z.boolean() }),
  /** The caller's side is to confirm or object to it (open, needs consent, the caller a user of the counterparty). */
  awaitingMe: z.boolean(),
});
export type PalletReceiptSummary = z.infer<typeof ZPalletReceiptSummary>;
