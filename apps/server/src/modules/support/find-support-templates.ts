/**
 * GET SupportTemplates (issue 10, "Templates"): provider support staff's answer templates per
 * category and language, defaults first. Provider staff only (FORBIDDEN otherwise).
 */
import type { SupportTemplate, SupportTemplatesQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { isSupportStaff } from './access.js';

type Row = Omit<SupportTemplate, 'updatedAt'> & { updatedAt: Date | string };

/** The columns of a template over `support_templates s` left-joined to `users u` (who changed it last). */
export const templateColumns = sql`s.id, s.title, s.text, s.category, s.language, s.is_default AS "isDefault", s.is_active AS "isActive",
  u.name AS "updatedByName", s.updated_at AS "updatedAt"`;

/** A template row with its id and instant normalised. */
export const toTemplate = (r: Row): SupportTemplate => ({ ...r, id: Number(r.id), updatedAt: isoInstant(r.updatedAt) ?? '' });

/**
 * The templates matching `query`: a category (or "any category" templates), a language (or "any
 * language" ones); active only unless `includeInactive`. Ordered: defaults first, then by title.
 * @throws FORBIDDEN for anyone but provider staff
 */
export async function findSupportTemplates(db: Tx, auth: AuthContext, query: SupportTemplatesQuery): Promise<SupportTemplate[]> {
  if (!isSupportStaff(auth)) throw forbidden();
  const conditions: SQL[] = [sql`TRUE`];
  if (!query.includeInactive) conditions.push(sql`s.is_active`);
  if (query.category) conditions.push(sql`(s.category = ${query.category} OR s.category IS NULL)`);
  if (query.language) conditions.push(sql`(s.language = ${query.language} OR s.language IS NULL)`);
  const list = await rows<Row>(
    db,
    sql`SELECT ${templateColumns} FROM support_templates s LEFT JOIN users u ON u.id = s.updated_by
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY s.is_active DESC, s.is_default DESC, s.category NULLS LAST, s.language NULLS LAST, lower(s.title), s.id`,
  );
  return list.map(toTemplate);
}
