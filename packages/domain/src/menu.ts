import type { Task } from './enums.js';

/** The facts of the acting user and location that decide the menu (spec section 6). */
export interface MenuContext {
  /** The user's task permissions; an empty list means all tasks. */
  tasks: readonly Task[];
  isGlobalAdmin: boolean;
  isCustomerAdmin: boolean;
  location: {
    isPooling: boolean;
    isCommission: boolean;
    isReturnScheme: boolean;
    isDispatch: boolean;
    isContainerActive: boolean;
  } | null;
}

export type MenuItemKey = 'home' | 'orders' | 'dispatch' | 'delivery' | 'reception' | 'expedition' | 'containers' | 'reports' | 'support';

/** One numbered entry of the menu row. `number` is the Alt+number shortcut (1-9). */
export interface MenuItem {
  key: MenuItemKey;
  number: number;
  /** Route under /app. */
  path: string;
  /** i18n key of the label (namespace `shell`). */
  labelKey: string;
  /** Sub-pages shown in the item's section (spec section 2, "Shell": Sections). */
  children: { path: string; labelKey: string }[];
}

/** Whether the user holds a task; an empty task list means every task (spec section 6). */
export function hasTask(tasks: readonly Task[], task: Task): boolean {
  return tasks.length === 0 || tasks.includes(task);
}

/**
 * The main menu items a user sees, numbered in order (spec section 6, "Menu"):
 * - Startpage and Support always;
 * - Orders/Buy (ORDER) and Dispatch/Sell (DISPATCH) hidden at returns-scheme locations,
 *   labelled Orders/Dispatch at pooling or commission locations, otherwise Buy/Sell;
 * - Delivery (SHIPMENT) at pooling, commission or returns locations;
 * - Reception (RECEPTION);
 * - Expedition (EXPEDITION) at returns or dispatch locations;
 * - Container with the CONTAINER task and the location's container feature; a global admin
 *   needs only the feature;
 * - Reports (REPORTS), with the reports, the balance and the disputes (issue 22) as its section.
 */
export function menuItems(ctx: MenuContext): MenuItem[] {
  const loc = ctx.location;
  const t = (task: Task) => hasTask(ctx.tasks, task);
  const poolingOrCommission = !!loc && (loc.isPooling || loc.isCommission);
  const returns = !!loc?.isReturnScheme;
  const items: Omit<MenuItem, 'number'>[] = [];
  items.push({ key: 'home', path: 'home', labelKey: 'menu.home', children: [] });
  if (loc && !returns && t('ORDER')) {
    items.push({
      key: 'orders',
      path: 'orders',
      labelKey: poolingOrCommission ? 'menu.orders' : 'menu.buy',
      children: [
        { path: 'orders', labelKey: 'menu.ordersList' },
        { path: 'orders/scheduled', labelKey: 'menu.scheduledOrders' },
      ],
    });
  }
  if (loc && !returns && t('DISPATCH')) {
    items.push({
      key: 'dispatch',
      path: 'dispatch',
      labelKey: poolingOrCommission ? 'menu.dispatch' : 'menu.sell',
      children: [
        { path: 'dispatch', labelKey: 'menu.dispatchOrders' },
        { path: 'dispatch/returns', labelKey: 'menu.returns' },
        { path: 'dispatch/scheduled', labelKey: 'menu.scheduledPickups' },
      ],
    });
  }
  if (loc && (poolingOrCommission || returns) && t('SHIPMENT')) {
    items.push({
      key: 'delivery',
      path: 'delivery',
      labelKey: 'menu.delivery',
      children: [
        { path: 'delivery', labelKey: 'menu.delivery' },
        { path: 'delivery/external', labelKey: 'menu.externalLocations' },
      ],
    });
  }
  if (loc && t('RECEPTION')) {
    items.push({ key: 'reception', path: 'reception', labelKey: 'menu.reception', children: [] });
  }
  if (loc && (returns || loc.isDispatch) && t('EXPEDITION')) {
    items.push({
      key: 'expedition',
      path: 'expedition',
      labelKey: 'menu.expedition',
      children: [
        { path: 'expedition', labelKey: 'menu.dispatching' },
        { path: 'expedition/direct', labelKey: 'menu.directReception' },
      ],
    });
  }
  if (loc?.isContainerActive && (ctx.isGlobalAdmin || t('CONTAINER'))) {
    items.push({
      key: 'containers',
      path: 'containers',
      labelKey: 'menu.container',
      children: [
        { path: 'containers', labelKey: 'menu.container' },
        { path: 'containers/rentals', labelKey: 'menu.rentals' },
        { path: 'containers/orders', labelKey: 'menu.containerOrders' },
      ],
    });
  }
  if (t('REPORTS')) {
    items.push({
      key: 'reports',
      path: 'reports',
      labelKey: 'menu.reports',
      children: [
        { path: 'reports', labelKey: 'menu.reportsIndex' },
        { path: 'balance', labelKey: 'menu.balance' },
        { path: 'statements', labelKey: 'menu.statements' },
        // Issue 22 (docs/disputes.md): the disputes of the caller's scope, beside the balance.
        { path: 'disputes', labelKey: 'menu.disputes' },
        // Issue 22 (docs/reconciliation.md): the customer's own records against the ledger.
        { path: 'reconciliation', labelKey: 'menu.reconciliation' },
      ],
    });
  }
  items.push({
    key: 'support',
    path: 'support',
    labelKey: 'menu.support',
    children: [
      { path: 'support/tickets', labelKey: 'menu.cases' },
      { path: 'support/settings', labelKey: 'menu.templates' },
    ],
  });
  return items.map((item, i) => ({ ...item, number: i + 1 }));
}

