/**
 * Disputes of booked movements (issue 22, "Disputes with deadlines, evidence and a decision that
 * posts once"; domain.md, "Agreement between parties"; docs/disputes.md): after a movement posted,
 * a party disputes it within the pool's dispute window (DISPUTE_WINDOW_DAYS from its booking day),
 * the other party answers within its own deadline (DISPUTE_ANSWER_DAYS), silence accepts, a
 * rejection goes to the provider, whose decision is final. The outcome posts a correction once,
 * with the dispute as its source; nothing is edited.
 */
import { z } from 'zod';
import { ZAttachment } from './attachments.js';
import { integer, optionalText, queryBigId, queryId, requiredText, ZBigId, ZId, ZIdempotencyKey, ZInt4, ZPlainDate } from './common.js';

/** The pool's default dispute window: days after a movement's booking day a party may dispute it. */
export const DISPUTE_WINDOW_DAYS = 30;
/** The default deadline of the party a dispute waits for: days from the day it was told. */
export const DISPUTE_ANSWER_DAYS = 14;
/** The largest quantity a dispute's line may propose (a truckload is far less; as receipts' bound). */
export const DISPUTE_MAX_QUANTITY = 100_000;
/** Products one dispute may name. */
export const DISPUTE_MAX_LINES = 50;

/**
 * What a movement may be disputed from: a received order (status 5), a final pallet receipt, a
 * container rental (its containers out, from its depot to its location) or a single ledger entry
 * of its own (`disputableEntrySources`: one-sided, the pool being the other party).
 */
export const disputeSourceKinds = ['order', 'palletReceipt', 'rental', 'ledgerEntry'] as const;
export type DisputeSourceKind = (typeof disputeSourceKinds)[number];

/** The ledger sources whose single entries may be disputed: those of no order, receipt or rental, and no dispute's. */
export const disputableEntrySources = ['opening', 'issue', 'scrap', 'correction'] as const;

/** A movement named by exactly one of its ids (POST Disputes, POST DisputeWindowExtension, GET DisputeMovement). */
const sourceFields = {
  orderId: ZBigId.optional(),
  palletReceiptId: ZId.optional(),
  rentalId: ZId.optional(),
  ledgerEntryId: ZBigId.optional(),
};
const sourceCount = (r: { orderId?: number; palletReceiptId?: number; rentalId?: number; ledgerEntryId?: number }) =>
  [r.orderId, r.palletReceiptId, r.rentalId, r.ledgerEntryId].filter((v) => v !== undefined).length;
/** Exactly one source, else 400 `validation.disputeSource` on `orderId`. */
const oneSource: [(r: Parameters<typeof sourceCount>[0]) => boolean, { message: string; path: string[] }] = [
  (r) => sourceCount(r) === 1,
  { message: 'validation.disputeSource', path: ['orderId'] },
];

/** The source a request names (exactly one is set: the schemas check it). */
export function disputeSourceOf(r: { orderId?: number; palletReceiptId?: number; rentalId?: number; ledgerEntryId?: number }): {
  kind: DisputeSourceKind;
  id: number;
} {
  if (r.orderId !== undefined) return { kind: 'order', id: r.orderId };
  if (r.palletReceiptId !== undefined) return { kind: 'palletReceipt', id: r.palletReceiptId };
  if (r.rentalId !== undefined) return { kind: 'rental', id: r.rentalId };
  return { kind: 'ledgerEntry', id: Number(r.ledgerEntryId) };
}

/** What is wrong with the movement, as the opener says. */
export const disputeProblems = ['quantity', 'product', 'counterparty', 'bookingDate'] as const;
export type DisputeProblem = (typeof disputeProblems)[number];

/**
 * A dispute's states: open (waiting for a party's answer), accepted (posted), rejected (waiting
 * for the provider), decidedFor (the provider upheld it: posted), decidedAgainst (nothing posts),
 * withdrawn (by its opener; nothing posts).
 */
export const disputeStatuses = ['open', 'accepted', 'rejected', 'decidedFor', 'decidedAgainst', 'withdrawn'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Whose move it is: the counterparty, the opener (after a counter-proposal), the provider, or nobody (ended). */
export const disputeWaitingOn = ['counterparty', 'opener', 'provider'] as const;

/** The history's events. */
export const disputeEvents = [
  'opened',
  'proposed',
  'accepted',
  'rejected',
  'silenceAccepted',
  'decidedFor',
  'decidedAgainst',
  'withdrawn',
  'extended',
  'evidenceAdded',
] as const;
export type DisputeEvent = (typeof disputeEvents)[number];

/**
 * Carriers from the movement's sender to its receiver. A receipt's net (delivered - returned) may
 * be negative; an order's never (400 `validation.tooSmall` on the line, from the use case).
 */
const ZDisputeQuantity = integer(-DISPUTE_MAX_QUANTITY, DISPUTE_MAX_QUANTITY);

/** Per product, the carriers the movement should have moved (from its sender to its receiver). */
const ZDisputeLines = z
  .array(z.object({ productId: ZId, quantity: ZDisputeQuantity }))
  .min(1, { message: 'validation.noLines' })
  .max(DISPUTE_MAX_LINES, { message: 'validation.tooLong' })
  .superRefine((lines, context) => {
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      if (seen.has(line.productId)) context.addIssue({ code: 'custom', message: 'validation.duplicate', path: [index, 'productId'] });
      seen.add(line.productId);
    });
  });

