/** The email archive (spec section 3, "Email archive entry"). */
import { z } from 'zod';
import { queryBigId, queryBool, queryId, queryInteger, text, ZPlainDate } from './common.js';

/** Topics of the mails the portal sends (Company > Email archive filters by them). */
export const emailTopics = [
  'orderConfirmation',
  'purchase',
  'return',
  'stockLevel',
  'passwordReset',
  'welcome',
  'newCustomerRequest',
  'newCustomerConfirmation',
  'support',
  'palletReceipt',
  'statement',
  'balanceConfirmation',
  'dispute',
] as const;
export type EmailTopic = (typeof emailTopics)[number];

/**
 * An archived email (spec section 3, "Email archive entry"). `status`: stored (archived only,
 * no SMTP configured), queued, sending, sent, failed (after 3 SMTP attempts).
 */
export const ZEmailArchiveEntry = z.object({
  id: z.number().int(),
  topic: z.string(),
  toAddress: z.string(),
  toCustomerId: z.number().int().nullable(),
  toCustomerName: z.string().nullable(),
  toUserId: z.number().int().nullable(),
  toUserName: z.string().nullable(),
  fromLocationId: z.number().int().nullable(),
  fromLocationName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['stored', 'queued', 'sending', 'sent', 'failed']),
  sent: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailArchiveEntry = z.infer<typeof ZEmailArchiveEntry>;

/**
 * GET EmailArchive/{id}: one archived email as the list gives it, with the HTML alternative it
 * was sent with (`html`, null for a text-only mail) and the files sent with it (`attachments`:
 * name, media type, size in bytes; a pallet receipt's PDF). The HTML is shown to the reader only
 * sanitised or in a sandbox without scripts (OWASP ASVS 4.0.3 V5.3.3).
 */
export const ZEmailArchiveMail = ZEmailArchiveEntry.extend({
  html: z.string().nullable(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type EmailArchiveMail = z.infer<typeof ZEmailArchiveMail>;

/** A party an archived mail names (a customer, user or location), for the archive's filters. */
export const ZEmailArchiveParty = z.object({ id: z.number().int(), name: z.string() });
export type EmailArchiveParty = z.infer<typeof ZEmailArchiveParty>;

/**
 * GET EmailArchiveFilters: what the caller's archive holds, for its filters: the topics, the
 * receiving customers (provider staff only; a customer admin sees one customer and gets an
 * empty list), the receiving users and the from locations, each by name.
 */
export const ZEmailArchiveFilters = z.object({
  topics: z.array(z.string()),
  customers: z.array(ZEmailArchiveParty),
  users: z.array(ZEmailArchiveParty),
  locations: z.array(ZEmailArchiveParty),
});
export type EmailArchiveFilters = z.infer<typeof ZEmailArchiveFilters>;

/**
 * GET EmailArchive (customer admins: their customer's mails; provider staff: all). `dateFrom`
 * and `dateTo` bound the day the mail was written (UTC), both inclusive; `sent` true only
 * delivered mails, false the others. Newest first.
 */
export const ZEmailArchiveQuery = z
  .object({
    topic: text(50).optional(),
    dateFrom: ZPlainDate.optional(),
    dateTo: ZPlainDate.optional(),
    sent: queryBool.optional(),
    toCustomerId: queryId.optional(),
    toUserId: queryId.optional(),
    fromLocationId: queryId.optional(),
    orderId: queryBigId.optional(),
    count: queryInteger(1, 500).default(100),
    offset: queryInteger(0, 1_000_000).default(0),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'validation.dateRange', path: ['dateTo'] });
export type EmailArchiveQuery = z.infer<typeof ZEmailArchiveQuery>;

export const ZEmailArchiveResponse = z.object({ items: z.array(ZEmailArchiveEntry), total: z.number().int() });
