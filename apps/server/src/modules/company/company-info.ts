/**
 * GET Company and POST Company (spec section 3, "Company"; issue 9): the acting customer's
 * contact email, invoice email, order-confirmed email, purchase email, invoice reference and
 * phone, and its logo's version. Customer admins of the customer and global admins only
 * (company-admin.ts); anyone else FORBIDDEN.
 */
import type { CompanyInfo, SaveCompanyInfoRequest } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { requireCompanyAdmin } from './company-admin.js';

/**
 * SQL of a logo's version: the first 16 hex digits of the MD5 of its bytes (a cache key, not a
 * security measure), or null without a logo. Table alias `c`.
 */
export const logoVersionSql = sql`CASE WHEN c.image IS NULL THEN NULL ELSE left(md5(c.image), 16) END`;

/** The company information of a customer, or NOT_FOUND. */
export async function loadCompanyInfo(db: Tx, customerId: number): Promise<CompanyInfo> {
  const [info] = await rows<CompanyInfo>(
    db,
    sql`SELECT c.id, c.name, c.contact_email AS "contactEmail", c.invoice_email AS "invoiceEmail",
          c.order_confirmed_email AS "orderConfirmedEmail", c.purchase_email AS "purchaseEmail",
          c.invoice_reference AS "invoiceReference", c.phone, ${logoVersionSql} AS "logoVersion"
        FROM customers c WHERE c.id = ${customerId}`,
  );
  if (!info) throw notFound();
  return { ...info, id: Number(info.id) };
}

/**
 * GET Company: the acting customer's company information.
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function getCompanyInfo(db: Tx, auth: AuthContext): Promise<CompanyInfo> {
  const admin = requireCompanyAdmin(auth);
  return loadCompanyInfo(db, admin.customerId);
}

/**
 * POST Company: writes the six fields of the acting customer in one statement; an empty or
 * missing field is cleared (stored as null). Logged with before and after (kind adminChange).
 * @returns the saved company information
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function saveCompanyInfo(
  db: Db,
  auth: AuthContext,
  input: SaveCompanyInfoRequest,
  request?: FastifyRequest,
): Promise<CompanyInfo> {
  const admin = requireCompanyAdmin(auth);
  const given = (value: string | undefined) => value?.trim() || null;
  return db.transaction(async (tx) => {
    const before = await loadCompanyInfo(tx, admin.customerId);
    await tx.execute(
      sql`UPDATE customers SET contact_email = ${given(input.contactEmail)}, invoice_email = ${given(input.invoiceEmail)},
            order_confirmed_email = ${given(input.orderConfirmedEmail)}, purchase_email = ${given(input.purchaseEmail)},
            invoice_reference = ${given(input.invoiceReference)}, phone = ${given(input.phone)}
          WHERE id = ${admin.customerId}`,
    );
    const after = await loadCompanyInfo(tx, admin.customerId);
    await logAdminChange(tx, auth, { entity: 'company', id: admin.customerId, before, after }, request);
    return after;
  });
}
