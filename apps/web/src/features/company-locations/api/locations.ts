/**
 * The Company > Locations calls (docs/company-locations.md): GET CompanyLocations (the list,
 * by type filter), GET CompanyLocations/{id} (one with addresses and sub-locations), POST
 * Locations (create or update), DELETE Locations/{id} (deleted, or blocked when in use), POST
 * Addresses and DELETE Addresses/{id} (its delivery addresses). Refusals come back as ApiError
 * with the server's translated message and field messages.
 */
import type {
  CompanyLocation,
  CompanyLocationRow,
  DeleteLocationResponse,
  DeliveryAddress,
  LocationTypeFilter,
  SaveAddressRequest,
  SaveLocationRequest,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every locations query starts with: a change makes them all stale. */
export const companyLocationsKey = ['companyLocations'] as const;

/** The acting customer's locations of a type filter. */
export const companyLocationsQueryOptions = (type: LocationTypeFilter) =>
  queryOptions({
    queryKey: [...companyLocationsKey, 'list', type],
    queryFn: ({ signal }) => api<CompanyLocationRow[]>('GET', 'CompanyLocations', { signal, query: { type } }),
  });

export function useCompanyLocations(type: LocationTypeFilter) {
  return useQuery(companyLocationsQueryOptions(type));
}

/** One location with its addresses and sub-locations; asked when `id` is set. */
export function useCompanyLocation(id: number | null) {
  return useQuery({
    queryKey: [...companyLocationsKey, 'one', id],
    queryFn: ({ signal }) => api<CompanyLocation>('GET', `CompanyLocations/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Saves a location; the lists and the location refresh. */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveLocationRequest) => api<CompanyLocation>('POST', 'Locations', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyLocationsKey }),
  });
}

/** Deletes (or blocks) a location; the lists refresh. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<DeleteLocationResponse>('DELETE', `Locations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyLocationsKey }),
  });
}

/** Saves a delivery address; the location refreshes. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAddressRequest) => api<DeliveryAddress>('POST', 'Addresses', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyLocationsKey }),
  });
}

/** Deletes a delivery address; the location refreshes. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>('DELETE', `Addresses/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyLocationsKey }),
  });
}
