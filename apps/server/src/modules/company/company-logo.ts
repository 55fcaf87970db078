/**
 * The company logo (spec sections 2 "logo" dialog, 3 "Company", 5 "Logo must be an image
 * file", 8 "Could not delete" logo): stored in customers.image and image_mime, shown in the top
 * bar and printed on the waybill.
 * - Upload (POST CompanyLogo) and delete (DELETE CompanyLogo): customer admins of the acting
 *   customer and global admins (company-admin.ts).
 * - The type is told by the file's first bytes (PNG, JPEG, GIF, WebP), never by its name or
 *   declared type: anything else answers FILE_TYPE (400) with "Logo must be an image file";
 *   more than LOGO_MAX_BYTES (512 KiB) answers FILE_TOO_LARGE (413).
 * - Reading (GET CompanyLogo): any signed-in user, their acting customer's logo only.
 */
import { AppErrorCode, type CompanyInfo, LOGO_MAX_BYTES, type LogoMimeType } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { detectImageType } from '../attachments/file-type.js';
import { requireCompanyAdmin } from './company-admin.js';
import { loadCompanyInfo, logoVersionSql } from './company-info.js';

/** FILE_TOO_LARGE with the logo's limit (in MiB, for the message), on the `file` field. */
export const logoTooLarge = () =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, { maxMb: LOGO_MAX_BYTES / 1024 / 1024 }, { file: 'companyUsers.logoTooLarge' });

/**
 * POST CompanyLogo: stores `data` as the acting customer's logo, replacing any.
 * @returns the company information with the new logo version
 * @throws FORBIDDEN; FILE_TYPE (not PNG, JPEG, GIF or WebP by content); FILE_TOO_LARGE
 */
export async function saveCompanyLogo(db: Db, auth: AuthContext, data: Uint8Array): Promise<CompanyInfo> {
  const admin = requireCompanyAdmin(auth);
  if (data.length > LOGO_MAX_BYTES) throw logoTooLarge();
  const mime = detectImageType(data);
  if (!mime) throw new AppError(AppErrorCode.FILE_TYPE, {}, { file: 'companyUsers.logoNotImage' });
  return db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE customers SET image = ${data}, image_mime = ${mime} WHERE id = ${admin.customerId}`);
    return loadCompanyInfo(tx, admin.customerId);
  });
}

/**
 * DELETE CompanyLogo: removes the acting customer's logo (no error when there is none).
 * @returns the company information without a logo
 * @throws FORBIDDEN
 */
export async function deleteCompanyLogo(db: Db, auth: AuthContext): Promise<CompanyInfo> {
  const admin = requireCompanyAdmin(auth);
  return db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE customers SET image = NULL, image_mime = NULL WHERE id = ${admin.customerId}`);
    return loadCompanyInfo(tx, admin.customerId);
  });
}

/** A stored logo: its bytes, type and version. */
export interface CompanyLogo {
  data: Uint8Array;
  mime: LogoMimeType;
  version: string;
}

/** A customer's logo, or null when it has none. */
export async function loadCompanyLogo(db: Tx, customerId: number): Promise<CompanyLogo | null> {
  const [logo] = await rows<{ data: Uint8Array | null; mime: LogoMimeType | null; version: string | null }>(
    db,
    sql`SELECT c.image AS data, c.image_mime AS mime, ${logoVersionSql} AS version FROM customers c WHERE c.id = ${customerId}`,
  );
  if (!logo?.data || !logo.mime || !logo.version) return null;
  return { data: logo.data, mime: logo.mime, version: logo.version };
}

/**
 * GET CompanyLogo: the acting customer's logo.
 * @throws NOT_FOUND when it has none
 */
export async function getCompanyLogo(db: Tx, auth: AuthContext): Promise<CompanyLogo> {
  const logo = await loadCompanyLogo(db, auth.customerId);
  if (!logo) throw notFound();
  return logo;
}
