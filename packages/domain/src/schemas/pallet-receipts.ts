/**
 * Pallet receipts (issue 11; spec section 2, "/pallet-receipts" and "/pallet-receipts-inv";
 * docs/pallet-receipts.md): the handover document when carriers change hands at a dock without
 * an order in the portal. Calls: GET/POST PalletReceipts, GET PalletReceipts/{id},
 * POST PalletReceiptSignature, GET PalletReceipts/{id}/document (the PDF), and the QR link's
 * public GET PalletReceiptPublic / POST PalletReceiptAnswer. The answers' shapes are in
 * pallet-receipt-views.ts, the counterparty's consent, the provider's approval and disputes of a
 * final receipt (issue 20) in pallet-receipt-flows.ts. Quantities in carriers; dates
 * yyyy-MM-dd; instants ISO 8601 (UTC).
 *
 * Sides: the receipt is written at `locationId`'s dock. `delivered` carriers come from the
 * counterparty to the location (in at the location), `returned` carriers go from the location
 * back to the counterparty (out at the location). Signature party `from` is the counterparty's
 * side (the driver who hands over), `to` the location's.
 */
import { z } from 'zod';
import { optionalText, queryId, requiredText, ZCount, ZId, ZIdempotencyKey, ZPlainDate, ZText } from './common.js';

/**
 * Statuses of a receipt: approval (waits for provider staff's approval before the counterparty is
 * told: a counterparty the location does not trade with, or more returned than it holds; issue
 * 20), open (waiting for signatures or the counterparty), final (posted), disputed (objected
 * before it was final), void.
 */
export const palletReceiptStatuses = ['approval', 'open', 'final', 'disputed', 'void'] as const;
export type PalletReceiptStatus = (typeof palletReceiptStatuses)[number];

/** Why a receipt became final: both signed at the dock, the counterparty confirmed by QR, the reception days ran out, or provider staff decided a dispute. */
export const palletReceiptFinalReasons = ['signatures', 'confirmed', 'receptionDays', 'provider'] as const;
export type PalletReceiptFinalReason = (typeof palletReceiptFinalReasons)[number];

/** The signing parties: `from` the counterparty's side, `to` the location's. */
export const palletReceiptParties = ['from', 'to'] as const;
export type PalletReceiptParty = (typeof palletReceiptParties)[number];

/** The most product lines one receipt holds. */
export const PALLET_RECEIPT_MAX_LINES = 50;
/**
 * The most carriers of one product on one line the input schema lets through (delivered, returned
 * or counted). A handover's lines are bounded further by one truckload of the carrier on the server
 * (docs/pallet-receipts.md, "Quantities within reason"; issue 20).
 */
export const PALLET_RECEIPT_MAX_QUANTITY = 100_000;
/**
 * How many days before today (in the location's country) `handedOverAt` may lie (issue 20: a
 * receipt typed in after a weekend; never more). The counterparty's window does not start there
 * anyway, but when it is told (docs/pallet-receipts.md, "The counterparty's consent").
 */
export const PALLET_RECEIPT_MAX_BACKDATE_DAYS = 7;
/** The days after its booking day within which either side may dispute a final receipt (issue 20). */
export const PALLET_RECEIPT_DISPUTE_DAYS = 30;
/** How far back (months) an order or a final receipt between two locations makes them trading partners (issue 20). */
export const PALLET_RECEIPT_TRADING_MONTHS = 12;

/** Why a receipt waits for provider staff's approval: a counterparty it does not trade with, or more returned than the location holds. */
export const palletReceiptApprovalReasons = ['counterparty', 'quantity'] as const;
export type PalletReceiptApprovalReason = (typeof palletReceiptApprovalReasons)[number];

/** The largest signature image accepted, in bytes of PNG (about 200 kB: a 1,000 x 400 drawing). */
export const PALLET_RECEIPT_SIGNATURE_MAX_BYTES = 200_000;

const ZQuantity = ZCount.max(PALLET_RECEIPT_MAX_QUANTITY, { message: 'validation.tooBig' });

