/** The demo's delivery addresses: about half the wholesalers' and suppliers' locations have one (customers.ts). */
import type { Country } from '@portal/domain';
import { Bulk } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import type { SeedContext, SeedLocation } from './context.js';
import type { PostalPlace } from './places.js';

/** The name of a goods reception, by country. */
const receptionName: Record<Country, string> = { NO: 'Varemottak', SE: 'Godsmottagning', DK: 'Varemodtagelse', FI: 'Tavaranvastaanotto' };

/**
 * Writes the delivery addresses (ids 1..n) of the wholesalers' (GRS) and suppliers' (LEV)
 * locations, each in its location's postal place (`placeOf`, by location id).
 */
export async function seedDeliveryAddresses(
  tx: Tx,
  ctx: SeedContext,
  locations: SeedLocation[],
  placeOf: Map<number, PostalPlace>,
): Promise<void> {
  const { rng } = ctx;
  const addresses = new Bulk('addresses', {
    id: 'int',
    location_id: 'int',
    name: 'text',
    street: 'text',
    postal_code: 'text',
    postal_name: 'text',
    country_id: 'text',
    type: 'text',
    active: 'bool',
  });
  for (const l of locations.filter((x) => x.typeId === 'GRS' || x.typeId === 'LEV')) {
    if (!rng.chance(0.5)) continue;
    const place = placeOf.get(l.id) as PostalPlace;
    addresses.add({
      id: addresses.length + 1,
      location_id: l.id,
      name: `${l.name} ${receptionName[l.countryId]}`,
      street: `${ctx.faker[l.countryId].location.street()} ${rng.int(1, 80)}`,
      postal_code: place.postalCode,
      postal_name: place.name,
      country_id: l.countryId,
      type: 'delivery',
      active: true,
    });
  }
  await addresses.insert(tx);
}
