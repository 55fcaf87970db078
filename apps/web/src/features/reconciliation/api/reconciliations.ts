/**
 * The reconciliation calls of the screens (issue 22; docs/reconciliation.md): POST
 * ReconciliationFile (a file's columns and first rows, with the customer's saved mapping), POST
 * Reconciliations (the run, multipart: the file and the request as JSON), GET Reconciliations
 * (the saved ones, newest first), GET Reconciliations/{id} (one with its products and rows) and
 * its Excel workbook.
 */
import type { CreateReconciliationRequest, Reconciliation, ReconciliationPreview, ReconciliationSummary } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';
import { fileNameOf } from '../../reports/api/get-report';

/** The key every reconciliation query shares. */
export const reconciliationsKey = ['reconciliations'] as const;

/** The saved reconciliations of the acting customer, newest first. */
export function useReconciliations() {
  return useQuery({
    queryKey: [...reconciliationsKey, 'list'],
    queryFn: ({ signal }) => api<ReconciliationSummary[]>('GET', 'Reconciliations', { signal }),
  });
}

/** Query options of one reconciliation. */
export const reconciliationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...reconciliationsKey, 'one', id],
    queryFn: ({ signal }) => api<Reconciliation>('GET', `Reconciliations/${id}`, { signal }),
    // A saved reconciliation never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One reconciliation (disabled without a valid id). */
export function useReconciliation(id: number) {
  return useQuery({ ...reconciliationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** Reads a file's columns and first rows; `headerRow` (1-based) names the row of its headers (default the saved mapping's). */
export function previewReconciliationFile(file: File, headerRow?: number): Promise<ReconciliationPreview> {
  const form = new FormData();
  if (headerRow !== undefined) form.append('headerRow', String(headerRow));
  form.append('file', file, file.name);
  return upload<ReconciliationPreview>('ReconciliationFile', form);
}

/** Runs a reconciliation of `file` with `request`; the list refreshes and the run is kept for its page. */
export function useCreateReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, request }: { file: File; request: CreateReconciliationRequest }) => {
      const form = new FormData();
      form.append('request', JSON.stringify(request));
      form.append('file', file, file.name);
      return upload<Reconciliation | ReconciliationSummary>('Reconciliations', form);
    },
    onSuccess: (created) => {
      if ('rows' in created) queryClient.setQueryData(reconciliationQueryOptions(created.id).queryKey, created);
      return queryClient.invalidateQueries({ queryKey: [...reconciliationsKey, 'list'] });
    },
  });
}

/** Downloads a reconciliation as an Excel workbook under the server's file name. */
export async function downloadReconciliationWorkbook(id: number): Promise<void> {
  const response = await api<Response>('GET', `Reconciliations/${id}/workbook`, { raw: true });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? `reconciliation-${id}.xlsx`);
}
