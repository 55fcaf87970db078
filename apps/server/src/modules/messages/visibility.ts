/**
 * Who sees a published message (issue 10; spec section 3 "Message"; docs/messages.md, "Who sees
 * a message"): not withdrawn, inside its show-from..show-to window (plain days, inclusive, UTC
 * today), and in its audience: its language (none: every language) is the reader's, its location
 * type (none: every type) is the acting location's, its task (none: every task) is one of the
 * acting user's tasks (no tasks: every task, docs/domain.md), and its visibility is `all` or
 * `customer` with the acting customer.
 */
import { tasks as allTasks, hasTask, type Locale } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx, utcTodaySql } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The audience a caller belongs to: what the visibility rule compares a message with. */
export interface Reader {
  /** The acting user (reads are recorded for it); null for a visitor without a session. */
  userId: number | null;
  language: Locale | null;
  locationType: string | null;
  tasks: readonly string[];
  customerId: number | null;
}

/** The reader of a visitor on the login page: language only; sees messages meant for all. */
export function anonymousReader(language: Locale | null): Reader {
  return { userId: null, language, locationType: null, tasks: [], customerId: null };
}

/** The signed-in caller as a reader: the acting user's language, tasks and customer, the acting location's type. */
export async function readerOf(db: Tx, auth: AuthContext): Promise<Reader> {
  const [location] = auth.locationId
    ? await rows<{ typeId: string }>(db, sql`SELECT type_id AS "typeId" FROM locations WHERE id = ${auth.locationId}`)
    : [];
  return {
    userId: auth.user.id,
    language: auth.language,
    locationType: location?.typeId ?? null,
    tasks: allTasks.filter((task) => hasTask(auth.user.tasks, task)),
    customerId: auth.customerId,
  };
}

/** The SQL condition on `messages m` that keeps the messages `reader` sees today. */
export function visibleTo(reader: Reader): SQL {
  const tasks = reader.tasks.length
    ? sql`m.task_id IN (${sql.join(
        reader.tasks.map((task) => sql`${task}`),
        sql`, `,
      )})`
    : sql`FALSE`;
  return sql`m.withdrawn_at IS NULL
    AND (m.show_from IS NULL OR m.show_from <= ${utcTodaySql}) AND (m.show_to IS NULL OR m.show_to >= ${utcTodaySql})
    AND (m.language IS NULL OR m.language = ${reader.language})
    AND (m.location_type IS NULL OR m.location_type = ${reader.locationType})
    AND (m.task_id IS NULL OR ${tasks})
    AND (m.visibility = 'all' OR (m.visibility = 'customer' AND m.customer_id = ${reader.customerId ?? 0}))`;
}
