/**
 * A role's name in the reader's language (issue 20: the roles were English in every language).
 * Roles are data (table `roles`, spec section 3, "User": roles); the name stored is the
 * provider's English one, and the catalogue's `roleNames.<key>` translates it, the key being that
 * name in lower camel case ("Transport planning" -> `transportPlanning`). A role without a text in
 * the catalogue keeps its stored name, as products do (modules/lookups/products.ts).
 */
import type { TFunction } from 'i18next';

/** The catalogue key of a stored role name: its words in lower camel case. */
export function roleKey(stored: string): string {
  const words = stored
    .trim()
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** The name of the role stored as `stored`, through `t` (a translator of the reader's language). */
export function roleName(t: TFunction, stored: string): string {
  const key = roleKey(stored);
  return key ? t(`roleNames.${key}`, { defaultValue: stored }) : stored;
}
