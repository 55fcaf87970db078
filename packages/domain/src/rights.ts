/**
 * Whose rights lie within whose (issue 20; spec section 6; docs/company-users.md, "Acting as or
 * on another user"): a user may act as another user (POST status), and change another user's
 * account (POST Users, POST user, POST userPassword, POST UserPasswordLink), only when every
 * right of that user is one they hold themselves. A switch never gives more than the signed-in
 * user has, and an admin never takes over an account stronger than their own.
 *
 * The server decides with this rule (apps/server/src/modules/session/rights-within.ts, which
 * loads the rights and the actor's scope); the web reads the server's answer (`withinRights`
 * of a company user, the switch list) and hides what the server would refuse.
 */
import type { Task } from './enums.js';

/** The rights of a user that decide what they may see and do (spec section 6). */
export interface UserRights {
  customerId: number;
  isGlobalAdmin: boolean;
  isSuperuser: boolean;
  /** The provider's support staff flag. */
  isSupport: boolean;
  isCustomerAdmin: boolean;
  /** "support (customer)": every support case of the customer. */
  supportCustomer: boolean;
  /** "support (location)": the support cases of the user's own locations. */
  supportLocation: boolean;
  /** 0 Location, 1 Customer, 2 Chain, 3 CustomerType, 4 Global. */
  reportLevel: number;
  financeReport: boolean;
  /** Menu access by task; empty means every task. */
  tasks: readonly Task[];
  /** The user's primary and secondary locations. */
  locationIds: readonly number[];
}

/** The one who acts: their rights and the locations their report level lets them see. */
export interface RightsActor extends UserRights {
  /**
   * The locations in the actor's own scope (from their own customer and locations, not an acting
   * one: `scopeLocationIds`), or null for every location (global admins, provider staff at the
   * Global level).
   */
  scope: readonly number[] | null;
}

/** A right a target holds beyond the actor's: the field of the user that holds it. */
export type RightBeyond =
  | 'customerId'
  | 'isGlobalAdmin'
  | 'isSuperuser'
  | 'isSupport'
  | 'isCustomerAdmin'
  | 'supportCustomer'
  | 'supportLocation'
  | 'reportLevel'
  | 'financeReport'
  | 'tasks'
  | 'locations';

/**
 * The rights `target` holds that `actor` does not, empty when the target's rights lie within the
 * actor's. A global admin holds every right. Otherwise, each is judged on its own:
 * - `customerId`: another customer's user (a customer admin acts within their own customer);
 * - `isGlobalAdmin`: a global admin (only global admins act as or on global admins);
 * - `isSuperuser`, `isSupport`, `isCustomerAdmin`: only an actor who has the flag;
 * - `supportCustomer`: only an actor with it or a customer admin (who sees every case of the
 *   customer); `supportLocation`: also an actor with `supportCustomer`;
 * - `reportLevel`: not above the actor's; `financeReport`: only an actor who has it;
 * - `tasks`: a subset of the actor's (an actor with every task, the empty list, holds them all;
 *   a target with every task is beyond an actor with some);
 * - `locations`: the target's primary and secondary locations in the actor's scope.
 * The returns-scheme flag is no right of its own here: it lets a global admin switch user, which
 * follows the signed-in user (POST status), and it follows a user's location otherwise.
 */
export function rightsBeyond(actor: RightsActor, target: UserRights): RightBeyond[] {
  if (actor.isGlobalAdmin) return [];
  const beyond: RightBeyond[] = [];
  const lacks = (key: RightBeyond, has: boolean, holds: boolean) => {
    if (has && !holds) beyond.push(key);
  };
  lacks('customerId', target.customerId !== actor.customerId, false);
  lacks('isGlobalAdmin', target.isGlobalAdmin, false);
  lacks('isSuperuser', target.isSuperuser, actor.isSuperuser);
  lacks('isSupport', target.isSupport, actor.isSupport);
  lacks('isCustomerAdmin', target.isCustomerAdmin, actor.isCustomerAdmin);
  lacks('supportCustomer', target.supportCustomer, actor.supportCustomer || actor.isCustomerAdmin);
  lacks('supportLocation', target.supportLocation, actor.supportLocation || actor.supportCustomer || actor.isCustomerAdmin);
  lacks('reportLevel', target.reportLevel > actor.reportLevel, false);
  lacks('financeReport', target.financeReport, actor.financeReport);
  const tasksHeld = actor.tasks.length === 0 || (target.tasks.length > 0 && target.tasks.every((t) => actor.tasks.includes(t)));
  lacks('tasks', true, tasksHeld);
  const scope = actor.scope;
  lacks('locations', scope !== null && target.locationIds.some((id) => !scope.includes(id)), false);
  return beyond;
}

/** Whether every right of `target` is one `actor` holds (`rightsBeyond` finds none). */
export function rightsWithin(actor: RightsActor, target: UserRights): boolean {
  return rightsBeyond(actor, target).length === 0;
}
