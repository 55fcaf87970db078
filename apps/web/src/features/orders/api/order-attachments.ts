/**
 * Attachments and signatures of an order (spec sections 3, 5 and 8): GET OrderAttachments?orderId=
 * (metadata), POST OrderAttachments (multipart: `orderId` and one `file`; PDF, JPG, PNG or GIF,
 * told by content; at most 10 MiB), GET OrderAttachments/{id} (the file), DELETE
 * OrderAttachments/{id}, POST OrderSignature (a PNG data URL and the signer's name).
 */
import { ATTACHMENT_MAX_BYTES, type Attachment, type ErrorEnvelope } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, tokenStore } from '../../../lib/api';

/** Query options of an order's attachments and signatures. */
export const orderAttachmentsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', 'attachments', orderId],
    queryFn: ({ signal }) => api<Attachment[]>('GET', 'OrderAttachments', { signal, query: { orderId } }),
  });

/** The attachments of an order. */
export function useOrderAttachments(orderId: number) {
  return useQuery(orderAttachmentsQueryOptions(orderId));
}

/** Uploads one file as multipart/form-data (the JSON client cannot send files). */
export async function uploadAttachment(orderId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('orderId', String(orderId));
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'nb-NO' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/OrderAttachments?orderId=${orderId}`, { method: 'POST', headers, body: form, credentials: 'include' });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ErrorEnvelope | null;
    throw new ApiError(
      response.status,
      envelope?.error.type ?? 'UNEXPECTED',
      envelope?.error.message ?? response.statusText,
      envelope?.error.fields ?? {},
    );
  }
  return ((await response.json()) as { data: Attachment }).data;
}

/** Whether a file is small enough to send (the server refuses larger ones with 413). */
export const fitsAttachmentLimit = (file: Blob) => file.size <= ATTACHMENT_MAX_BYTES;

/** Fetches a stored file with the session's token, as a blob. */
export async function fetchAttachment(id: number): Promise<Blob> {
  const response = await api<Response>('GET', `OrderAttachments/${id}`, { raw: true });
  return response.blob();
}

/** Saves a stored file under its name through a temporary link. */
export async function downloadAttachment(attachment: Pick<Attachment, 'id' | 'fileName'>): Promise<void> {
  const url = URL.createObjectURL(await fetchAttachment(attachment.id));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An object URL of a stored image (a signature), revoked when the query is dropped. */
export function useAttachmentImage(id: number) {
  return useQuery({
    queryKey: ['orders', 'attachmentImage', id],
    queryFn: async () => URL.createObjectURL(await fetchAttachment(id)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useAttachmentMutation<V, R>(orderId: number, call: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderAttachmentsQueryOptions(orderId).queryKey }),
  });
}

/** Uploads a file to the order. */
export function useUploadAttachment(orderId: number) {
  return useAttachmentMutation(orderId, (file: File) => uploadAttachment(orderId, file));
}

/** Deletes a file (its uploader or provider staff; a signature only provider staff). */
export function useDeleteAttachment(orderId: number) {
  return useAttachmentMutation(orderId, (id: number) => api<{ id: number }>('DELETE', `OrderAttachments/${id}`));
}

/** Stores a signature: the signer's name and the image as a PNG data URL. */
export function useSaveSignature(orderId: number) {
  return useAttachmentMutation(orderId, (signature: { name: string; image: string }) =>
    api<Attachment>('POST', 'OrderSignature', { body: { orderId, ...signature } }),
  );
}
