/**
 * Which pages under /app the user's menu offers (spec section 6, "Menu"; the items of
 * `menuItems()` in @portal/domain): the web opens no page the menu does not offer, it goes to
 * the start page instead (the server refuses the calls behind such a page on its own).
 */
import { canUseArea, canUseDisputes, canUsePalletReceipts, canUseReconciliation, type MenuContext, type MenuItemKey } from '@portal/domain';

/** The areas of the numbered menu, by the first part of their path under /app. */
const menuAreas: readonly MenuItemKey[] = [
  'home',
  'orders',
  'dispatch',
  'delivery',
  'reception',
  'expedition',
  'containers',
  'reports',
  'support',
];

/**
 * Shop accounting (shop transactions, retailers / wholesale transactions): in every user's menu
 * dropdown (spec section 2, "Shell"), whatever the Reports item.
 */
const shopAccounting = /^reports\/(?:shop-transactions|retail-transactions)(?:\/|$)/;

/**
 * Whether the menu offers the page at `path` (under /app, without a leading slash: "orders/12"):
 * an area of the numbered menu when `menuItems()` has its item, Company (My company) for customer
 * admins and global admins (who manage any customer's), Global (Admin) for global admins, Shop
 * accounting and every other page (messages, balance, ...) to every signed-in user; pallet receipts
 * (both variants) by `canUsePalletReceipts`, disputes by `canUseDisputes`, reconciliation by `canUseReconciliation` (issue 22).
 */
export function isOfferedPath(ctx: MenuContext, path: string): boolean {
  const area = path.split('/')[0] ?? '';
  if (shopAccounting.test(path)) return true;
  if ((menuAreas as readonly string[]).includes(area)) return canUseArea(ctx, area as MenuItemKey);
  if (area === 'company') return ctx.isCustomerAdmin || ctx.isGlobalAdmin;
  if (area === 'global') return ctx.isGlobalAdmin;
  if (area === 'pallet-receipts' || area === 'pallet-receipts-inv') return canUsePalletReceipts(ctx);
  if (area === 'disputes') return canUseDisputes(ctx);
  if (area === 'reconciliation') return canUseReconciliation(ctx);
  return true;
}
