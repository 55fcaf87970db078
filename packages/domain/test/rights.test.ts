/**
 * `rightsBeyond` (issue 20; docs/company-users.md, "Acting as or on another user"): each right of
 * a target that an actor lacks, one at a time, and a global admin holding them all.
 */
import { describe, expect, it } from 'vitest';
import { type RightsActor, rightsBeyond, rightsWithin, type UserRights } from '../src/rights.js';

const user = (overrides: Partial<UserRights> = {}): UserRights => ({
  customerId: 7,
  isGlobalAdmin: false,
  isSuperuser: false,
  isSupport: false,
  isCustomerAdmin: false,
  supportCustomer: false,
  supportLocation: false,
  reportLevel: 0,
  financeReport: false,
  tasks: [],
  locationIds: [70],
  ...overrides,
});
/** A customer admin of customer 7 at the Customer level, with every task and locations 70-72 in scope. */
const admin = (overrides: Partial<RightsActor> = {}): RightsActor => ({
  ...user({ isCustomerAdmin: true, reportLevel: 1 }),
  scope: [70, 71, 72],
  ...overrides,
});

describe('rightsBeyond', () => {
  it('finds nothing beyond an admin in a weaker user of their customer, nor in themselves', () => {
    expect(rightsBeyond(admin(), user({ tasks: ['ORDER'], locationIds: [70, 71] }))).toEqual([]);
    expect(rightsWithin(admin(), admin())).toBe(true);
  });

  it.each([
    ['customerId', user({ customerId: 8 })],
    ['isGlobalAdmin', user({ isGlobalAdmin: true })],
    ['isSuperuser', user({ isSuperuser: true })],
    ['isSupport', user({ isSupport: true })],
    ['reportLevel', user({ reportLevel: 2 })],
    ['financeReport', user({ financeReport: true })],
    ['locations', user({ locationIds: [70, 99] })],
  ] as const)('finds %s beyond a customer admin who lacks it', (right, target) => {
    expect(rightsBeyond(admin(), target)).toEqual([right]);
  });

  it('judges the customer admin flag, support flags and tasks by what the actor holds', () => {
    const clerk: RightsActor = { ...user({ tasks: ['ORDER', 'REPORTS'] }), scope: [70] };
    expect(rightsBeyond(clerk, user({ isCustomerAdmin: true, tasks: ['ORDER'] }))).toEqual(['isCustomerAdmin']);
    expect(rightsBeyond(clerk, user({ supportCustomer: true, supportLocation: true, tasks: ['ORDER'] }))).toEqual([
      'supportCustomer',
      'supportLocation',
    ]);
    expect(rightsBeyond(admin(), user({ supportCustomer: true, supportLocation: true }))).toEqual([]);
    // Some tasks hold neither another task nor every task (the empty list).
    expect(rightsBeyond(clerk, user({ tasks: ['DISPATCH'] }))).toEqual(['tasks']);
    expect(rightsBeyond(clerk, user({ tasks: [] }))).toEqual(['tasks']);
    expect(rightsBeyond(clerk, user({ tasks: ['REPORTS'] }))).toEqual([]);
  });

  it('lets a global admin hold every right, and a scope of null every location', () => {
    const strongest = user({ customerId: 1, isGlobalAdmin: true, isSuperuser: true, isSupport: true, reportLevel: 4, financeReport: true });
    expect(rightsBeyond(admin({ isGlobalAdmin: true, scope: null }), strongest)).toEqual([]);
    expect(rightsBeyond(admin({ scope: null }), user({ locationIds: [12345] }))).toEqual([]);
  });
});
