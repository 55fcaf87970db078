/**
 * GET Rentals, GET Rentals/{id}, POST Rentals and POST RentalStatus (docs/containers.md,
 * "Rentals"): the caller's rentals, one rental, registering one and its steps (assign, return,
 * close or cancel). After a write the rental's answer replaces the cached one and the lists,
 * containers and the bell refresh.
 */
import type { RegisterRentalRequest, Rental, RentalStatus, RentalStatusRequest, RentalSummary } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { containersKey } from './containers';

/** The rental list's filters; each left out (undefined) means any. */
export interface RentalFilters {
  locationId?: number;
  status?: RentalStatus;
  /** A day the rental's period covers (yyyy-MM-dd). */
  date?: string;
}

/** The rentals matching `filters`. */
export function useRentals(filters: RentalFilters) {
  return useQuery({
    queryKey: [...containersKey, 'rentals', filters],
    queryFn: ({ signal }) => api<RentalSummary[]>('GET', 'Rentals', { signal, query: { ...filters } }),
  });
}

/** Query options of one rental. */
export const rentalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...containersKey, 'rental', id],
    queryFn: ({ signal }) => api<Rental>('GET', `Rentals/${id}`, { signal }),
  });

/** One rental with its containers, days and (if allowed) rent. */
export function useRental(id: number) {
  return useQuery(rentalQueryOptions(id));
}

/** Stores the answer of a write and refreshes what it changed. */
function useRentalWrite<T>(call: (request: T) => Promise<Rental>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (rental) => queryClient.setQueryData(rentalQueryOptions(rental.id).queryKey, rental),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: containersKey }), queryClient.invalidateQueries({ queryKey: ['alerts'] })]),
  });
}

/** Registers a rental (POST Rentals); answers the new rental. */
export function useRegisterRental() {
  return useRentalWrite((request: RegisterRentalRequest) => api<Rental>('POST', 'Rentals', { body: request }));
}

/** Takes a rental's step (POST RentalStatus); answers the rental as it now is. */
export function useRentalStep() {
  return useRentalWrite((request: RentalStatusRequest) => api<Rental>('POST', 'RentalStatus', { body: request }));
}