/** One product line: carriers delivered to the location and returned by it (at least one of them above 0). */
export const ZPalletReceiptLineInput = z
  .object({ productId: ZId, delivered: ZQuantity.default(0), returned: ZQuantity.default(0) })
  .refine((line) => line.delivered > 0 || line.returned > 0, { message: 'validation.required', path: ['delivered'] });

/** One counted product of an inventory receipt (`-inv`): the carriers on the ground. */
export const ZPalletReceiptCountLineInput = z.object({ productId: ZId, counted: ZQuantity });

function noRepeatedProduct(lines: readonly { productId: number }[], context: z.RefinementCtx): void {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.productId))
      context.addIssue({ code: 'custom', message: 'validation.duplicate', path: ['lines', index, 'productId'] });
    seen.add(line.productId);
  });
}

/**
 * POST PalletReceipts (a handover): the location first (spec section 5), then exactly one
 * counterparty (a portal location or an external location, 400 on `counterpartyLocationId`
 * otherwise), the haulier and car number, when the carriers changed hands (default now; at most
 * PALLET_RECEIPT_MAX_BACKDATE_DAYS back), and at least one line, each product once.
 * `requestApproval`: more returned than the location holds goes to provider staff's approval
 * instead of 400. `idempotencyKey`: the same key and body twice answer the first receipt (another
 * body with the key: 409). Answers the stored receipt (`ZPalletReceipt`), status open or approval.
 */
export const ZCreatePalletReceiptRequest = z
  .object({
    /** Absent or false: a handover (true: the inventory variant, ZCreateInventoryReceiptRequest). */
    inventory: z.literal(false, { message: 'validation.invalid' }).optional(),
    locationId: ZId,
    counterpartyLocationId: ZId.optional(),
    externalLocationId: ZId.optional(),
    haulier: requiredText(100),
    carNumber: requiredText(20),
    handedOverAt: z.iso.datetime({ offset: true, message: 'validation.date' }).optional(),
    comment: optionalText(1000),
    requestApproval: z.boolean().optional(),
    idempotencyKey: ZIdempotencyKey.optional(),
    lines: z
      .array(ZPalletReceiptLineInput)
      .min(1, { message: 'validation.noLines' })
      .max(PALLET_RECEIPT_MAX_LINES, { message: 'validation.tooLong' }),
  })
  .superRefine((request, context) => {
    if (!!request.counterpartyLocationId === !!request.externalLocationId)
      context.addIssue({ code: 'custom', message: 'validation.counterparty', path: ['counterpartyLocationId'] });
    noRepeatedProduct(request.lines, context);
  });
export type CreatePalletReceiptRequest = z.infer<typeof ZCreatePalletReceiptRequest>;

/**
 * POST PalletReceipts with `inventory: true` (the `-inv` variant): a count at the dock, the
 * counted carriers per product; saving registers a count audit of the location for the day
 * (docs/domain.md, "Count audits") and links it (`countAuditId`).
 */
export const ZCreateInventoryReceiptRequest = z
  .object({
    inventory: z.literal(true, { message: 'validation.invalid' }),
    locationId: ZId,
    handedOverAt: z.iso.datetime({ offset: true, message: 'validation.date' }).optional(),
    comment: optionalText(1000),
    idempotencyKey: ZIdempotencyKey.optional(),
    lines: z
      .array(ZPalletReceiptCountLineInput)
      .min(1, { message: 'validation.noLines' })
      .max(PALLET_RECEIPT_MAX_LINES, { message: 'validation.tooLong' }),
  })
  .superRefine((request, context) => noRepeatedProduct(request.lines, context));
export type CreateInventoryReceiptRequest = z.infer<typeof ZCreateInventoryReceiptRequest>;

/** The body of POST PalletReceipts: a handover, or with `inventory: true` a count at the dock. */
export const ZCreateAnyPalletReceiptRequest = z.discriminatedUnion(
  'inventory',
  [ZCreateInventoryReceiptRequest, ZCreatePalletReceiptRequest],
  { message: 'validation.invalid' },
);

