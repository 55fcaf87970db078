/**
 * External locations of the acting customer (spec section 3, "External location"; docs/domain.md,
 * "External locations"): GET ExternalLocations for the delivery dialog's external recipients,
 * POST ExternalLocations to register a new one (or change one). The server refuses a location
 * number already in use ('Location number already exists', in `ApiError.fields.locationNumber`)
 * and a GLN with a wrong check digit.
 */
import type { ExternalLocation, SaveExternalLocationRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const externalLocationsKey = ['externalLocations'] as const;

/** Query options of the acting customer's active external locations. */
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

/** Creates or updates an external location; the list refreshes afterwards. */
export function useSaveExternalLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveExternalLocationRequest) => api<ExternalLocation>('POST', 'ExternalLocations', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalLocationsKey }),
  });
}
