/**
 * Who may see and empty the caches (Global > Caching; spec sections 2 and 6: the Admin menu is
 * the global admins'): the acting user must be a global admin. Anyone else, and a global admin
 * acting as a customer's user, gets FORBIDDEN.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** @throws FORBIDDEN unless the acting user is a global admin */
export function requireCacheAdmin(auth: AuthContext): void {
  if (!auth.user.isGlobalAdmin) throw forbidden();
}