/**
 * POST Disputes: a party of a received order (`orderId`), a final pallet receipt
 * (`palletReceiptId`), a rental (`rentalId`) or a single ledger entry (`ledgerEntryId`; exactly
 * one of them) disputes it, within the window from its booking day in the opener's location's
 * date: what is wrong, per product the carriers it should be (products not named keep theirs), a
 * comment; `idempotencyKey` as every create (the same key answers the first dispute).
 */
export const ZOpenDisputeRequest = z
  .object({
    ...sourceFields,
    problem: z.enum(disputeProblems),
    comment: requiredText(2000),
    lines: ZDisputeLines,
    idempotencyKey: ZIdempotencyKey.optional(),
  })
  .refine(...oneSource);
export type OpenDisputeRequest = z.infer<typeof ZOpenDisputeRequest>;

/**
 * POST DisputeAnswer: the party the dispute waits for answers: `accept` (the proposal posts once),
 * `reject` with a comment (it goes to the provider), or `propose` other quantities (the other
 * party now answers). `version` is the dispute's as read: a stale one is 409.
 */
export const ZDisputeAnswerRequest = z
  .object({
    id: ZId,
    version: ZInt4,
    answer: z.enum(['accept', 'reject', 'propose']),
    comment: optionalText(2000),
    lines: ZDisputeLines.optional(),
  })
  .refine((r) => r.answer !== 'reject' || !!r.comment, { message: 'validation.commentRequired', path: ['comment'] })
  .refine((r) => r.answer !== 'propose' || !!r.lines, { message: 'validation.noLines', path: ['lines'] });
export type DisputeAnswerRequest = z.infer<typeof ZDisputeAnswerRequest>;

/** POST DisputeDecision (provider support or global admins): a rejected dispute decided for (posts once) or against, with a comment. */
export const ZDisputeDecisionRequest = z.object({
  id: ZId,
  version: ZInt4,
  decideFor: z.boolean(),
  comment: requiredText(2000),
});
export type DisputeDecisionRequest = z.infer<typeof ZDisputeDecisionRequest>;

/** POST DisputeWithdrawal: the opener withdraws an open or rejected dispute; nothing posts. */
export const ZDisputeWithdrawalRequest = z.object({ id: ZId, version: ZInt4, comment: optionalText(2000) });
export type DisputeWithdrawalRequest = z.infer<typeof ZDisputeWithdrawalRequest>;

/**
 * POST DisputeWindowExtension (provider staff): a movement may be disputed through `until`
 * (yyyy-MM-dd), later than its window; one extension per movement, a later one replaces it.
 */
export const ZDisputeWindowExtensionRequest = z
  .object({ ...sourceFields, until: ZPlainDate, comment: requiredText(1000) })
  .refine(...oneSource);
export type DisputeWindowExtensionRequest = z.infer<typeof ZDisputeWindowExtensionRequest>;

/** The lists of GET Disputes: open ones, those waiting for the caller's side, for the other side, decided ones (ended). */
export const disputeLists = ['open', 'waitingForMe', 'waitingForThem', 'decided'] as const;
export type DisputeList = (typeof disputeLists)[number];

/** GET Disputes: one list (default open), optionally of one order. */
export const ZDisputesQuery = z.object({
  list: z.enum(disputeLists).default('open'),
  orderId: queryBigId.optional(),
});
export type DisputesQuery = z.infer<typeof ZDisputesQuery>;

/** A party of a dispute: a portal location, its number and its customer's name. */
const ZDisputeParty = z.object({ locationId: z.number().int(), name: z.string(), customerName: z.string() });

