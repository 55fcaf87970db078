/**
 * Look-ups of the switch dialog (spec section 6, section 7): GET Customers (global admins),
 * GET Locations?customerId&canSwitch=true, GET Users?customerId&locationId&isActive=true.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface SwitchCustomer {
  id: number;
  name: string;
  statusId: number;
}
export interface SwitchLocation {
  id: number;
  name: string;
  isDefault: boolean;
  statusId: number;
  typeId: string;
}
export interface SwitchUser {
  id: number;
  name: string;
  loginName: string;
  isCustomerAdmin: boolean;
  locationId: number | null;
}

/** Customers whose name starts with `term` (at most 500). */
export const switchCustomersQuery = (term: string) =>
  queryOptions({
    queryKey: ['switch', 'customers', term],
    queryFn: ({ signal }) => api<SwitchCustomer[]>('GET', 'Customers', { signal, query: { term, include: 'id,name,status,statusId' } }),
  });

/** Locations of a customer the caller may switch to (statusId 1 active, 2 blocked). */
export const switchLocationsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['switch', 'locations', customerId],
    queryFn: ({ signal }) =>
      api<SwitchLocation[]>('GET', 'Locations', {
        signal,
        query: { customerId, canSwitch: true, include: 'id,name,isDefault,statusId,typeId' },
      }),
  });

/** Active users of a customer and location the caller may act as. */
export const switchUsersQuery = (customerId: number, locationId: number | null) =>
  queryOptions({
    queryKey: ['switch', 'users', customerId, locationId],
    queryFn: ({ signal }) =>
      api<SwitchUser[]>('GET', 'Users', { signal, query: { customerId, locationId: locationId ?? undefined, isActive: true } }),
  });

/** Whether the signed-in user may act as other users (spec section 6). */
export function canSwitchUser(loginUser: { isGlobalAdmin: boolean; isCustomerAdmin: boolean; isReturnScheme: boolean }): boolean {
  return (loginUser.isGlobalAdmin && loginUser.isReturnScheme) || loginUser.isCustomerAdmin;
}
