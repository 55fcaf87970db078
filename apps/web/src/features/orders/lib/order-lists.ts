/**
 * The order lists of the menu (spec section 2; issue 3): which orders each list shows, what its
 * "New order" button places, and where its orders open. Every list is the same grid; a list
 * narrows GET Orders to what fits it:
 * - Orders / Buy (`orders`): purchases of the acting location (either party: the customer
 *   receives them, a depot sends them);
 * - Dispatch / Sell (`dispatch`): sales of the acting location;
 * - Dispatch > Returns (`dispatch/returns`): the location's sales that went to a sorting depot,
 *   by default those still being sorted or awaiting the customer's acceptance (9-14); "New
 *   return" opens the return dialog (a sale to a sorting depot with the return choice per line);
 * - Delivery (`delivery`): deliveries sent from the acting location;
 * - Delivery > External locations (`delivery/external`): GET ExternalOrders, orders to
 *   receivers outside the portal;
 * - Reception (`reception`): orders to the acting location, by default those awaiting
 *   reception (4 Sent, 11 Waiting for confirmation, 6 Not agreed);
 * - Expedition > Dispatching (`expedition`): orders sent from the location, by default those in
 *   handling (the statuses the order target helper sends to expedition);
 * - Expedition > Direct reception (`expedition/direct`): deliveries straight to the location
 *   from other parties (not from a depot).
 */
import { TransactionStatus as S, TransactionType } from '@portal/domain';
import type { OrdersFilter } from '../api/get-orders';

export type OrderListKey = 'purchases' | 'sales' | 'returns' | 'deliveries' | 'external' | 'reception' | 'expedition' | 'direct';

/** The menu areas whose routes show orders; an order opens at `/app/<area>/<id>`. */
export type OrderArea = 'orders' | 'dispatch' | 'delivery' | 'reception' | 'expedition';

/** The kinds of order the order dialog places. */
export type OrderKind = 'purchase' | 'sale' | 'delivery';

/** A preset of a list: a named set of statuses (empty: all). */
export interface StatusPreset {
  key: string;
  statuses: number[];
}

export interface OrderListDefinition {
  key: OrderListKey;
  area: OrderArea;
  /** The list's route under /app. */
  path: string;
  /** i18n key (namespace orders) of the heading. */
  titleKey: string;
  /** i18n key of the line under the heading, if any. */
  introKey?: string;
  /** What "New order" places, if the list offers it. */
  newOrder?: OrderKind;
  /** The dialog variant of "New order": the return dialog on Dispatch > Returns. */
  newVariant?: 'return';
  /** Whether drafts can be chosen and sent in bulk. */
  sendDrafts?: boolean;
  /** Status presets; the first is the default. */
  presets?: StatusPreset[];
  /** The part of the filter that makes the list, for the acting location. */
  scope: (locationId: number) => Pick<OrdersFilter, 'endpoint' | 'locationId' | 'transactionTypes' | 'locationIdFrom' | 'locationIdTo'>;
}

const base = { endpoint: 'Orders' as const, transactionTypes: [] as number[], locationIdFrom: null, locationIdTo: null };

/** Statuses at which an order is handled by expedition (the order target helper, spec section 2). */
const handling = [
  S.Confirmed,
  S.Picked,
  S.Sent,
  S.NotAgreed,
  S.WaitForSort,
  S.Treatment,
  S.WaitForConfirmation,
  S.ReceivedSort,
  S.WaitForAccept,
  S.WaitForAgreement,
];
const sorting = [S.WaitForSort, S.Treatment, S.ReceivedSort, S.WaitForAccept, S.WaitForAgreement];
const awaitingReception = [S.Sent, S.WaitForConfirmation, S.NotAgreed];

export const orderLists: Record<OrderListKey, OrderListDefinition> = {
  purchases: {
    key: 'purchases',
    area: 'orders',
    path: 'orders',
    titleKey: 'list.title',
    newOrder: 'purchase',
    sendDrafts: true,
    scope: (locationId) => ({ ...base, locationId, transactionTypes: [TransactionType.Purchase] }),
  },
  sales: {
    key: 'sales',
    area: 'dispatch',
    path: 'dispatch',
    titleKey: 'lists.sales.title',
    newOrder: 'sale',
    sendDrafts: true,
    scope: (locationId) => ({ ...base, locationId, transactionTypes: [TransactionType.Sale] }),
  },
  returns: {
    key: 'returns',
    area: 'dispatch',
    path: 'dispatch/returns',
    titleKey: 'lists.returns.title',
    introKey: 'lists.returns.intro',
    newOrder: 'sale',
    newVariant: 'return',
    presets: [
      { key: 'sorting', statuses: sorting },
      { key: 'all', statuses: [] },
    ],
    scope: (locationId) => ({ ...base, locationId, transactionTypes: [TransactionType.Sale], locationIdFrom: locationId }),
  },
  deliveries: {
    key: 'deliveries',
    area: 'delivery',
    path: 'delivery',
    titleKey: 'lists.deliveries.title',
    newOrder: 'delivery',
    sendDrafts: true,
    scope: (locationId) => ({ ...base, locationId, transactionTypes: [TransactionType.Delivery], locationIdFrom: locationId }),
  },
  external: {
    key: 'external',
    area: 'delivery',
    path: 'delivery/external',
    titleKey: 'lists.external.title',
    introKey: 'lists.external.intro',
    newOrder: 'delivery',
    scope: (locationId) => ({ ...base, endpoint: 'ExternalOrders', locationId }),
  },
  reception: {
    key: 'reception',
    area: 'reception',
    path: 'reception',
    titleKey: 'lists.reception.title',
    presets: [
      { key: 'awaiting', statuses: awaitingReception },
      { key: 'all', statuses: [] },
    ],
    scope: (locationId) => ({ ...base, locationId, locationIdTo: locationId }),
  },
  expedition: {
    key: 'expedition',
    area: 'expedition',
    path: 'expedition',
    titleKey: 'lists.expedition.title',
    presets: [
      { key: 'handling', statuses: handling },
      { key: 'all', statuses: [] },
    ],
    scope: (locationId) => ({ ...base, locationId, locationIdFrom: locationId }),
  },
  direct: {
    key: 'direct',
    area: 'expedition',
    path: 'expedition/direct',
    titleKey: 'lists.direct.title',
    introKey: 'lists.direct.intro',
    presets: [
      { key: 'awaiting', statuses: awaitingReception },
      { key: 'all', statuses: [] },
    ],
    scope: (locationId) => ({ ...base, locationId, transactionTypes: [TransactionType.Delivery], locationIdTo: locationId }),
  },
};

/** The statuses a list asks for: the user's choice, else the chosen preset's (spec: lists start on their preset). */
export function effectiveStatuses(list: OrderListDefinition, chosen: number[], presetKey: string | null): number[] {
  if (chosen.length) return chosen;
  const preset = list.presets?.find((p) => p.key === presetKey) ?? list.presets?.[0];
  return preset?.statuses ?? [];
}

/** The list an area's menu item opens (the first list of the area). */
export const areaList: Record<OrderArea, OrderListKey> = {
  orders: 'purchases',
  dispatch: 'sales',
  delivery: 'deliveries',
  reception: 'reception',
  expedition: 'expedition',
};

/** The area of a path under /app ("dispatch/returns" -> dispatch), or null. */
export function areaOfPath(path: string): OrderArea | null {
  const first = path.replace(/^\/?(app\/)?/, '').split('/')[0] ?? '';
  return (['orders', 'dispatch', 'delivery', 'reception', 'expedition'] as const).find((area) => area === first) ?? null;
}
