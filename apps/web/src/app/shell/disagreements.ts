/**
 * Disagreement badges (spec section 9): orders in status 6 (not agreed), polled every 30 s.
 * Delivery counts those whose sender's customer group is GL or OO; Expedition TO, HE or RO;
 * Reception those received at the current location.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const DISAGREEMENT_POLL_MS = 30_000;

/** The fields of an order the badges need. */
export interface DisagreementOrder {
  id: number;
  transactionTypeId: number;
  locationIdFrom: number;
  locationIdTo: number | null;
  customerGroupFrom: string;
}

export type DisagreementCounts = Record<'delivery' | 'expedition' | 'reception', number>;

const deliveryGroups = ['GL', 'OO'];
const expeditionGroups = ['TO', 'HE', 'RO'];

/** Counts not-agreed orders per menu item (spec section 9, "Disagreement badges"). */
export function countDisagreements(orders: readonly DisagreementOrder[], currentLocationId: number | null): DisagreementCounts {
  return {
    delivery: orders.filter((o) => deliveryGroups.includes(o.customerGroupFrom)).length,
    expedition: orders.filter((o) => expeditionGroups.includes(o.customerGroupFrom)).length,
    reception: orders.filter((o) => currentLocationId !== null && o.locationIdTo === currentLocationId).length,
  };
}

/** GET Orders?transactionStatus=6 with the few fields the badges read, every 30 s. */
export const disagreementsQuery = (locationId: number | null) =>
  queryOptions({
    queryKey: ['disagreements', locationId],
    queryFn: ({ signal }) =>
      api<{ items: DisagreementOrder[]; total: number }>('GET', 'Orders', {
        signal,
        query: { transactionStatus: 6, include: 'id,transactionTypeId,locationIdFrom,locationIdTo,customerGroupFrom' },
      }),
    select: (answer) => countDisagreements(answer.items, locationId),
    refetchInterval: DISAGREEMENT_POLL_MS,
    staleTime: DISAGREEMENT_POLL_MS,
    enabled: locationId !== null,
  });
