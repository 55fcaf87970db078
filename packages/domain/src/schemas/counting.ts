/**
 * Count audits (Company > Counting; spec section 3 "Count audit"; docs/domain.md "Count
 * audits"): GET/POST CountAudits, GET CountAudits/{id}, POST CountAuditConfirm and
 * GET CountAuditLocations. Quantities in carriers; dates yyyy-MM-dd; instants ISO 8601 (UTC).
 */
import { z } from 'zod';
import { COUNT_MAX_LINES, COUNT_MAX_QUANTITY, countAuditStatuses } from '../counting.js';
import { optionalText, queryId, ZCount, ZId, ZIdempotencyKey, ZPlainDate } from './common.js';

/** One counted product: the carriers on the ground at the end of the count date, 0-1,000,000. */
export const ZCountAuditLineInput = z.object({
  productId: ZId,
  countedQuantity: ZCount.max(COUNT_MAX_QUANTITY, { message: 'validation.tooBig' }),
});

/**
 * POST CountAudits: a location's count on `date` (a real day, not in the future in the location's
 * country: checked on the server), at least one line, each product once (a repeated product is
 * refused on `lines.<i>.productId`), every product active. `idempotencyKey`: the same key twice
 * from one user registers one count and answers it (issue 20).
 */
export const ZRegisterCountAuditRequest = z
  .object({
    locationId: ZId,
    date: ZPlainDate,
    lines: z.array(ZCountAuditLineInput).min(1, { message: 'validation.noLines' }).max(COUNT_MAX_LINES, { message: 'validation.tooLong' }),
    /** The same key twice from one user registers one count (`ZIdempotencyKey`). */
    idempotencyKey: ZIdempotencyKey.optional(),
  })
  .superRefine((request, context) => {
    const seen = new Set<number>();
    request.lines.forEach((line, index) => {
      if (seen.has(line.productId))
        context.addIssue({ code: 'custom', message: 'validation.duplicate', path: ['lines', index, 'productId'] });
      seen.add(line.productId);
    });
  });
export type RegisterCountAuditRequest = z.infer<typeof ZRegisterCountAuditRequest>;

/**
 * POST CountAuditConfirm: provider staff confirm (`confirm: true`: the corrections post) or
 * reject (`confirm: false`, `comment` required: the location learns why) a registered count.
 */
export const ZCountAuditConfirmRequest = z
  .object({
    id: ZId,
    confirm: z.boolean(),
    comment: optionalText(1000),
  })
  .refine((request) => request.confirm || !!request.comment, { message: 'validation.rejectReason', path: ['comment'] });
export type CountAuditConfirmRequest = z.infer<typeof ZCountAuditConfirmRequest>;

/**
 * GET CountAudits: the caller's counts, newest count date first (then newest registration), at
 * most COUNT_AUDITS_LIST_MAX; narrowed to a location, a date range (from <= to) and a status.
 */
export const ZCountAuditsQuery = z
  .object({
    locationId: queryId.optional(),
    from: ZPlainDate.optional(),
    to: ZPlainDate.optional(),
    status: z.enum(countAuditStatuses, { message: 'validation.invalid' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type CountAuditsQuery = z.infer<typeof ZCountAuditsQuery>;

/** The most counts GET CountAudits answers at once (narrow by date or location for older ones). */
export const COUNT_AUDITS_LIST_MAX = 500;

/** Who did something to a count, and when (an ISO 8601 instant). */
const ZCountAuditActor = z.object({ userId: z.number().int(), name: z.string(), at: z.string() });

/** One count in a list: the location, the date, the state and its figures summed up. */
export const ZCountAuditSummary = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  customerName: z.string(),
  date: ZPlainDate,
  status: z.enum(countAuditStatuses),
  registered: ZCountAuditActor,
  decided: ZCountAuditActor.nullable(),
  /** Products counted. */
  lineCount: z.number().int(),
  /** Products whose count differs from the ledger balance at the date (as last computed). */
  differenceCount: z.number().int(),
});
export type CountAuditSummary = z.infer<typeof ZCountAuditSummary>;

/**
 * One product of a count. `balance`: the ledger balance (pooling and commission together) at the
 * end of the count date; `inbound`/`outbound`: carriers posted in and out after that date
 * (corrections left out); `difference` = counted - balance. A registered count shows them as of
 * now; a decided one as of its decision (confirming recomputes and stores them). `correction`:
 * the entry the confirmation posted (none for a difference of 0).
 */
export const ZCountAuditLine = z.object({
  productId: z.number().int(),
  productName: z.string(),
  countedQuantity: z.number().int(),
  balance: z.number().int(),
  inbound: z.number().int(),
  outbound: z.number().int(),
  difference: z.number().int(),
  correction: z.object({ quantity: z.number().int(), balanceKind: z.enum(['pooling', 'commission']) }).nullable(),
});
export type CountAuditLine = z.infer<typeof ZCountAuditLine>;

/**
 * One count with its lines; `mayDecide`: whether the caller may confirm or reject it now;
 * `correctionKind`: the balance its corrections post to (pooling at a pooling location or a
 * provider depot, else commission).
 */
export const ZCountAudit = ZCountAuditSummary.extend({
  comment: z.string().nullable(),
  lines: z.array(ZCountAuditLine),
  mayDecide: z.boolean(),
  correctionKind: z.enum(['pooling', 'commission']),
});
export type CountAudit = z.infer<typeof ZCountAudit>;

/**
 * GET CountAuditLocations: the locations the caller may count and whose counts it reads (the
 * register form's and the list filter's choice), with the number of counts awaiting confirmation.
 */
export const ZCountAuditLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  customerName: z.string(),
  countryId: z.string(),
  pending: z.number().int(),
});
export type CountAuditLocation = z.infer<typeof ZCountAuditLocation>;
