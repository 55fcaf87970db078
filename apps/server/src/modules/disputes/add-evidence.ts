/**
 * POST DisputeEvidence (issue 22, "evidence (photos, PDF, ...)"; docs/disputes.md, "Evidence"): a
 * party of a dispute adds a photo or a PDF to it while it is unended (open or rejected). The file
 * goes to the attachments' store (attachments/save-attachment.ts: the type told by its content,
 * at most 10 MiB) with the dispute as its owner, and the history gets an "evidence added" step.
 */
import type { Attachment } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { saveAttachment } from '../attachments/save-attachment.js';
import { callerSide, refuse, visibleDispute } from './access.js';
import { recordDisputeEvent } from './post-dispute-correction.js';

/** A file to add: its name as sent and its bytes. */
export interface EvidenceFile {
  disputeId: number;
  fileName?: string;
  data: Uint8Array;
}

/**
 * Adds `file` to its dispute as the acting user, in one transaction that holds the dispute's row
 * (so a step that ends it meanwhile either comes first, and the file is refused, or after).
 * Errors: FORBIDDEN without the menu's right or when the caller speaks for neither party (a
 * provider decider sees evidence but adds none); NOT_FOUND when the dispute is missing or out of
 * scope; DISPUTE (409, `ended`) once it ended; FILE_TYPE; FILE_TOO_LARGE.
 * @returns the stored file's metadata
 */
export async function addDisputeEvidence(db: Db, auth: AuthContext, file: EvidenceFile): Promise<Attachment> {
  return db.transaction(async (tx) => {
    const head = await visibleDispute(tx, auth, file.disputeId);
    const [locked] = await rows<{ status: string }>(tx, sql`SELECT status FROM disputes WHERE id = ${head.id} FOR UPDATE`);
    if (!callerSide(auth, head.scope, head)) throw forbidden();
    if (locked?.status !== 'open' && locked?.status !== 'rejected') throw refuse('ended');
    const saved = await saveAttachment(db, auth, { disputeId: head.id, fileName: file.fileName, data: file.data }, tx);
    await recordDisputeEvent(tx, head.id, 'evidenceAdded', auth.user.id, saved.fileName);
    return saved;
  });
}
