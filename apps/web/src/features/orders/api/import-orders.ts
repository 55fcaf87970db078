/**
 * Importing orders from Excel (issue 3; spec section 2, "import from Excel (header row count,
 * start row)"): POST OrdersImport with the .xlsx and its options, as a preview (every row with
 * its problems, nothing written) or as the import (the valid rows' orders in one transaction),
 * with upload progress; and GET OrdersImportTemplate, the .xlsx to fill in.
 */
import { ORDERS_IMPORT_MAX_BYTES, type OrdersImportResult } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';
import { invalidateOrderLists } from './set-order-status';

/** The options of one call (ZOrdersImportOptions). */
export interface ImportRequest {
  file: File;
  transactionTypeId: 1 | 2 | 3;
  locationId: number;
  headerRows: number;
  startRow: number;
  draft: boolean;
  preview: boolean;
  /** One per opening of the dialog: an import sent twice (a retry, a double click) writes once. */
  importKey?: string;
}

/** What the dialog hears while a call runs: upload progress (0-1), then that the server is at work. */
export interface ImportProgress {
  onUploadProgress?: (fraction: number) => void;
  onUploaded?: () => void;
  signal?: AbortSignal;
}

/** Sends the file and options; answers the rows, counts and (not in a preview) the created order ids. */
export function importOrders(request: ImportRequest, progress: ImportProgress = {}): Promise<OrdersImportResult> {
  const form = new FormData();
  for (const key of ['transactionTypeId', 'locationId', 'headerRows', 'startRow', 'draft', 'preview'] as const) {
    form.append(key, String(request[key]));
  }
  if (request.importKey) form.append('importKey', request.importKey);
  form.append('file', request.file, request.file.name);
  return upload<OrdersImportResult>('OrdersImport', form, {
    signal: progress.signal,
    onUploadProgress: (sent, total) => progress.onUploadProgress?.(total > 0 ? sent / total : 1),
    onUploaded: progress.onUploaded,
  });
}

/** The preview or import; an import refreshes every order list and badge. */
export function useImportOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, progress }: { request: ImportRequest; progress?: ImportProgress }) => importOrders(request, progress),
    onSuccess: (_result, { request }) => (request.preview ? undefined : invalidateOrderLists(queryClient)),
  });
}

/** Whether a file may be sent: an .xlsx name and at most 5 MiB (the server checks the content). */
export function importFileProblem(file: File): 'type' | 'size' | null {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return 'type';
  if (file.size > ORDERS_IMPORT_MAX_BYTES) return 'size';
  return null;
}

const kindNames = { 1: 'purchase', 2: 'sale', 3: 'delivery' } as const;

/** Downloads the template of a list for a location and saves it through a temporary link. */
export async function downloadImportTemplate(transactionTypeId: 1 | 2 | 3, locationId: number): Promise<void> {
  const response = await api<Response>('GET', 'OrdersImportTemplate', { query: { transactionTypeId, locationId }, raw: true });
  saveBlob(await response.blob(), `orders-import-${kindNames[transactionTypeId]}.xlsx`);
}
