/**
 * GET Statements (issue 22; docs/statements.md): a location's statement for a period as JSON for
 * the page, as a PDF shown in a tab (or saved when the browser blocks it), and as an Excel
 * workbook saved under the server's file name.
 */
import type { Statement, StatementQuery } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showPdf } from '../../../lib/pdf-tab';
import { saveBlob } from '../../../lib/save-file';
import { fileNameOf } from '../../reports/api/get-report';

/** The file name the server gives a statement of `query` (statement-<location>-<from>-<to>.<extension>). */
const fileName = (query: StatementQuery, extension: 'pdf' | 'xlsx') =>
  `statement-${query.locationId}-${query.from}-${query.to}.${extension}`;

export const statementQueryOptions = (query: StatementQuery) =>
  queryOptions({
    queryKey: ['statement', query],
    queryFn: ({ signal }) => api<Statement>('GET', 'Statements', { signal, query: { ...query } }),
    staleTime: 30_000,
  });

/** The statement of `query`; the previous one stays shown while the next period loads. */
export function useStatement(query: StatementQuery) {
  return useQuery({ ...statementQueryOptions(query), placeholderData: keepPreviousData });
}

/** Shows the statement's PDF in `tab` (opened by the click itself), or saves it; rethrows a failure. */
export function showStatementDocument(query: StatementQuery, tab: Window | null): Promise<'tab' | 'download'> {
  return showPdf(
    async () => (await api<Response>('GET', 'Statements/document', { query: { ...query }, raw: true })).blob(),
    tab,
    fileName(query, 'pdf'),
  );
}

/** Downloads the statement as an Excel workbook (balances, movements, in transit). */
export async function downloadStatementWorkbook(query: StatementQuery): Promise<void> {
  const response = await api<Response>('GET', 'Statements/workbook', { query: { ...query }, raw: true });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fileName(query, 'xlsx'));
}
