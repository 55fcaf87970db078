/**
 * Who publishes (Global > Publishing; spec section 6: the Admin menu is for global admins): the
 * acting user must be a global admin, as for every Global page; anyone else gets FORBIDDEN.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** @throws FORBIDDEN unless the acting user is a global admin */
export function requirePublisher(auth: AuthContext): void {
  if (!auth.user.isGlobalAdmin) throw forbidden();
}
