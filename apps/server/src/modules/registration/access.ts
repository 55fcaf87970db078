/**
 * Who handles new customer requests (docs/registration.md): global admins, as the acting user
 * (the Admin menu is theirs, spec sections 2 and 6). Converting a request creates a customer and
 * its administrator, a global admin's task; provider support staff are told of new requests by
 * mail (the "new customer" notification) but do not convert them. Anyone else, and a global admin
 * acting as a customer's user, gets FORBIDDEN.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** @throws FORBIDDEN unless the acting user is a global admin */
export function requireRequestHandler(auth: AuthContext): void {
  if (!auth.user.isGlobalAdmin) throw forbidden();
}
