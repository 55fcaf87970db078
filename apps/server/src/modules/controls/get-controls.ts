/**
 * GET Controls (issue 10, "Controls"; docs/api.md, "Controls"): the portal's health for
 * provider staff (auth.isProvider; anyone else 403 FORBIDDEN): version and build, the
 * database's kind and size, the scheduler's and the invoicing job's last runs, the mail
 * outbox, and the order longest waiting for automatic commit (status 11).
 */
import { type Controls, TransactionStatus } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { INVOICED_THROUGH_KEY } from '../invoices/invoicing-job.js';
import { SCHEDULER_LAST_RUN_KEY } from '../scheduled/scheduler.js';

/** What the process knows about itself (config.ts and the scheduler's settings). */
export interface ControlsSettings {
  version: string;
  build: string;
  startedAt: Date;
  smtpConfigured: boolean;
  scheduler: { enabled: boolean; intervalMinutes: number };
}

/** Reads the health figures; provider staff only. */
export async function getControls(db: Tx, auth: AuthContext, settings: ControlsSettings): Promise<Controls> {
  if (!auth.isProvider) throw forbidden();
  const [database] = await rows<{ pglite: boolean; size: number | string }>(
    db,
    sql`SELECT version() LIKE '%PGlite%' AS pglite, pg_database_size(current_database()) AS size`,
  );
  const meta = await rows<{ key: string; value: string }>(
    db,
    sql`SELECT key, value FROM app_meta WHERE key IN (${SCHEDULER_LAST_RUN_KEY}, ${INVOICED_THROUGH_KEY})`,
  );
  const metaValue = (key: string) => meta.find((m) => m.key === key)?.value ?? null;
  const [invoicing] = await rows<{ lastDoneAt: Date | string | null; failing: number; lastError: string | null }>(
    db,
    sql`SELECT max(done_at) AS "lastDoneAt", count(*) FILTER (WHERE done_at IS NULL AND attempts > 0)::int AS failing,
          (SELECT last_error FROM invoicing_runs WHERE done_at IS NULL AND last_error IS NOT NULL
            ORDER BY retry_after DESC NULLS LAST LIMIT 1) AS "lastError"
        FROM invoicing_runs`,
  );
  const [mail] = await rows<{
    waiting: number;
    retrying: number;
    failed: number;
    oldestWaitingAt: Date | string | null;
    lastError: string | null;
  }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status IN ('queued', 'sending') AND attempts = 0)::int AS waiting,
          count(*) FILTER (WHERE status IN ('queued', 'sending') AND attempts > 0)::int AS retrying,
          count(*) FILTER (WHERE status = 'failed')::int AS failed,
          min(created_at) FILTER (WHERE status IN ('queued', 'sending')) AS "oldestWaitingAt",
          (SELECT last_error FROM email_archive WHERE status IN ('queued', 'sending', 'failed') AND last_error IS NOT NULL
            ORDER BY attempted_at DESC NULLS LAST, id DESC LIMIT 1) AS "lastError"
        FROM email_archive WHERE status IN ('queued', 'sending', 'failed')`,
  );
  const waitStatus = TransactionStatus.WaitForConfirmation;
  const [oldest] = await rows<{ id: number; dateReceive: string | Date | null; waitingSince: Date | string | null; total: number }>(
    db,
    sql`SELECT o.id, o.date_receive::text AS "dateReceive",
          (SELECT max(h.at) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status_id = o.transaction_status_id) AS "waitingSince",
          count(*) OVER ()::int AS total
        FROM orders o WHERE o.transaction_status_id = ${waitStatus}
        ORDER BY o.date_receive NULLS LAST, o.id LIMIT 1`,
  );
  return {
    version: settings.version,
    build: settings.build,
    startedAt: settings.startedAt.toISOString(),
    database: { kind: database?.pglite ? 'pglite' : 'postgres', sizeBytes: Number(database?.size ?? 0) },
    scheduler: { ...settings.scheduler, lastRunAt: metaValue(SCHEDULER_LAST_RUN_KEY) },
    invoicing: {
      invoicedThrough: metaValue(INVOICED_THROUGH_KEY),
      lastDoneAt: isoInstant(invoicing?.lastDoneAt ?? null),
      failing: Number(invoicing?.failing ?? 0),
      lastError: invoicing?.lastError ?? null,
    },
    mail: {
      waiting: Number(mail?.waiting ?? 0),
      retrying: Number(mail?.retrying ?? 0),
      failed: Number(mail?.failed ?? 0),
      oldestWaitingAt: isoInstant(mail?.oldestWaitingAt ?? null),
      lastError: mail?.lastError ?? null,
      smtpConfigured: settings.smtpConfigured,
    },
    oldestWaitingOrder: oldest
      ? {
          id: Number(oldest.id),
          dateReceive: oldest.dateReceive === null ? null : String(oldest.dateReceive).slice(0, 10),
          waitingSince: isoInstant(oldest.waitingSince),
        }
      : null,
    ordersWaiting: Number(oldest?.total ?? 0),
  };
}
