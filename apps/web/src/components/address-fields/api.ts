/**
 * The address calls the address fields make (spec section 7): GET AddressCountryRegions (the
 * available countries with their postal code masks) and GET AddressZipCode (the postal place
 * of a code). Both are open without a session, so the public registration page uses them too.
 */
import type { AddressZipCodeResponse, Country, CountryRegion } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The available countries, default first, named in `language` (the server names them). */
export const countryRegionsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['addressCountryRegions', language],
    queryFn: ({ signal }) => api<CountryRegion[]>('GET', 'AddressCountryRegions', { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The available countries (only those `isAvailable`). */
export function useCountryRegions(language: string) {
  return useQuery({ ...countryRegionsQueryOptions(language), select: (list) => list.filter((c) => c.isAvailable) });
}

/**
 * The postal place of `postalCode` in `countryId`'s register: `{ name }`, name null when the
 * register does not know it. Asked only when `enabled` (a code that fits the country's masks).
 */
export function usePostalPlace(countryId: Country | null, postalCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['addressZipCode', countryId, postalCode],
    queryFn: ({ signal }) =>
      api<AddressZipCodeResponse>('GET', 'AddressZipCode', { signal, anonymous: true, query: { countryId, postalCode } }),
    enabled: enabled && !!countryId,
    staleTime: 60 * 60_000,
    retry: false,
  });
}
