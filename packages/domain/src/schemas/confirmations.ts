/**
 * Balance confirmations (issue 22, "Statements and balance confirmations"): the provider starts a
 * confirmation round (for example at year end) for chosen customers; each customer gets a mail
 * with a link to its closing balances on the round's day, per location, product and account, and
 * confirms them or says what does not match. The provider sees who confirmed, who disputed and
 * who did not answer, and reminds the silent ones. Quantities in carriers; dates yyyy-MM-dd.
 */
import { z } from 'zod';
import { balanceKinds } from '../enums.js';
import { text as optionalText, queryId, requiredText, ZId, ZIdempotencyKey, ZInt4, ZPlainDate } from './common.js';

/** A customer's answer in a round: none yet, confirmed, or disputed (with what does not match). */
export const confirmationStatuses = ['pending', 'confirmed', 'disputed'] as const;
export type ConfirmationStatus = (typeof confirmationStatuses)[number];

/** The most customers one round asks. */
export const CONFIRMATION_ROUND_MAX_CUSTOMERS = 500;

/** POST ConfirmationRounds (global admins): the round's name, its day (today or earlier) and the customers asked. */
export const ZCreateConfirmationRoundRequest = z.object({
  name: requiredText(100),
  asOf: ZPlainDate,
  customerIds: z
    .array(ZId)
    .min(1, { message: 'validation.confirmationCustomersRequired' })
    .max(CONFIRMATION_ROUND_MAX_CUSTOMERS, { message: 'validation.confirmationTooManyCustomers' }),
  idempotencyKey: ZIdempotencyKey,
});
export type CreateConfirmationRoundRequest = z.infer<typeof ZCreateConfirmationRoundRequest>;

/** How many of a round's customers have answered how. */
export const ZConfirmationCounts = z.object({ pending: z.number().int(), confirmed: z.number().int(), disputed: z.number().int() });

/** A round in the list (GET ConfirmationRounds), newest first. */
export const ZConfirmationRound = z.object({
  id: z.number().int(),
  name: z.string(),
  asOf: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  counts: ZConfirmationCounts,
});
export type ConfirmationRound = z.infer<typeof ZConfirmationRound>;

/** A disputed line: the closing balance the link showed and the figure the customer's records give. */
export const ZDisputedConfirmationLine = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  balanceKind: z.enum(balanceKinds),
  shownQuantity: z.number().int(),
  quantity: z.number().int(),
});
export type DisputedConfirmationLine = z.infer<typeof ZDisputedConfirmationLine>;

/** A movement dispute a customer of the round opened since the round started (GET ConfirmationRounds/{id}). */
export const ZConfirmationMovementDispute = z.object({
  id: z.number().int(),
  status: z.string(),
  sourceKind: z.string(),
  orderId: z.number().int().nullable(),
  bookingDate: z.string(),
  locationName: z.string(),
  openedAt: z.string(),
});
export type ConfirmationMovementDispute = z.infer<typeof ZConfirmationMovementDispute>;

/** One customer of a round, as the provider sees it. */
export const ZConfirmationCustomer = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  status: z.enum(confirmationStatuses),
  /** The addresses the link went to; empty when the customer has none (statement recipients, else invoice, else contact email). */
  recipients: z.array(z.string()),
  answeredAt: z.string().nullable(),
  /** The name the person who answered gave. */
  answeredBy: z.string().nullable(),
  comment: z.string().nullable(),
  reminders: z.number().int(),
  remindedAt: z.string().nullable(),
  /** The lines the customer disputed (empty unless disputed, or when it disputed by comment only). */
  lines: z.array(ZDisputedConfirmationLine),
  /**
   * The movement disputes (Reports > Disputes) the customer's locations opened since the round
   * started, newest first (at most 50): the next step after a disputed confirmation.
   */
  disputes: z.array(ZConfirmationMovementDispute),
});
export type ConfirmationCustomer = z.infer<typeof ZConfirmationCustomer>;

/** GET ConfirmationRounds/{id}. */
export const ZConfirmationRoundDetail = ZConfirmationRound.extend({ customers: z.array(ZConfirmationCustomer) });
export type ConfirmationRoundDetail = z.infer<typeof ZConfirmationRoundDetail>;

/** POST ConfirmationRounds/{id}/Reminders' answer: how many silent customers were mailed again. */
export const ZConfirmationReminders = z.object({ reminded: z.number().int() });

/** The link's token (32 random bytes, base64url). */
export const ZConfirmationTokenQuery = z.object({ token: requiredText(100) });

/** One closing balance of the confirmation: a location's product on an account on the round's day. */
export const ZConfirmationBalance = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  gln: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  balanceKind: z.enum(balanceKinds),
  quantity: z.number().int(),
});
export type ConfirmationBalance = z.infer<typeof ZConfirmationBalance>;

/** GET BalanceConfirmation?token= (no account): what the link shows. */
export const ZBalanceConfirmation = z.object({
  issuerName: z.string(),
  customerName: z.string(),
  roundName: z.string(),
  asOf: z.string(),
  status: z.enum(confirmationStatuses),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  comment: z.string().nullable(),
  balances: z.array(ZConfirmationBalance),
  /** The lines disputed with the answer. */
  lines: z.array(ZDisputedConfirmationLine),
});
export type BalanceConfirmation = z.infer<typeof ZBalanceConfirmation>;

/** The most lines one answer disputes. */
export const CONFIRMATION_MAX_DISPUTED_LINES = 500;

/** One line of a dispute: which closing balance (as the link showed it) and the figure the customer's records give. */
export const ZDisputeConfirmationLine = z.object({
  locationId: ZId,
  productId: ZId,
  balanceKind: z.enum(balanceKinds, { message: 'validation.invalid' }),
  quantity: ZInt4,
});
export type DisputeConfirmationLine = z.infer<typeof ZDisputeConfirmationLine>;

/**
 * POST BalanceConfirmation (no account): confirm, or dispute with what does not match (a comment)
 * and optionally the lines that differ, each with the customer's own figure (one per location,
 * product and account; none with a confirmation).
 */
export const ZAnswerBalanceConfirmationRequest = z
  .object({
    token: requiredText(100),
    answer: z.enum(['confirmed', 'disputed'], { message: 'validation.invalid' }),
    name: requiredText(100),
    comment: optionalText(2000).optional(),
    lines: z
      .array(ZDisputeConfirmationLine)
      .max(CONFIRMATION_MAX_DISPUTED_LINES, { message: 'validation.confirmationTooManyLines' })
      .optional(),
  })
  .refine((a) => a.answer === 'confirmed' || (a.comment ?? '').trim().length > 0, {
    message: 'validation.confirmationCommentRequired',
    path: ['comment'],
  })
  .refine((a) => a.answer === 'disputed' || (a.lines ?? []).length === 0, {
    message: 'validation.confirmationLinesWithConfirm',
    path: ['lines'],
  })
  .refine((a) => new Set((a.lines ?? []).map((l) => `${l.locationId}:${l.productId}:${l.balanceKind}`)).size === (a.lines ?? []).length, {
    message: 'validation.confirmationLineTwice',
    path: ['lines'],
  });
export type AnswerBalanceConfirmationRequest = z.infer<typeof ZAnswerBalanceConfirmationRequest>;

/** The round's id in a path. */
export const ZConfirmationRoundParam = z.object({ id: queryId });
