/**
 * POST Messages (Global > Publishing, issue 10; spec section 3 "Message"): a global admin
 * publishes a message, or updates, schedules, withdraws or restores the one with `id`, in one
 * transaction with its row of the application log (kind `publish`, before and after).
 */
import { AppErrorCode, fallbackText, type Locale, type ZPublishMessageRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeLog } from '../global/write-log.js';
import { requirePublisher } from './access.js';

/** The checked body of POST Messages (defaults applied). */
export type PublishMessageInput = z.output<typeof ZPublishMessageRequest>;

/** The stored fields of a message, as the log's before and after record them. */
interface StoredMessage {
  id: number;
  type: string;
  area: string | null;
  path: string | null;
  title: string;
  text: string;
  texts: unknown;
  taskId: string | null;
  mustRead: boolean;
  showFrom: string | null;
  showTo: string | null;
  language: string | null;
  locationType: string | null;
  visibility: string;
  customerId: number | null;
  withdrawnAt: string | null;
}

async function loadStored(tx: Tx, id: number): Promise<StoredMessage | undefined> {
  const [row] = await rows<StoredMessage>(
    tx,
    sql`SELECT id, type, area, path, title, text, texts, task_id AS "taskId", must_read AS "mustRead",
          show_from::text AS "showFrom", show_to::text AS "showTo", language, location_type AS "locationType",
          visibility, customer_id AS "customerId", withdrawn_at AS "withdrawnAt"
        FROM messages WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    texts: typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts,
    withdrawnAt: row.withdrawnAt === null ? null : new Date(row.withdrawnAt).toISOString(),
  };
}

/**
 * Saves the message and answers its id.
 * @throws FORBIDDEN unless the acting user is a global admin; NOT_FOUND for an unknown `id`;
 *   VALIDATION on `customerId` for a customer that does not exist
 */
export async function publishMessage(db: Db, auth: AuthContext, body: PublishMessageInput, request?: FastifyRequest): Promise<number> {
  requirePublisher(auth);
  const fallback = fallbackText(body.texts, body.language ?? null);
  if (!fallback) throw new AppError(AppErrorCode.VALIDATION, {}, { texts: 'messages.noText' });
  const customerId = body.visibility === 'customer' ? (body.customerId ?? null) : null;
  return db.transaction(async (tx) => {
    if (customerId !== null) {
      const [customer] = await rows<{ id: number }>(tx, sql`SELECT id FROM customers WHERE id = ${customerId}`);
      if (!customer) throw new AppError(AppErrorCode.VALIDATION, {}, { customerId: 'messages.unknownCustomer' });
    }
    const before = body.id ? await loadStored(tx, body.id) : undefined;
    if (body.id && !before) throw notFound();
    const texts = JSON.stringify(body.texts);
    const fields = {
      type: body.type,
      area: body.area || null,
      path: body.path?.replace(/^\/+|\/+$/g, '') || null,
      taskId: body.taskId ?? null,
      showFrom: body.showFrom ?? null,
      showTo: body.showTo ?? null,
      language: (body.language ?? null) as Locale | null,
      locationType: body.locationType ?? null,
    };
    // withdrawn: true withdraws (keeping the first moment), false restores, absent keeps.
    const withdrawn = body.withdrawn === undefined ? sql`withdrawn_at` : body.withdrawn ? sql`COALESCE(withdrawn_at, now())` : sql`NULL`;
    let id: number;
    if (before) {
      await tx.execute(
        sql`UPDATE messages SET type = ${fields.type}, area = ${fields.area}, path = ${fields.path},
              title = ${fallback.title}, text = ${fallback.text}, texts = ${texts}::jsonb, task_id = ${fields.taskId},
              must_read = ${body.mustRead}, show_from = ${fields.showFrom}::date, show_to = ${fields.showTo}::date,
              language = ${fields.language}, location_type = ${fields.locationType}, visibility = ${body.visibility},
              customer_id = ${customerId}, withdrawn_at = ${withdrawn}, updated_at = now()
            WHERE id = ${before.id}`,
      );
      id = before.id;
    } else {
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO messages (type, area, path, title, text, texts, task_id, must_read, show_from, show_to, language,
              location_type, visibility, customer_id, created_by, withdrawn_at)
            VALUES (${fields.type}, ${fields.area}, ${fields.path}, ${fallback.title}, ${fallback.text}, ${texts}::jsonb,
              ${fields.taskId}, ${body.mustRead}, ${fields.showFrom}::date, ${fields.showTo}::date, ${fields.language},
              ${fields.locationType}, ${body.visibility}, ${customerId}, ${auth.user.id}, ${body.withdrawn ? sql`now()` : sql`NULL`})
            RETURNING id`,
      );
      id = Number(created?.id);
    }
    const after = await loadStored(tx, id);
    const action = !before ? 'published' : body.withdrawn && !before.withdrawnAt ? 'withdrew' : 'updated';
    await writeLog(tx, {
      level: 'info',
      kind: 'publish',
      message: `${action} message ${id} (${fields.type}): ${fallback.title}`,
      request,
      auth,
      data: { messageId: id, action },
      before: before ? { ...before } : null,
      after: after ? { ...after } : null,
    });
    return id;
  });
}
