/**
 * GET Messages/{id} (issue 10): one message the caller sees, in its language. A message the
 * acting user is not in the audience of, or that is withdrawn or outside its window, answers
 * NOT_FOUND as if it did not exist; global admins with `all` get any message with its texts in
 * every locale and its status (Global > Publishing).
 */
import type { Locale, Message } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requirePublisher } from './access.js';
import { type MessageRow, messageColumns, messageJoins, toMessage } from './message-row.js';
import { readerOf, visibleTo } from './visibility.js';

/** @throws NOT_FOUND outside the caller's audience; FORBIDDEN for `all` from anyone but a global admin */
export async function getMessage(db: Tx, auth: AuthContext, id: number, locale: Locale, all = false): Promise<Message> {
  if (all) requirePublisher(auth);
  const reader = await readerOf(db, auth);
  const [row] = await rows<MessageRow>(
    db,
    sql`SELECT ${messageColumns(locale)} FROM messages m ${messageJoins(reader.userId)}
        WHERE m.id = ${id} AND ${all ? sql`TRUE` : visibleTo(reader)}`,
  );
  if (!row) throw notFound();
  return toMessage(row, all);
}
