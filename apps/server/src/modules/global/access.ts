/**
 * Who reaches the Global menu's calls (spec sections 2 and 6; issue 10): global admins, as the
 * acting user. Anyone else, and a global admin acting as a customer's user, gets FORBIDDEN.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** @throws FORBIDDEN unless the acting user is a global admin */
export function requireGlobalAdmin(auth: AuthContext): void {
  if (!auth.user.isGlobalAdmin) throw forbidden();
}
