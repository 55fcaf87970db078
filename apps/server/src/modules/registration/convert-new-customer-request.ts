/**
 * POST NewCustomerRequestConversion (issue 9: "turn one into a customer with its first location
 * and admin user in one step, which emails the new admin a link to set a password"); global
 * admins only (access.ts). In one transaction:
 * - the customer: the request's company name and country, the organisation number read from its
 *   VAT number (vat-number.ts), the customer type chosen, the contact email, the invoice email
 *   (else the contact email) and reference, the phone; it must accept the standard agreement at
 *   its first sign-in (agreement_required, spec section 2 "agreement");
 * - its first location (default, active): the request's address, the location number (unique
 *   across the portal) and type chosen, pooling and/or commission as chosen, and the products
 *   most active locations of that type take (at least half of them);
 * - its administrator: the contact person with the request's email and phone, the login name
 *   chosen (unique, in any case), customer admin with the customer report level, in the
 *   request's language, with an unusable password until the welcome link sets one;
 * - the request marked converted (by whom, when, which customer).
 * A login name or location number in use answers 400 with the field's message and writes
 * nothing; a request converted or rejected meanwhile answers CONFLICT; an API key is refused
 * (FORBIDDEN, field `authorization`: it would create a sign-in; issue 20).
 */
import { randomBytes } from 'node:crypto';
import {
  AppErrorCode,
  type Country,
  checkVatNumber,
  isLocale,
  type NewCustomerRequestConversion,
  type NewCustomerRequestDetail,
  ReportLevel,
} from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { issuePasswordLink } from '../accounts/password-link.js';
import { requirePersonSignIn } from '../api/session-only-calls.js';
import { hashPassword } from '../auth/password.js';
import { mailLocale } from '../mail/order-mail.js';
import { requireRequestHandler } from './access.js';
import { getNewCustomerRequest } from './get-new-customer-request.js';
import { alreadyHandled } from './reject-new-customer-request.js';
import type { StoredRequest } from './request-mails.js';

const loginNameTaken = () => new AppError(AppErrorCode.VALIDATION, {}, { loginName: 'registration.loginNameTaken' });
const locationNumberTaken = () => new AppError(AppErrorCode.VALIDATION, {}, { locationNumber: 'registration.locationNumberTaken' });

/** The name of the unique index a violation names (pg and PGlite set `constraint`, drizzle wraps it as `cause`). */
function violatedConstraint(error: unknown): string {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return '';
}

/** The login name or location number of the conversion that someone else has, if any. */
async function checkFree(tx: Tx, input: NewCustomerRequestConversion): Promise<void> {
  const [user] = await rows(tx, sql`SELECT 1 FROM users WHERE lower(login_name) = lower(${input.loginName})`);
  if (user) throw loginNameTaken();
  const [location] = await rows(tx, sql`SELECT 1 FROM locations WHERE number = ${input.locationNumber}`);
  if (location) throw locationNumberTaken();
}

/** Creates the customer, its location and administrator; answers their ids. */
async function createCustomer(
  tx: Tx,
  request: StoredRequest,
  input: NewCustomerRequestConversion,
  passwordHash: string,
): Promise<{ customerId: number; locationId: number; userId: number }> {
  const vat = checkVatNumber(request.country as Country, request.vatNumber);
  const [customer] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO customers (name, status_id, customer_type, country_id, org_number, agreement_required, contact_email,
          invoice_email, invoice_reference, phone)
        VALUES (${request.companyName}, 1, ${input.customerType}, ${request.country}, ${vat.ok ? vat.orgNumber : null}, true,
          ${request.email}, ${request.invoiceEmail || request.email}, ${request.invoiceReference || null}, ${request.phone})
        RETURNING id`,
  );
  const customerId = Number(customer?.id);
  const customerGroup = input.isPooling ? 'GL' : 'OO';
  const [location] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO locations (customer_id, name, number, status_id, type_id, customer_group, is_default, is_pooling, is_commission,
          street, postal_code, postal_name, country_id, phone)
        VALUES (${customerId}, ${request.companyName}, ${input.locationNumber}, 1, ${input.locationTypeId}, ${customerGroup}, true,
          ${input.isPooling}, ${input.isCommission}, ${request.address}, ${request.postalCode}, ${request.postalName}, ${request.country},
          ${request.phone})
        RETURNING id`,
  );
  const locationId = Number(location?.id);
  await tx.execute(
    sql`INSERT INTO location_products (location_id, product_id, is_pooling)
        SELECT ${locationId}, lp.product_id, ${input.isPooling}
        FROM location_products lp JOIN locations l ON l.id = lp.location_id JOIN products p ON p.id = lp.product_id
        WHERE l.type_id = ${input.locationTypeId} AND l.status_id = 1 AND l.id <> ${locationId} AND p.active
        GROUP BY lp.product_id
        HAVING count(*) * 2 >= (SELECT count(*) FROM locations WHERE type_id = ${input.locationTypeId} AND status_id = 1 AND id <> ${locationId})`,
  );
  const language = isLocale(request.language) ? request.language : mailLocale(request.country);
  const [user] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO users (customer_id, location_id, name, login_name, phone, email, language, is_customer_admin, report_level, password_hash)
        VALUES (${customerId}, ${locationId}, ${request.contactPerson}, ${input.loginName}, ${request.phone}, ${request.email}, ${language},
          true, ${ReportLevel.Customer}, ${passwordHash})
        RETURNING id`,
  );
  const userId = Number(user?.id);
  await tx.execute(sql`INSERT INTO user_locations (user_id, location_id, is_primary) VALUES (${userId}, ${locationId}, true)`);
  return { customerId, locationId, userId };
}

/**
 * Converts request `input.id` (see the file comment).
 * @returns the request as it is now (converted, with the customer it became)
 */
export async function convertNewCustomerRequest(
  db: Db,
  auth: AuthContext,
  input: NewCustomerRequestConversion,
): Promise<NewCustomerRequestDetail> {
  requireRequestHandler(auth);
  // A new administrator who gets a link to set a password: not an API key's to make (issue 20).
  requirePersonSignIn(auth);
  // Nobody knows this password: the new administrator sets one through the welcome link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const [current] = await rows<{ status: string; data: StoredRequest | string }>(
        tx,
        sql`SELECT status, data FROM new_customer_requests WHERE id = ${input.id} FOR UPDATE`,
      );
      if (!current) throw notFound();
      if (current.status !== 'new') throw alreadyHandled();
      const request = typeof current.data === 'string' ? (JSON.parse(current.data) as StoredRequest) : current.data;
      await checkFree(tx, input);
      const created = await createCustomer(tx, request, input, passwordHash);
      // The welcome mail with the link to set a password, in the new administrator's language.
      await issuePasswordLink(tx, { userId: created.userId, purpose: 'welcome' });
      await tx.execute(
        sql`UPDATE new_customer_requests SET status = 'converted', converted_customer_id = ${created.customerId},
              handled_by_user_id = ${auth.loginUser.id}, handled_at = now()
            WHERE id = ${input.id}`,
      );
      return getNewCustomerRequest(tx, auth, input.id);
    });
  } catch (error) {
    // Two conversions choosing one login name or location number at once: the unique indexes let one in.
    if (isUniqueViolation(error)) {
      throw violatedConstraint(error).includes('locations_number') ? locationNumberTaken() : loginNameTaken();
    }
    throw error;
  }
}
