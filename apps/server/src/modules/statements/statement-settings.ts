/**
 * GET and POST StatementSettings (issue 22, "Statements are mailed on a schedule the customer
 * admin chooses"): the acting customer's schedule (off, monthly, twice a month) and the addresses
 * its locations' statements go to. Customer admins of the acting customer and global admins
 * (for the customer they act for), as the rest of My company (company-admin.ts); anyone else 403.
 */
import type { SaveStatementSettingsRequest, StatementSettings } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireCompanyAdmin } from '../company/company-admin.js';
import { logAdminChange } from '../global/log-admin-change.js';

/** A customer's statement mailing; `off` without recipients when it never chose one. */
export async function loadStatementSettings(db: Tx, customerId: number): Promise<StatementSettings> {
  const [row] = await rows<{ schedule: StatementSettings['schedule']; recipients: string; lastMailedTo: string | null }>(
    db,
    sql`SELECT s.schedule, s.recipients,
          (SELECT max(period_to)::text FROM statement_mailings m WHERE m.customer_id = ${customerId}) AS "lastMailedTo"
        FROM (SELECT 1) one LEFT JOIN statement_settings s ON s.customer_id = ${customerId}`,
  );
  return {
    customerId,
    schedule: row?.schedule ?? 'off',
    recipients: (row?.recipients ?? '').split(',').filter(Boolean),
    lastMailedTo: row?.lastMailedTo ?? null,
  };
}

/**
 * GET StatementSettings.
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function getStatementSettings(db: Tx, auth: AuthContext): Promise<StatementSettings> {
  return loadStatementSettings(db, requireCompanyAdmin(auth).customerId);
}

/**
 * POST StatementSettings: saves the schedule and recipients (deduplicated, lower-cased) in one
 * transaction, logged with before and after (kind adminChange).
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function saveStatementSettings(
  db: Db,
  auth: AuthContext,
  input: SaveStatementSettingsRequest,
  request?: FastifyRequest,
): Promise<StatementSettings> {
  const { customerId } = requireCompanyAdmin(auth);
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))].join(',');
  return db.transaction(async (tx) => {
    const before = await loadStatementSettings(tx, customerId);
    await tx.execute(
      sql`INSERT INTO statement_settings (customer_id, schedule, recipients, updated_at)
          VALUES (${customerId}, ${input.schedule}, ${recipients}, now())
          ON CONFLICT (customer_id) DO UPDATE SET schedule = EXCLUDED.schedule, recipients = EXCLUDED.recipients, updated_at = now()`,
    );
    const after = await loadStatementSettings(tx, customerId);
    await logAdminChange(tx, auth, { entity: 'statementSettings', id: customerId, before, after }, request);
    return after;
  });
}
