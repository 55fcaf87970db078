/**
 * POST MessageRead with `source: 'Message'` (issue 10; spec section 4): the acting user marks a
 * message it sees read (which lifts a must-read message's block) or unread. Recorded per user in
 * message_reads; a message outside the user's audience answers NOT_FOUND.
 */
import { INT4_MAX } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { readerOf, visibleTo } from './visibility.js';

/** @throws NOT_FOUND for a message the acting user does not see */
export async function markMessageRead(db: Tx, auth: AuthContext, id: number, read: boolean): Promise<void> {
  // The call's id is a bigint (alerts'); message ids are int4, so a larger one names no message.
  if (id > INT4_MAX) throw notFound();
  const reader = await readerOf(db, auth);
  const [message] = await rows<{ id: number }>(db, sql`SELECT m.id FROM messages m WHERE m.id = ${id} AND ${visibleTo(reader)}`);
  if (!message) throw notFound();
  await db.execute(
    read
      ? sql`INSERT INTO message_reads (message_id, user_id) VALUES (${id}, ${auth.user.id}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM message_reads WHERE message_id = ${id} AND user_id = ${auth.user.id}`,
  );
}
