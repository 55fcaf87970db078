/**
 * The menu rules of spec section 6 on the server (issue 7): a call behind a menu area answers
 * 403 FORBIDDEN when the acting user's menu at the location does not offer that area, decided
 * by `menuItems()`/`canUseArea()` of @portal/domain exactly as the web builds the menu (tasks,
 * and the location's scheme flags: Orders/Buy and Dispatch/Sell are hidden at a returns-scheme
 * location, Delivery needs pooling, commission or returns, Expedition returns or dispatch).
 * Every use case behind an area calls `requireArea` (docs/domain.md, "Menu rules on the server").
 */
import { canUseArea, type MenuContext, type MenuItemKey } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

type LocationFlags = NonNullable<MenuContext['location']>;

async function locationFlags(db: Tx, locationId: number): Promise<LocationFlags | null> {
  const [row] = await rows<LocationFlags>(
    db,
    sql`SELECT is_pooling AS "isPooling", is_commission AS "isCommission", is_return_scheme AS "isReturnScheme",
          is_dispatch AS "isDispatch", is_container_active AS "isContainerActive"
        FROM locations WHERE id = ${locationId}`,
  );
  return row ?? null;
}

/** The menu facts of the acting user at a location (the acting one unless named), as the web's `menuContextOf`. */
export async function menuContext(db: Tx, auth: AuthContext, locationId: number | null = auth.locationId): Promise<MenuContext> {
  return {
    tasks: auth.user.tasks,
    isGlobalAdmin: auth.user.isGlobalAdmin,
    isCustomerAdmin: auth.user.isCustomerAdmin,
    location: locationId ? await locationFlags(db, locationId) : null,
  };
}

/**
 * Throws FORBIDDEN (403) unless the acting user's menu offers one of `areas` at the acting
 * location, and, when the call acts for another location of the caller's scope
 * (`forLocationId`: the customer side of an order), at that location too, so a user cannot
 * place from a location what its menu does not offer there.
 * @param areas one area, or several of which one suffices (e.g. `orderAreas`)
 */
export async function requireArea(
  db: Tx,
  auth: AuthContext,
  areas: MenuItemKey | readonly MenuItemKey[],
  forLocationId?: number | null,
): Promise<void> {
  const wanted: readonly MenuItemKey[] = typeof areas === 'string' ? [areas] : areas;
  const locations = [auth.locationId, ...(forLocationId && forLocationId !== auth.locationId ? [forLocationId] : [])];
  for (const locationId of locations) {
    const ctx = await menuContext(db, auth, locationId);
    if (!wanted.some((area) => canUseArea(ctx, area))) throw forbidden();
  }
}