/** One row of GET Disputes. */
export const ZDisputeSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  sourceKind: z.enum(disputeSourceKinds),
  orderId: z.number().int().nullable(),
  palletReceiptId: z.number().int().nullable(),
  rentalId: z.number().int().nullable(),
  ledgerEntryId: z.number().int().nullable(),
  /** The movement's booking day (yyyy-MM-dd). */
  bookingDate: z.string(),
  problem: z.enum(disputeProblems),
  status: z.enum(disputeStatuses),
  waitingOn: z.enum(disputeWaitingOn).nullable(),
  /** The last day the party waited for may answer (yyyy-MM-dd); null once it waits for nobody or for the provider. */
  answerDue: z.string().nullable(),
  /** Days left to `answerDue` in the opener's country (0 on the day itself); null without a deadline. */
  daysLeft: z.number().int().nullable(),
  opener: ZDisputeParty,
  counterparty: ZDisputeParty,
  /** The movement's sender and receiver (the quantities move from `from` to `to`). */
  fromLocationId: z.number().int(),
  toLocationId: z.number().int(),
  openedAt: z.string(),
  /** Whether the caller's side is the one the dispute waits for. */
  waitingForMe: z.boolean(),
});
export type DisputeSummary = z.infer<typeof ZDisputeSummary>;

/** A line: the carriers in force when the dispute was opened and those proposed now. */
export const ZDisputeLine = z.object({
  productId: z.number().int(),
  productName: z.string(),
  wasQuantity: z.number().int(),
  quantity: z.number().int(),
});

/** One event of a dispute's history. */
export const ZDisputeHistoryEntry = z.object({
  event: z.enum(disputeEvents),
  at: z.string(),
  /** The user's name; null for the scheduler (silence). */
  by: z.string().nullable(),
  comment: z.string().nullable(),
  /** The quantities proposed with the event (opened, proposed), else null. */
  lines: z.array(z.object({ productId: z.number().int(), quantity: z.number().int() })).nullable(),
});

/**
 * What the caller may do with a dispute now (the same rules the calls check); `addEvidence`: a
 * party while it is unended (open or rejected).
 */
export const ZDisputeActions = z.object({ answer: z.boolean(), decide: z.boolean(), withdraw: z.boolean(), addEvidence: z.boolean() });

/**
 * The multipart/form-data body of POST DisputeEvidence as the OpenAPI document describes it
 * (documentation only: the route reads the parts itself). `disputeId` comes before the file (or
 * as a query parameter).
 */
export const ZDisputeEvidenceUploadForm = z.object({
  disputeId: z.number().int().positive().describe('The dispute; before the file part, or as the query parameter disputeId'),
  file: z.file().describe('A photo (JPG, PNG, GIF, WebP) or a PDF, at most 10 MiB, told by its first bytes'),
});

/** GET Disputes/{id}: the dispute with its lines, history and actions. */
export const ZDispute = ZDisputeSummary.extend({
  comment: z.string(),
  decisionComment: z.string().nullable(),
  /** When its correction posted (ledger source `dispute`, the dispute its source); null when nothing posted. */
  postedAt: z.string().nullable(),
  lines: z.array(ZDisputeLine),
  history: z.array(ZDisputeHistoryEntry),
  /** Its evidence (photos, PDFs), oldest first: name, size, who added it and when; the file is GET DisputeEvidence/{id}. */
  evidence: z.array(ZAttachment),
  actions: ZDisputeActions,
});
export type Dispute = z.infer<typeof ZDispute>;

/** GET/POST DisputeSettings: the pool's dispute window and answer deadline, in days. */
export const ZDisputeSettings = z.object({
  windowDays: z.number().int().min(1, { message: 'validation.tooSmall' }).max(365, { message: 'validation.tooBig' }),
  answerDays: z.number().int().min(1, { message: 'validation.tooSmall' }).max(90, { message: 'validation.tooBig' }),
});
export type DisputeSettings = z.infer<typeof ZDisputeSettings>;

/** GET DisputeMovement: the movement named by exactly one of its ids (query parameters). */
export const ZDisputeMovementQuery = z
  .object({
    orderId: queryBigId.optional(),
    palletReceiptId: queryId.optional(),
    rentalId: queryId.optional(),
    ledgerEntryId: queryBigId.optional(),
  })
  .refine(...oneSource);
export type DisputeMovementQuery = z.infer<typeof ZDisputeMovementQuery>;

/**
 * GET DisputeMovement: what a dispute of the movement would start from: its kind and id, booking
 * day, parties (carriers move from `from` to `to`; for a single entry `from` is the pool's depot
 * and `oneSided` is true), the last day to dispute it, and per product the carriers in force now.
 */
export const ZDisputeMovement = z.object({
  sourceKind: z.enum(disputeSourceKinds),
  id: z.number().int(),
  bookingDate: z.string(),
  from: ZDisputeParty,
  to: ZDisputeParty,
  oneSided: z.boolean(),
  /** The last day (yyyy-MM-dd, in the caller's side's country) it may be disputed. */
  windowEnd: z.string(),
  lines: z.array(z.object({ productId: z.number().int(), productName: z.string(), quantity: z.number().int() })),
});
export type DisputeMovement = z.infer<typeof ZDisputeMovement>;
