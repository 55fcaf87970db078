/**
 * DELETE Orders/{id}: discard drafts (domain.md, "0 Draft -> (deleted)"). Only a draft, only by
 * the side that places it; the server answers 409 "Could not set order status: only a draft can
 * be deleted ..." once it was sent. Several drafts are deleted one by one, and each answers
 * whether it went or why not, in the user's language.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateOrderLists } from './set-order-status';

/** The outcome of one draft. */
export interface DeleteDraftResult {
  id: number;
  ok: boolean;
  error?: string;
}

/** Deletes one draft. */
export function deleteDraft(id: number): Promise<{ id: number }> {
  return api<{ id: number }>('DELETE', `Orders/${id}`);
}

/** Deletes drafts in turn; one failure does not stop the others. */
export async function deleteDrafts(ids: readonly number[]): Promise<DeleteDraftResult[]> {
  const results: DeleteDraftResult[] = [];
  for (const id of ids) {
    try {
      await deleteDraft(id);
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, error: (error as Error).message });
    }
  }
  return results;
}

/** The deletion; every list refreshes (a deleted order's page answers "not found" when opened again). */
export function useDeleteDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDrafts,
    onSettled: () => invalidateOrderLists(queryClient),
  });
}
