/**
 * How a message is read from the database and answered (GET Messages, GET Messages/{id}): the
 * title and text in the caller's locale (messages.texts) or the fallback, and, for Global >
 * Publishing, every locale's texts, the status and the customer's name.
 */
import type { Locale, Message, MessageStatus, MessageType, MessageVisibility } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { utcTodaySql } from '../../db/client.js';
import { isoInstant } from '../http.js';

/** A row of `messageColumns`. */
export interface MessageRow {
  id: number;
  type: MessageType;
  area: string | null;
  path: string | null;
  title: string;
  text: string;
  taskId: string | null;
  mustRead: boolean;
  showFrom: string | null;
  showTo: string | null;
  language: string | null;
  locationType: string | null;
  visibility: MessageVisibility;
  customerId: number | null;
  createdAt: Date | string;
  read: boolean;
  texts: Record<string, { title: string; text: string }> | string | null;
  status: MessageStatus;
  customerName: string | null;
  withdrawnAt: Date | string | null;
}

/**
 * The columns of `messages m` (with `customers c` and the reads `r` of the acting user joined by
 * `messageJoins`), title and text in `locale`.
 */
export function messageColumns(locale: Locale | null): SQL {
  return sql`m.id, m.type, m.area, m.path,
    COALESCE(m.texts -> ${locale}::text ->> 'title', m.title) AS title,
    COALESCE(m.texts -> ${locale}::text ->> 'text', m.text) AS text,
    m.task_id AS "taskId", m.must_read AS "mustRead", m.show_from::text AS "showFrom", m.show_to::text AS "showTo",
    m.language, m.location_type AS "locationType", m.visibility, m.customer_id AS "customerId", m.created_at AS "createdAt",
    (r.message_id IS NOT NULL) AS read, m.texts, c.name AS "customerName", m.withdrawn_at AS "withdrawnAt",
    CASE WHEN m.withdrawn_at IS NOT NULL THEN 'withdrawn'
         WHEN m.show_from > ${utcTodaySql} THEN 'scheduled'
         WHEN m.show_to < ${utcTodaySql} THEN 'expired'
         ELSE 'live' END AS status`;
}

/** The joins `messageColumns` reads from: the customer of a customer message, the reader's read mark. */
export function messageJoins(userId: number | null): SQL {
  return sql`LEFT JOIN customers c ON c.id = m.customer_id
    LEFT JOIN message_reads r ON r.message_id = m.id AND r.user_id = ${userId ?? 0}`;
}

/** A row as answered; `publishing` adds every locale's texts, the status and the customer's name. */
export function toMessage(row: MessageRow, publishing: boolean): Message {
  const base: Message = {
    id: Number(row.id),
    type: row.type,
    area: row.area,
    path: row.path,
    title: row.title,
    text: row.text,
    taskId: row.taskId,
    mustRead: row.mustRead,
    showFrom: row.showFrom,
    showTo: row.showTo,
    language: row.language,
    locationType: row.locationType,
    visibility: row.visibility,
    customerId: row.customerId === null ? null : Number(row.customerId),
    createdAt: isoInstant(row.createdAt) ?? '',
    read: !!row.read,
  };
  if (!publishing) return base;
  const texts = typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts;
  return {
    ...base,
    texts: texts ?? {},
    status: row.status,
    customerName: row.customerName,
    withdrawnAt: isoInstant(row.withdrawnAt),
  };
}
