/**
 * The calls of the pallet-receipt screens (issue 11; docs/pallet-receipts.md; shapes in
 * packages/domain/src/schemas/pallet-receipts.ts): GET PalletReceipts (the log), GET
 * PalletReceipts/{id}, POST PalletReceipts (a handover or, with `inventory: true`, a count at the
 * dock), POST PalletReceiptSignature, POST PalletReceiptDecision (provider staff), GET
 * PalletReceipts/{id}/document (the PDF) and GET PalletReceiptCounterparties; issue 20's POST
 * PalletReceiptConfirmation (the counterparty), PalletReceiptApproval (provider staff),
 * PalletReceiptDisputes (either side) and PalletReceiptDisputeDecision (provider staff). A change
 * refreshes the log and the receipt.
 */
import type {
  CreateInventoryReceiptRequest,
  CreatePalletReceiptRequest,
  PalletReceipt,
  PalletReceiptApprovalRequest,
  PalletReceiptConfirmationRequest,
  PalletReceiptCounterparty,
  PalletReceiptDecisionRequest,
  PalletReceiptDisputeDecisionRequest,
  PalletReceiptDisputeRequest,
  PalletReceiptSignatureRequest,
  PalletReceiptSummary,
  PalletReceiptsQuery,
} from '@portal/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showPdf } from '../../../lib/pdf-tab';

/** The key every pallet-receipt query starts with. */
export const palletReceiptsKey = ['palletReceipts'] as const;

/** Query options of the log with `filters`. */
export const palletReceiptsQueryOptions = (filters: PalletReceiptsQuery) =>
  queryOptions({
    queryKey: [...palletReceiptsKey, 'list', filters],
    queryFn: ({ signal }) => api<PalletReceiptSummary[]>('GET', 'PalletReceipts', { signal, query: { ...filters } }),
  });

/** The receipts matching `filters` (the previous answer stays while the next loads). */
export function usePalletReceipts(filters: PalletReceiptsQuery) {
  return useQuery({ ...palletReceiptsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Query options of one receipt. */
export const palletReceiptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...palletReceiptsKey, 'receipt', id],
    queryFn: ({ signal }) => api<PalletReceipt>('GET', `PalletReceipts/${id}`, { signal }),
  });

/** One receipt with its lines and signatures. */
export function usePalletReceipt(id: number) {
  return useQuery(palletReceiptQueryOptions(id));
}

/** Who can be the other side at `locationId`'s dock, matching `term` (at most 50); asked once a location is chosen. */
export function usePalletReceiptCounterparties(locationId: number | null, term: string) {
  return useQuery({
    queryKey: [...palletReceiptsKey, 'counterparties', locationId, term],
    queryFn: ({ signal }) =>
      api<PalletReceiptCounterparty[]>('GET', 'PalletReceiptCounterparties', { signal, query: { locationId, term } }),
    enabled: locationId !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function useReceiptMutation<V>(call: (value: V) => Promise<PalletReceipt>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (receipt) => queryClient.setQueryData(palletReceiptQueryOptions(receipt.id).queryKey, { ...receipt, qrUrl: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...palletReceiptsKey, 'list'] }),
  });
}

/** Saves a new receipt (a handover, or a count with `inventory: true`); answers it with its QR link, that one time. */
export function useCreatePalletReceipt() {
  return useReceiptMutation((request: CreatePalletReceiptRequest | CreateInventoryReceiptRequest) =>
    api<PalletReceipt>('POST', 'PalletReceipts', { body: request }),
  );
}

/** One side signs (409 when it has); answers the receipt, final when both have. */
export function useSignPalletReceipt() {
  return useReceiptMutation((request: PalletReceiptSignatureRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptSignature', { body: request }),
  );
}

/** Decides a disputed receipt (provider staff): final (posts) or void, with the comment saying why. */
export function useDecidePalletReceipt() {
  return useReceiptMutation((request: PalletReceiptDecisionRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptDecision', { body: request }),
  );
}

/** The counterparty confirms or objects in its own session; answers the receipt (final when confirmed). */
export function useConfirmPalletReceipt() {
  return useReceiptMutation((request: PalletReceiptConfirmationRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptConfirmation', { body: request }),
  );
}

/** Provider staff approve (it opens; the counterparty is told) or void a receipt waiting for approval. */
export function useApprovePalletReceipt() {
  return useReceiptMutation((request: PalletReceiptApprovalRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptApproval', { body: request }),
  );
}

/** Either side disputes a final receipt with the quantities it should be. */
export function useDisputePalletReceipt() {
  return useReceiptMutation((request: PalletReceiptDisputeRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptDisputes', { body: request }),
  );
}

/** Provider staff correct (posts the difference once) or reject a dispute of a final receipt. */
export function useDecideReceiptDispute() {
  return useReceiptMutation((request: PalletReceiptDisputeDecisionRequest) =>
    api<PalletReceipt>('POST', 'PalletReceiptDisputeDecision', { body: request }),
  );
}

/** Fetches a receipt's PDF in the caller's language; throws `ApiError` with the server's reason. */
export async function fetchPalletReceiptDocument(id: number): Promise<Blob> {
  const response = await api<Response>('GET', `PalletReceipts/${id}/document`, { raw: true });
  return response.blob();
}

/** Shows the PDF in `tab` (opened by the click itself), or saves it as `<number>.pdf`. */
export function showPalletReceiptDocument(receipt: { id: number; receiptNumber: string }, tab: Window | null) {
  return showPdf(() => fetchPalletReceiptDocument(receipt.id), tab, `${receipt.receiptNumber}.pdf`);
}

/** A location the user writes receipts at (GET Locations?customerId&canSwitch=true: the user's own, or the customer's for an admin). */
export interface ReceiptLocation {
  id: number;
  name: string;
  statusId: number;
}

/** The active locations of the acting customer the user may act at. */
export function useReceiptLocations(customerId: number) {
  return useQuery({
    queryKey: ['switch', 'locations', customerId, 'receipts'],
    queryFn: ({ signal }) =>
      api<ReceiptLocation[]>('GET', 'Locations', { signal, query: { customerId, canSwitch: true, include: 'id,name,statusId' } }),
    select: (list) => list.filter((location) => location.statusId === 1),
    staleTime: 5 * 60 * 1000,
  });
}
