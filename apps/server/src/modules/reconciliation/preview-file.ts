/**
 * POST ReconciliationFile (issue 22; docs/reconciliation.md, "Preview"): what an uploaded file
 * holds, so its columns can be mapped.
 */
import { RECONCILIATION_MAX_COLUMNS, RECONCILIATION_PREVIEW_DISTINCT, type ReconciliationPreview } from '@portal/domain';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireReconciliation } from './access.js';
import { readReconciliationFile } from './read-file.js';
import { savedMapping } from './saved-mapping.js';

/** Data rows the preview shows. */
const SAMPLE_ROWS = 10;

/**
 * The file's columns (the header row's texts, up to RECONCILIATION_PREVIEW_DISTINCT distinct
 * values of each), its count of data rows (rows after the header that hold a value), its first
 * data rows, and the acting customer's saved mapping.
 * @param headerRow 1-based; default the saved mapping's, else 1
 * @throws FORBIDDEN without the right (access.ts); the errors of `readReconciliationFile`
 */
export async function previewFile(
  db: Tx,
  auth: AuthContext,
  file: { data: Uint8Array; fileName: string },
  headerRow: number | undefined,
): Promise<ReconciliationPreview> {
  await requireReconciliation(db, auth);
  const mapping = await savedMapping(db, auth.customerId);
  const table = await readReconciliationFile(file.data);
  const header = headerRow ?? mapping?.headerRow ?? 1;
  const data = table.rows.slice(header).filter((cells) => cells.some((c) => c !== ''));
  const width = Math.min(
    RECONCILIATION_MAX_COLUMNS,
    Math.max(table.rows[header - 1]?.length ?? 0, ...data.slice(0, 1000).map((cells) => cells.length), 0),
  );
  const headers = table.rows[header - 1] ?? [];
  const columns = Array.from({ length: width }, (_, index) => {
    const distinct = new Set<string>();
    for (const cells of data) {
      const value = cells[index] ?? '';
      if (value !== '') distinct.add(value);
      if (distinct.size >= RECONCILIATION_PREVIEW_DISTINCT) break;
    }
    return { index, header: headers[index] ?? '', distinctValues: [...distinct] };
  });
  return {
    fileName: file.fileName,
    rowCount: data.length,
    columns,
    sample: data.slice(0, SAMPLE_ROWS).map((cells) => Array.from({ length: width }, (_, i) => cells[i] ?? '')),
    mapping,
  };
}
