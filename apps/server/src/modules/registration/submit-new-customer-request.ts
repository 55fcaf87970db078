/**
 * POST NewCustomerRequests (spec section 2, public new-customer and visitors pages; section 3
 * "New customer request"; issue 9): a prospective customer's request, sent without signing in.
 * - Stored in new_customer_requests (every field in `data`; company name, email and country
 *   beside it for the provider's list; the sender's address in `sent_from`) with its mails to
 *   the provider and the contact (request-mails.ts), in one transaction.
 * - Spam (OWASP ASVS 4.0.3 V11.1.4, anti-automation): the `website` honeypot, a field people do
 *   not see, answers a filled-in request like any other and stores and sends nothing; the route
 *   limits requests per client address (NEW_CUSTOMER_REQUEST_LIMIT).
 * - The confirmation's language: the page's (`language`), else the caller's Accept-Language.
 */
import type { Locale, NewCustomerRequest } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { type StoredRequest, sendRequestMails } from './request-mails.js';

/** Requests per client address and hour (@fastify/rate-limit on the route; plugins/rate-limits.ts). */
export const NEW_CUSTOMER_REQUEST_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

/** What the caller learns: only that the request was received (the honeypot gets the same). */
export interface SubmitAnswer {
  received: true;
}

/**
 * Stores request `input` from client address `sentFrom` and writes its mails, in one
 * transaction; a request with the honeypot filled is answered alike and leaves nothing.
 * `fallbackLocale`: the caller's language, for a request that names none.
 */
export async function submitNewCustomerRequest(
  db: Db,
  input: NewCustomerRequest,
  sentFrom: string,
  fallbackLocale: Locale,
): Promise<SubmitAnswer> {
  const { website, termsAccepted: _accepted, language, ...fields } = input;
  if (website) return { received: true };
  const locale = language ?? fallbackLocale;
  const data: StoredRequest = { ...fields, language: locale };
  await db.transaction(async (tx) => {
    await rows(
      tx,
      sql`INSERT INTO new_customer_requests (data, company_name, email, country_id, status, sent_from)
          VALUES (${JSON.stringify(data)}::jsonb, ${data.companyName}, ${data.email}, ${data.country}, 'new', ${sentFrom})`,
    );
    await sendRequestMails(tx, data, locale);
  });
  return { received: true };
}
