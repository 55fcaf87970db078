/**
 * POST NewCustomerRequests (spec section 2, public new-customer and visitors pages; section 3
 * "New customer request"; issue 9): a prospective customer's request, sent without signing in.
 * - Stored in new_customer_requests (every field in `data`; company name, email and country
 *   beside it for the provider's list; the sender's address in `sent_from`) with its mails to
 *   the provider and the contact (request-mails.ts), in one transaction.
 * - Spam (OWASP ASVS 4.0.3 V11.1.4, anti-automation): the `website` honeypot, a field people do
 *   not see, answers a filled-in request like any other and stores and sends nothing; the route
 *   limits calls per client address (NEW_CUSTOMER_REQUEST_LIMIT, counted in the database for all
 *   processes: plugins/rate-limit-store.ts), and the
 *   database limits stored requests per client address and per contact email across processes
 *   (request-limits.ts; issue 20). The contact's confirmation repeats nothing the visitor wrote
 *   (request-mails.ts).
 * - The confirmation's language: the page's (`language`), else the caller's Accept-Language.
 */
import type { Locale, NewCustomerRequest } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { clientAddressKey } from '../auth/throttle.js';
import { checkRequestLimits } from './request-limits.js';
import { type StoredRequest, sendRequestMails } from './request-mails.js';

/**
 * Calls per client address and hour in one process (@fastify/rate-limit on the route): the cheap
 * first line, which counts honeypot calls too; request-limits.ts keeps the limits across processes.
 */
export const NEW_CUSTOMER_REQUEST_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

/** What the caller learns: only that the request was received (the honeypot gets the same). */
export interface SubmitAnswer {
  received: true;
}

/**
 * Stores request `input` from client address `sentFrom` and writes its mails, in one
 * transaction; a request with the honeypot filled is answered alike and leaves nothing.
 * `fallbackLocale`: the caller's language, for a request that names none.
 * @throws RATE_LIMITED (RequestLimitError) past a limit of request-limits.ts; nothing is written
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
  const addressKey = clientAddressKey(sentFrom);
  await db.transaction(async (tx) => {
    await checkRequestLimits(tx, addressKey, data.email);
    await rows(
      tx,
      sql`INSERT INTO new_customer_requests (data, company_name, email, country_id, status, sent_from)
          VALUES (${JSON.stringify(data)}::jsonb, ${data.companyName}, ${data.email}, ${data.country}, 'new', ${addressKey})`,
    );
    await sendRequestMails(tx, data, locale);
  });
  return { received: true };
}
