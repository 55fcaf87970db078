/**
 * External locations of the acting customer (spec section 3, "External location"; docs/domain.md,
 * "External locations"; docs/company-external-archive.md): GET ExternalLocations for the delivery
 * dialog's external recipients and for Company > External locations, POST ExternalLocations to
 * register a new one or change one, DELETE ExternalLocations/{id} to remove one (one that orders
 * name is made inactive instead). The server refuses a location number already in use
 * ('Location number already exists', in `ApiError.fields.locationNumber`) and a GLN with a wrong
 * check digit. Every change refreshes both lists.
 */
import type { DeleteExternalLocationResponse, ExternalLocation, SaveExternalLocationRequest } from '@portal/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every external-location query starts with. */
const externalLocationsKey = ['externalLocations'] as const;

/** Query options of the acting customer's active external locations (the delivery dialog's). */
export const externalLocationsQueryOptions = () =>
  queryOptions({
    queryKey: externalLocationsKey,
    queryFn: ({ signal }) => api<ExternalLocation[]>('GET', 'ExternalLocations', { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** The active external locations (only fetched when `enabled`); a failure leaves the picker empty with a notice. */
export function useExternalLocations(enabled = true) {
  return useQuery({
    ...externalLocationsQueryOptions(),
    retry: false,
    enabled,
    select: (list) => list.filter((external) => external.active),
  });
}

/**
 * The screen's list: every external location, inactive ones included, narrowed by `term` (the
 * name anywhere, the number or GLN from its start); at most 1000, by name.
 */
export function useExternalLocationList(term: string) {
  return useQuery({
    queryKey: [...externalLocationsKey, 'list', term],
    queryFn: ({ signal }) =>
      api<ExternalLocation[]>('GET', 'ExternalLocations', { signal, query: { includeInactive: true, term: term || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Creates or updates an external location; the lists refresh afterwards. */
export function useSaveExternalLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveExternalLocationRequest) => api<ExternalLocation>('POST', 'ExternalLocations', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalLocationsKey }),
  });
}

/** Deletes an external location, or deactivates one that orders name (`outcome`); the lists refresh afterwards. */
export function useDeleteExternalLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<DeleteExternalLocationResponse>('DELETE', `ExternalLocations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalLocationsKey }),
  });
}
