/**
 * Webhook endpoints of the acting customer and their delivery logs (issue 23; docs/integrations.md,
 * "Webhooks"): GET/POST WebhookEndpoints, POST WebhookEndpointSecret, GET WebhookDeliveries, POST
 * WebhookDeliveryResend. Every change refreshes the endpoints and the logs.
 */
import type { SaveWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const key = ['webhooks'] as const;

/** The acting customer's endpoints. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...key, 'endpoints'],
    queryFn: ({ signal }) => api<WebhookEndpoint[]>('GET', 'WebhookEndpoints', { signal }),
  });
}

/** One endpoint's deliveries, newest first; looked at again every 5 s while shown (the sender works in the background). */
export function useWebhookDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: [...key, 'deliveries', endpointId],
    queryFn: ({ signal }) => api<WebhookDelivery[]>('GET', 'WebhookDeliveries', { signal, query: { endpointId: endpointId ?? 0 } }),
    enabled: endpointId !== null,
    refetchInterval: 5000,
  });
}

/** Registers or changes an endpoint; answers the endpoint and, when new, its secret. */
export function useSaveWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWebhookEndpointRequest) =>
      api<{ endpoint: WebhookEndpoint; secret: string | null }>('POST', 'WebhookEndpoints', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** A new signing secret; the old one signs beside it for `overlapHours`. */
export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; overlapHours: number }) =>
      api<{ endpoint: WebhookEndpoint; secret: string }>('POST', 'WebhookEndpointSecret', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Sends a delivery's event again. */
export function useResendWebhookDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<WebhookDelivery>('POST', 'WebhookDeliveryResend', { body: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