/** Whether a menu area is open to the user; the server gates the calls behind it the same way. */
export function canUseArea(ctx: MenuContext, key: MenuItemKey): boolean {
  return menuItems(ctx).some((item) => item.key === key);
}

/**
 * The menu areas whose lists show orders (spec section 2: Orders/Buy, Dispatch/Sell, Delivery,
 * Reception, Expedition). An order's page and the calls on it (lines, history, comments,
 * attachments, waybill, fill) need one of them: an order in scope is on one of these lists.
 */
export const orderAreas: readonly MenuItemKey[] = ['orders', 'dispatch', 'delivery', 'reception', 'expedition'];

/**
 * The menu area that places each kind of order (spec sections 2 and 6): a purchase is placed
 * from Orders/Buy, a sale from Dispatch/Sell, a delivery from Delivery. The server refuses to
 * place, send, cancel or delete an order of a kind the acting location's menu does not offer
 * (a returns-scheme location buys and sells nothing).
 */
export const areaByTransactionType: Record<1 | 2 | 3, MenuItemKey> = { 1: 'orders', 2: 'dispatch', 3: 'delivery' };

/**
 * Whether the user may write and read pallet receipts (`/app/pallet-receipts`, and the count at
 * the dock of `/app/pallet-receipts-inv`; spec section 2, issue 11): the dock's work, so a user
 * acting at a location with the SHIPMENT, RECEPTION or EXPEDITION task (an empty task list holds
 * them all), and global admins. The server gates every pallet-receipt call with the same rule.
 */
export function canUsePalletReceipts(ctx: MenuContext): boolean {
  if (ctx.isGlobalAdmin) return true;
  if (!ctx.location) return false;
  return hasTask(ctx.tasks, 'SHIPMENT') || hasTask(ctx.tasks, 'RECEPTION') || hasTask(ctx.tasks, 'EXPEDITION');
}

/**
 * Whether the user may open, answer and read disputes (issue 22; docs/disputes.md, "Access"):
 * disputes sit under Reports beside the balance, so users with the REPORTS task at a location
 * (an empty task list holds it) and global admins. The server gates every dispute call with it.
 */
export function canUseDisputes(ctx: MenuContext): boolean {
  if (ctx.isGlobalAdmin) return true;
  return !!ctx.location && hasTask(ctx.tasks, 'REPORTS');
}

/**
 * Whether the user may reconcile the acting customer's own records against the ledger (issue 22,
 * Reports > Reconciliation; docs/reconciliation.md, "Access"): global admins, customer admins, and
 * users with the REPORTS task at the acting location (an empty task list holds it). Provider staff
 * reconcile for the customer they act for. The server gates every reconciliation call with it.
 */
export function canUseReconciliation(ctx: MenuContext): boolean {
  if (ctx.isGlobalAdmin || ctx.isCustomerAdmin) return true;
  return !!ctx.location && hasTask(ctx.tasks, 'REPORTS');
}
