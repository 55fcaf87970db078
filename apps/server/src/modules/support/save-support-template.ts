/**
 * POST SupportTemplates (issue 10, "Templates": "provider support staff keep answer templates per
 * category and language and a default answer"): create, or change with `id`. Templates are
 * deactivated, never deleted. Each change is written to the application log (kind adminChange,
 * before and after).
 */
import type { SaveSupportTemplateRequest, SupportTemplate } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeLog } from '../global/write-log.js';
import { isSupportStaff } from './access.js';
import { templateColumns, toTemplate } from './find-support-templates.js';
import { wellFormed } from './well-formed.js';

/**
 * Saves the template in one transaction. Making one the default (active) of its category and
 * language turns the previous default of that pair into an ordinary template first (the unique
 * index support_templates_default_uq allows one).
 * Errors: FORBIDDEN for anyone but provider staff; NOT_FOUND for an unknown `id`.
 * @returns the saved template
 */
export async function saveSupportTemplate(
  db: Db,
  auth: AuthContext,
  input: SaveSupportTemplateRequest,
  request?: FastifyRequest,
): Promise<SupportTemplate> {
  if (!isSupportStaff(auth)) throw forbidden();
  return db.transaction(async (tx) => {
    let before: SupportTemplate | null = null;
    if (input.id !== undefined) {
      const [row] = await rows<Parameters<typeof toTemplate>[0]>(
        tx,
        sql`SELECT ${templateColumns} FROM support_templates s LEFT JOIN users u ON u.id = s.updated_by WHERE s.id = ${input.id} FOR UPDATE OF s`,
      );
      if (!row) throw notFound();
      before = toTemplate(row);
    }
    if (input.isDefault && input.isActive) {
      await tx.execute(sql`UPDATE support_templates SET is_default = false
        WHERE is_default AND is_active AND COALESCE(category, '') = ${input.category ?? ''} AND COALESCE(language, '') = ${input.language ?? ''}
          AND id <> ${input.id ?? 0}`);
    }
    const [saved] = await rows<{ id: number }>(
      tx,
      input.id === undefined
        ? sql`INSERT INTO support_templates (title, text, category, language, is_default, is_active, updated_by, updated_at)
              VALUES (${input.title}, ${input.text}, ${input.category}, ${input.language}, ${input.isDefault}, ${input.isActive},
                ${auth.user.id}, clock_timestamp()) RETURNING id`
        : sql`UPDATE support_templates SET title = ${input.title}, text = ${input.text}, category = ${input.category},
                language = ${input.language}, is_default = ${input.isDefault}, is_active = ${input.isActive},
                updated_by = ${auth.user.id}, updated_at = clock_timestamp()
              WHERE id = ${input.id} RETURNING id`,
    );
    const id = Number(saved?.id);
    const [row] = await rows<Parameters<typeof toTemplate>[0]>(
      tx,
      sql`SELECT ${templateColumns} FROM support_templates s LEFT JOIN users u ON u.id = s.updated_by WHERE s.id = ${id}`,
    );
    const after = toTemplate(row as Parameters<typeof toTemplate>[0]);
    const fields = (t: SupportTemplate | null) =>
      t && {
        title: wellFormed(t.title),
        text: wellFormed(t.text),
        category: t.category,
        language: t.language,
        isDefault: t.isDefault,
        isActive: t.isActive,
      };
    await writeLog(tx, {
      level: 'info',
      kind: 'adminChange',
      message: `Support template ${id} ${before ? 'changed' : 'created'}`,
      auth,
      request,
      data: { entity: 'supportTemplate', id, action: before ? 'changed' : 'created', name: after.title },
      before: fields(before),
      after: fields(after),
    });
    return after;
  });
}
