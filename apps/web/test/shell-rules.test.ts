import { menuItems } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { isMustReadExempt, mustReadAlerts } from '../src/app/shell/alerts';
import { countDisagreements } from '../src/app/shell/disagreements';
import { isOfferedPath } from '../src/app/shell/menu-guard';
import { activeMenuEntry, appPath } from '../src/app/shell/use-menu';
import { formatTonnes } from '../src/features/home/home-api';
import { isNewVersion } from '../src/lib/app-version';

describe('disagreement badges', () => {
  it('counts delivery by GL/OO senders, expedition by TO/HE/RO senders and reception by the current location', () => {
    const order = (customerGroupFrom: string, locationIdTo: number | null) => ({
      id: 1,
      transactionTypeId: 3,
      locationIdFrom: 9,
      locationIdTo,
      customerGroupFrom,
    });
    const counts = countDisagreements(
      [order('GL', 5), order('OO', 7), order('TO', 5), order('HE', 8), order('RO', 5), order('XX', null)],
      5,
    );
    expect(counts).toEqual({ delivery: 2, expedition: 3, reception: 3 });
    expect(countDisagreements([order('GL', 5)], null).reception).toBe(0);
  });
});

describe('must-read alerts', () => {
  const alert = (id: number, read: boolean, mustRead: boolean) =>
    ({ id, source: 'Message', sourceId: null, title: 't', text: 'x', createdAt: '', data: { read, mustRead }, target: null }) as const;

  it('block only while unread', () => {
    expect(mustReadAlerts([alert(1, false, true), alert(2, true, true), alert(3, false, false)]).map((a) => a.id)).toEqual([1]);
  });

  it('do not block on the messages, api and global pages', () => {
    expect(isMustReadExempt('/app/messages')).toBe(true);
    expect(isMustReadExempt('/app/messages/12')).toBe(true);
    expect(isMustReadExempt('/app/global/log')).toBe(true);
    expect(isMustReadExempt('/app/api')).toBe(true);
    expect(isMustReadExempt('/app/home')).toBe(false);
    expect(isMustReadExempt('/app/messagesx')).toBe(false);
  });
});

describe('the menu follows the route', () => {
  const items = menuItems({
    tasks: [],
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    location: { isPooling: true, isCommission: false, isReturnScheme: false, isDispatch: false, isContainerActive: false },
  });

  it('marks the item and the most specific sub-link of the current page', () => {
    expect(appPath('/app/dispatch/returns/')).toBe('dispatch/returns');
    const entry = activeMenuEntry(items, 'dispatch/returns');
    expect(entry.item?.key).toBe('dispatch');
    expect(entry.child?.path).toBe('dispatch/returns');
    expect(activeMenuEntry(items, 'orders/42').child?.path).toBe('orders');
    expect(activeMenuEntry(items, 'company/users').item).toBeUndefined();
  });
});

describe('the web opens only pages the menu offers', () => {
  const location = { isPooling: false, isCommission: false, isReturnScheme: false, isDispatch: false, isContainerActive: false };
  const user = { tasks: [], isGlobalAdmin: false, isCustomerAdmin: false, location };
  const returnsStore = { ...user, location: { ...location, isReturnScheme: true } };

  it('keeps a returns-scheme user out of Orders and Dispatch, but not out of Delivery or the start page', () => {
    expect(isOfferedPath(returnsStore, 'orders')).toBe(false);
    expect(isOfferedPath(returnsStore, 'orders/12')).toBe(false);
    expect(isOfferedPath(returnsStore, 'dispatch/returns')).toBe(false);
    expect(isOfferedPath(returnsStore, 'delivery/external')).toBe(true);
    expect(isOfferedPath(returnsStore, 'home')).toBe(true);
    expect(isOfferedPath(returnsStore, 'support/tickets')).toBe(true);
  });

  it('follows the tasks: no Reports item without REPORTS, yet Shop accounting stays in the dropdown', () => {
    const noReports = { ...user, tasks: ['ORDER' as const] };
    expect(isOfferedPath(noReports, 'reports')).toBe(false);
    expect(isOfferedPath(noReports, 'reports/transactions')).toBe(false);
    expect(isOfferedPath(noReports, 'reports/shop-transactions')).toBe(true);
    expect(isOfferedPath(noReports, 'reports/retail-transactions')).toBe(true);
    expect(isOfferedPath(noReports, 'balance')).toBe(true);
    expect(isOfferedPath(noReports, 'reception')).toBe(false);
    expect(isOfferedPath(noReports, 'orders/scheduled')).toBe(true);
  });

  it('offers My company to customer admins and global admins, and Admin to global admins only', () => {
    expect(isOfferedPath(user, 'company/users')).toBe(false);
    expect(isOfferedPath({ ...user, isCustomerAdmin: true }, 'company/users')).toBe(true);
    expect(isOfferedPath({ ...user, isGlobalAdmin: true }, 'company/audit')).toBe(true);
    expect(isOfferedPath(user, 'global/publishing')).toBe(false);
    expect(isOfferedPath({ ...user, isGlobalAdmin: true }, 'global/publishing')).toBe(true);
    expect(isOfferedPath(user, 'messages/5')).toBe(true);
  });
});

describe('version check and figures', () => {
  it('offers an update when version or build changed', () => {
    expect(isNewVersion({ version: '1.0.114', build: 'a' }, { version: '1.0.114', build: 'a' })).toBe(false);
    expect(isNewVersion({ version: '1.0.114', build: 'a' }, { version: '1.0.114', build: 'b' })).toBe(true);
    expect(isNewVersion({ version: '1.0.114', build: 'a' }, { version: '1.0.115', build: 'a' })).toBe(true);
  });

  it('shows the weight in tonnes with one decimal in the locale', () => {
    expect(formatTonnes(12_345_600, 'en-US')).toBe('12,345.6');
    expect(formatTonnes(1_500, 'nb-NO')).toBe('1,5');
  });
});
