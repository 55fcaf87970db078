/**
 * Disagreement badges (spec section 9): orders in status 6 (not agreed) visible to the user,
 * polled every 30 s. Delivery counts those whose sender's customer group is GL or OO;
 * Expedition TO, HE or RO; Reception those received at the current location. The menu shows
 * the counts; each badge opens its area's list showing exactly the orders it counts.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const DISAGREEMENT_POLL_MS = 30_000;

/** The fields of an order the badges need. */
export interface DisagreementOrder {
  id: number;
  transactionTypeId: number;
  locationIdFrom: number;
  locationIdTo: number | null;
  customerGroupFrom: string;
}

export type DisagreementArea = 'delivery' | 'expedition' | 'reception';
export type DisagreementCounts = Record<DisagreementArea, number>;

const deliveryGroups = ['GL', 'OO'];
const expeditionGroups = ['TO', 'HE', 'RO'];

/** The ids of the not-agreed orders each badge counts (spec section 9, "Disagreement badges"). */
export function disagreementIds(
  orders: readonly DisagreementOrder[],
  currentLocationId: number | null,
): Record<DisagreementArea, number[]> {
  const ids = (keep: (o: DisagreementOrder) => boolean) => orders.filter(keep).map((o) => o.id);
  return {
    delivery: ids((o) => deliveryGroups.includes(o.customerGroupFrom)),
    expedition: ids((o) => expeditionGroups.includes(o.customerGroupFrom)),
    reception: ids((o) => currentLocationId !== null && o.locationIdTo === currentLocationId),
  };
}

/** Counts not-agreed orders per menu item. */
export function countDisagreements(orders: readonly DisagreementOrder[], currentLocationId: number | null): DisagreementCounts {
  const ids = disagreementIds(orders, currentLocationId);
  return { delivery: ids.delivery.length, expedition: ids.expedition.length, reception: ids.reception.length };
}

/**
 * GET Orders?transactionStatus=6 with the few fields the badges read, every 30 s; answers the ids
 * per badge. `enabled` false (a menu without Delivery, Reception and Expedition) asks nothing:
 * the server refuses the orders grid to a user whose menu offers no order list.
 */
export const disagreementsQuery = (locationId: number | null, enabled = true) =>
  queryOptions({
    queryKey: ['disagreements', locationId],
    queryFn: ({ signal }) =>
      api<{ items: DisagreementOrder[]; total: number }>('GET', 'Orders', {
        signal,
        query: { transactionStatus: 6, include: 'id,transactionTypeId,locationIdFrom,locationIdTo,customerGroupFrom' },
      }),
    select: (answer) => disagreementIds(answer.items, locationId),
    refetchInterval: DISAGREEMENT_POLL_MS,
    staleTime: DISAGREEMENT_POLL_MS,
    enabled: enabled && locationId !== null,
  });

/** Whether an area of the menu carries a disagreement badge. */
export function isDisagreementArea(area: string): area is DisagreementArea {
  return area === 'delivery' || area === 'expedition' || area === 'reception';
}