/**
 * POST PalletReceiptSignature: one side signs on the device at the dock: the signer's name and the
 * drawing as a PNG data URL (`data:image/png;base64,...`, at most
 * PALLET_RECEIPT_SIGNATURE_MAX_BYTES; the server checks the PNG signature bytes). A party signs
 * once (409 when it has). When both sides have signed, the receipt is final and posts.
 */
export const ZPalletReceiptSignatureRequest = z.object({
  id: ZId,
  party: z.enum(palletReceiptParties, { message: 'validation.invalid' }),
  name: requiredText(100),
  image: ZText.max(Math.ceil((PALLET_RECEIPT_SIGNATURE_MAX_BYTES * 4) / 3) + 30, { message: 'validation.tooBig' }).regex(
    /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/,
    { message: 'validation.signatureImage' },
  ),
});
export type PalletReceiptSignatureRequest = z.infer<typeof ZPalletReceiptSignatureRequest>;

/**
 * GET PalletReceipts (the log): receipts of the caller's scope where the location or the
 * counterparty is in scope, newest first, at most PALLET_RECEIPTS_LIST_MAX; narrowed by location,
 * a date range of the handover (from <= to), status, the `-inv` variant, a term (number,
 * haulier, car number, counterparty name), and `awaitingMe=true`: only the open receipts the
 * caller's side is to confirm or object to (issue 20).
 */
export const ZPalletReceiptsQuery = z
  .object({
    locationId: queryId.optional(),
    from: ZPlainDate.optional(),
    to: ZPlainDate.optional(),
    status: z.enum(palletReceiptStatuses, { message: 'validation.invalid' }).optional(),
    inventory: z.enum(['true', 'false'], { message: 'validation.invalid' }).optional(),
    term: optionalText(100),
    awaitingMe: z.enum(['true', 'false'], { message: 'validation.invalid' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type PalletReceiptsQuery = z.infer<typeof ZPalletReceiptsQuery>;

/** The most receipts GET PalletReceipts answers at once. */
export const PALLET_RECEIPTS_LIST_MAX = 500;

/**
 * GET PalletReceiptCounterparties?locationId=&term=: who can be the other side of a receipt at
 * the location's dock: active portal locations (any customer's: a haulier or a wholesaler hands
 * carriers over) and the external locations of the location's customer, matched by name, number
 * or GLN (prefix), the location's trading partners first, at most 50.
 */
export const ZPalletReceiptCounterpartiesQuery = z.object({ locationId: queryId, term: optionalText(100) });
export type PalletReceiptCounterpartiesQuery = z.infer<typeof ZPalletReceiptCounterpartiesQuery>;

/**
 * POST PalletReceiptDecision (provider staff only, 403 otherwise): decide a disputed receipt:
 * `final: true` makes it final (`final_reason` provider) and posts it, once; `final: false` voids
 * it (posts nothing). The comment says why; 409 unless the receipt is disputed.
 */
export const ZPalletReceiptDecisionRequest = z.object({
  id: ZId,
  final: z.boolean(),
  comment: requiredText(1000),
});
export type PalletReceiptDecisionRequest = z.infer<typeof ZPalletReceiptDecisionRequest>;

/** GET PalletReceiptPublic?token=: what the QR link shows without an account (no user names, no other receipt). */
export const ZPalletReceiptPublicQuery = z.object({ token: requiredText(100) });

/**
 * POST PalletReceiptAnswer (no account; the QR link's token): the counterparty confirms the
 * receipt (it becomes final and posts, once) or objects with a reason (it becomes disputed and
 * posts nothing), while it is open and within its window; 409 otherwise. The link of the dock
 * (POST PalletReceipts' `qrUrl`) answers only when no other party's balance moves; for one that
 * does, only the link mailed to the counterparty answers (403 for the dock's; issue 20).
 */
export const ZPalletReceiptAnswerRequest = z
  .object({
    token: requiredText(100),
    confirm: z.boolean(),
    name: requiredText(100),
    objection: optionalText(1000),
  })
  .refine((answer) => answer.confirm || !!answer.objection, { message: 'validation.objection', path: ['objection'] });
export type PalletReceiptAnswerRequest = z.infer<typeof ZPalletReceiptAnswerRequest>;
