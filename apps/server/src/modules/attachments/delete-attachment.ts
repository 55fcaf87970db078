/**
 * DELETE OrderAttachments/{id}. Who may delete (docs/domain.md "Attachments"): the user who
 * uploaded a file, or provider staff; a signature only provider staff (it is the receipt's
 * evidence). The caller must be a party of the order, else 404.
 */
import { type Db, sql } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { getAttachment } from './find-attachments.js';

/**
 * @throws NOT_FOUND when missing or the caller is not a party of its order; FORBIDDEN when
 *   the caller may not delete it
 */
export async function deleteAttachment(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const attachment = await getAttachment(tx, auth, id);
    const mayDelete = auth.isProvider || (attachment.kind === 'file' && attachment.userId === auth.user.id);
    if (!mayDelete) throw forbidden();
    await tx.execute(sql`DELETE FROM attachments WHERE id = ${id}`);
  });
}
