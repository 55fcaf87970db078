/**
 * External locations of kari's customer (Fjordland Dagligvare AS), so that Company > External
 * locations has something to show for the demo's customer admin: a few builders' merchants and
 * wholesalers in eastern Norway that Fjordland sends to, all active (tests read the seeded
 * ones as active). The main generator gives external locations to commission customers only, and its
 * random sequence must not change (the rest of the demo follows from it); these come after it,
 * with fixed values. Location numbers `FD-` + digits, unique like every location number.
 */
import { gs1CheckDigit } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { SeedWorld } from './context.js';

/** A GLN with the GS1 company prefix 7080004 and a valid check digit. */
const gln = (reference: string) => `${`7080004${reference}`}${gs1CheckDigit(`7080004${reference}`)}`;

const fjordlandExternals = [
  {
    name: 'Byggmakker Lillestrøm',
    number: 'FD-4101',
    gln: gln('41010'),
    contact: 'Lars Johansen',
    street: 'Nittedalsgata 12',
    code: '2000',
    place: 'Lillestrøm',
    active: true,
  },
  {
    name: 'Maxbo Strømmen',
    number: 'FD-4102',
    gln: null,
    contact: 'Ingrid Solberg',
    street: 'Strømsveien 45',
    code: '2010',
    place: 'Strømmen',
    active: true,
  },
  {
    name: 'Asko Øst Vestby',
    number: 'FD-4103',
    gln: gln('41030'),
    contact: 'Morten Dahl',
    street: 'Kjenningstangen 8',
    code: '1540',
    place: 'Vestby',
    active: true,
  },
  {
    name: 'Trelastlageret Skjetten',
    number: 'FD-4104',
    gln: null,
    contact: null,
    street: 'Skjettenveien 80',
    code: '2013',
    place: 'Skjetten',
    active: true,
  },
] as const;

export async function seedCompanyExternals(tx: Tx, world: SeedWorld): Promise<void> {
  const fjordland = world.customers.find((c) => c.name === 'Fjordland Dagligvare AS');
  if (!fjordland) return;
  for (const e of fjordlandExternals) {
    await tx.execute(
      sql`INSERT INTO external_locations (customer_id, name, location_number, gln, contact_name, street, postal_code, postal_name, country_id, active)
          VALUES (${fjordland.id}, ${e.name}, ${e.number}, ${e.gln}, ${e.contact}, ${e.street}, ${e.code}, ${e.place}, 'NO', ${e.active})`,
    );
  }
}
