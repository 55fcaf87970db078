/** The demo's external receivers, registered by the customers that trade on commission (customers.ts). */
import type { Country } from '@portal/domain';
import { Bulk } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import type { SeedContext, SeedCustomer, SeedExternal } from './context.js';
import { gln } from './customer-codes.js';
import { postalPlaces } from './places.js';

/** The trades an external receiver's name is made of, by country. */
const externalTrades: Record<Country, string[]> = {
  NO: ['Bygg', 'Trelast', 'Frukt', 'Handel', 'Engros', 'Lager'],
  SE: ['Bygg', 'Trä', 'Frukt', 'Handel', 'Grossist', 'Lager'],
  DK: ['Byg', 'Tømmerhandel', 'Frugt', 'Handel', 'Engros', 'Lager'],
  FI: ['Rakennus', 'Puutavara', 'Hedelmä', 'Kauppa', 'Tukku', 'Varasto'],
};

/**
 * Writes one to three external locations (ids 1..n) for each customer but the provider
 * (`customers[0]`) that has a location trading on commission without pooling.
 * @returns the external locations written
 */
export async function seedExternalLocations(tx: Tx, ctx: SeedContext, customers: SeedCustomer[]): Promise<SeedExternal[]> {
  const { rng } = ctx;
  const externals: SeedExternal[] = [];
  const externalRows = new Bulk('external_locations', {
    id: 'int',
    customer_id: 'int',
    name: 'text',
    location_number: 'text',
    gln: 'text',
    contact_name: 'text',
    street: 'text',
    postal_code: 'text',
    postal_name: 'text',
    country_id: 'text',
    active: 'bool',
  });
  for (const c of customers.slice(1)) {
    if (!c.locations.some((l) => !l.isPooling && l.isCommission)) continue;
    for (let i = rng.int(1, 3); i > 0; i--) {
      const f = ctx.faker[c.countryId];
      const place = rng.pick(postalPlaces.filter((p) => p.countryId === c.countryId));
      const id = externals.length + 1;
      const name = `${f.person.lastName()} ${rng.pick(externalTrades[c.countryId])} ${place.name}`;
      externals.push({ id, customerId: c.id, countryId: c.countryId, name });
      externalRows.add({
        id,
        customer_id: c.id,
        name,
        location_number: `X${200000 + id * 13}`,
        gln: rng.chance(0.6) ? gln(c.countryId, `99${rng.digits(3)}`, id) : null,
        contact_name: f.person.fullName(),
        street: `${f.location.street()} ${rng.int(1, 90)}`,
        postal_code: place.postalCode,
        postal_name: place.name,
        country_id: c.countryId,
        active: true,
      });
    }
  }
  await externalRows.insert(tx);
  return externals;
}
