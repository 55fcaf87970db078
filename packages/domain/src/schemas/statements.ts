/**
 * Statements (issue 22, "Statements and balance confirmations"): a location's account for a
 * period, as the pools' statements and the pallet exchanges' balance mails show it: per product
 * and account (pooling, commission) the opening balance, carriers in and out and the closing
 * balance; every ledger movement of the period with its reference, counterparty and the balance
 * after it; and the carriers in transit at the end of the period. Quantities in carriers; dates
 * yyyy-MM-dd, both ends of the period inclusive.
 */
import { z } from 'zod';
import { balanceKinds } from '../enums.js';
import { addPlainDays } from '../plain-date.js';
import { ledgerSources } from './balance.js';
import { queryId, ZPlainDate } from './common.js';
import { requiredEmail } from './company-users.js';

/** The longest period one statement covers, in days (a year, a leap day included). */
export const STATEMENT_MAX_DAYS = 366;

/**
 * The most movements one statement lists (a distribution centre's busiest year fits; a printed
 * statement longer than about 200 pages helps nobody). A period with more is refused with a
 * field message on `to`: choose a shorter one.
 */
export const STATEMENT_MAX_ENTRIES = 10_000;

/** GET Statements (and its .pdf and .xlsx): one location (in the caller's scope) from `from` to `to`. */
export const ZStatementQuery = z
  .object({ locationId: queryId, from: ZPlainDate, to: ZPlainDate })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['from'] })
  // Object refinements run even when a field failed (Zod 4): only real dates are added to.
  .refine((q) => !ZPlainDate.safeParse(q.from).success || q.to <= addPlainDays(q.from, STATEMENT_MAX_DAYS - 1), {
    message: 'validation.statementPeriodTooLong',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof ZStatementQuery>;

/** One product and account of the statement: opening + in - out = closing (carriers). */
export const ZStatementAccount = z.object({
  productId: z.number().int(),
  productName: z.string(),
  balanceKind: z.enum(balanceKinds),
  /** The balance at the start of `from`. */
  opening: z.number().int(),
  quantityIn: z.number().int(),
  quantityOut: z.number().int(),
  /** The balance at the end of `to`. */
  closing: z.number().int(),
});
export type StatementAccount = z.infer<typeof ZStatementAccount>;

/** One ledger movement of the period, with what identifies it to both parties. */
export const ZStatementEntry = z.object({
  id: z.number().int(),
  bookingDate: z.string(),
  productId: z.number().int(),
  balanceKind: z.enum(balanceKinds),
  /** Signed: + in, - out. */
  quantity: z.number().int(),
  source: z.enum(ledgerSources),
  /** The order (its id is the order number); null for other sources. */
  orderId: z.number().int().nullable(),
  /** The pallet receipt's number (PK-2026-000123); null for other sources. */
  palletReceiptNumber: z.string().nullable(),
  countAuditId: z.number().int().nullable(),
  rentalId: z.number().int().nullable(),
  /** The dispute a `dispute` correction comes from (docs/disputes.md); null for other sources. */
  disputeId: z.number().int().nullable(),
  /** The other party as seen from this location (the order's other end, the receipt's other side); null where there is none. */
  counterparty: z.string().nullable(),
  /** This product's balance on this account after the entry (entries in booking date, then id order). */
  balanceAfter: z.number().int(),
});
export type StatementEntry = z.infer<typeof ZStatementEntry>;

/** Carriers in transit at the end of `to` (orders sent, not yet received), per product. */
export const ZStatementTransit = z.object({
  productId: z.number().int(),
  productName: z.string(),
  /** On their way to this location. */
  incoming: z.number().int(),
  /** On their way from it. */
  outgoing: z.number().int(),
});
export type StatementTransit = z.infer<typeof ZStatementTransit>;

/** GET Statements' answer. */
export const ZStatement = z.object({
  /** The pool that keeps the ledger (the provider), which issues the statement. */
  issuerName: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string(), gln: z.string().nullable(), countryId: z.string() }),
  from: z.string(),
  to: z.string(),
  accounts: z.array(ZStatementAccount),
  entries: z.array(ZStatementEntry),
  inTransit: z.array(ZStatementTransit),
});
export type Statement = z.infer<typeof ZStatement>;

/**
 * How often a customer's statements are mailed (issue 22): never, monthly (the month before, on
 * the 1st), or twice a month as the Nordic pallet exchanges do (the 1st-15th on the 16th, the
 * 16th-end on the 1st of the next month). Dates are the customer's country's.
 */
export const statementSchedules = ['off', 'monthly', 'twiceMonthly'] as const;
export type StatementSchedule = (typeof statementSchedules)[number];

/** The most addresses a customer's statements go to. */
export const STATEMENT_RECIPIENTS_MAX = 10;

/** GET StatementSettings: the acting customer's statement mailing. */
export const ZStatementSettings = z.object({
  customerId: z.number().int(),
  schedule: z.enum(statementSchedules),
  /** The addresses each location's statement is mailed to. */
  recipients: z.array(z.string()),
  /** The last period mailed (its end, yyyy-MM-dd), or null before the first. */
  lastMailedTo: z.string().nullable(),
});
export type StatementSettings = z.infer<typeof ZStatementSettings>;

/** POST StatementSettings: a schedule other than off needs at least one recipient. */
export const ZSaveStatementSettingsRequest = z
  .object({
    schedule: z.enum(statementSchedules, { message: 'validation.invalid' }),
    recipients: z.array(requiredEmail).max(STATEMENT_RECIPIENTS_MAX, { message: 'validation.statementTooManyRecipients' }),
  })
  .refine((s) => s.schedule === 'off' || s.recipients.length > 0, {
    message: 'validation.statementRecipientsRequired',
    path: ['recipients'],
  });
export type SaveStatementSettingsRequest = z.infer<typeof ZSaveStatementSettingsRequest>;

/**
 * What identifies a statement entry to both parties, first found of: the order (its number), the
 * pallet receipt's number, the count audit, the rental, the dispute. `key` names the text that
 * writes an id (`statement.reference.<key>` on the server, `statements:reference.<key>` on the
 * web); a receipt's number is written as it is. Null for an entry with none (an opening balance).
 */
export function statementReference(
  entry: Pick<StatementEntry, 'orderId' | 'palletReceiptNumber' | 'countAuditId' | 'rentalId' | 'disputeId'>,
): { key: 'order' | 'countAudit' | 'rental' | 'dispute'; id: number } | { text: string } | null {
  if (entry.orderId !== null) return { key: 'order', id: entry.orderId };
  if (entry.palletReceiptNumber !== null) return { text: entry.palletReceiptNumber };
  if (entry.countAuditId !== null) return { key: 'countAudit', id: entry.countAuditId };
  if (entry.rentalId !== null) return { key: 'rental', id: entry.rentalId };
  if (entry.disputeId !== null) return { key: 'dispute', id: entry.disputeId };
  return null;
}
