/**
 * A dispute's evidence (docs/disputes.md, "Evidence"): POST DisputeEvidence (multipart: the
 * dispute and one photo or PDF, told by content on the server; at most 10 MiB) and GET
 * DisputeEvidence/{id} (the file). The list comes with the dispute (`evidence`).
 */
import type { Attachment } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';
import { disputeQueryOptions, disputesKey } from './disputes';

/** Uploads one file to dispute `disputeId`. */
export function uploadEvidence(disputeId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('disputeId', String(disputeId));
  form.append('file', file, file.name);
  return upload<Attachment>('DisputeEvidence', form, { query: { disputeId } });
}

/** Uploads files to a dispute one after the other, then refreshes it (its list and history). */
export function useAddEvidence(disputeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) await uploadEvidence(disputeId, file);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: disputeQueryOptions(disputeId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...disputesKey, 'list'] }),
      ]),
  });
}

/** Saves a stored evidence file under its name (fetched with the session's token). */
export async function downloadEvidence(file: Pick<Attachment, 'id' | 'fileName'>): Promise<void> {
  const response = await api<Response>('GET', `DisputeEvidence/${file.id}`, { raw: true });
  saveBlob(await response.blob(), file.fileName);
}
