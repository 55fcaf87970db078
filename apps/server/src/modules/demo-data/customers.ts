/**
 * The provider (with its depots in all four countries), the customers and their locations,
 * delivery addresses (delivery-addresses.ts), the products each location may order
 * (location-kinds.ts), and external locations (external-locations.ts).
 */
import { type Country, currencyByCountry } from '@portal/domain';
import { Bulk, syncSequence } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedCustomer, type SeedLocation, type SeedWorld, slug } from './context.js';
import { newCustomerBulks } from './customer-bulks.js';
import { gln, orgNumber } from './customer-codes.js';
import { type CustomerSpec, customerSpecs, providerName } from './customers-data.js';
import { seedDeliveryAddresses } from './delivery-addresses.js';
import { demoUsers } from './demo-users.js';
import { seedExternalLocations } from './external-locations.js';
import { customerGroupOf, productsFor } from './location-kinds.js';
import { depots, formatPostalCode, type PostalPlace, placesOf } from './places.js';

const tld: Record<Country, string> = { NO: 'no', SE: 'se', DK: 'dk', FI: 'fi' };
const phonePrefix: Record<Country, string> = { NO: '+47', SE: '+46', DK: '+45', FI: '+358' };
const mailWords: Record<Country, [string, string, string]> = {
  NO: ['ordre', 'innkjop', 'retur'],
  SE: ['order', 'inkop', 'retur'],
  DK: ['ordre', 'indkob', 'retur'],
  FI: ['tilaukset', 'hankinta', 'palautus'],
};
const instructions = [
  'Ring 30 minutes before arrival.',
  'Deliveries at the rear ramp, door 4.',
  'Report to the goods reception on arrival.',
  'No deliveries between 11:00 and 12:00.',
  'Truck with tail lift required.',
];

const demoLocationNames = new Set(demoUsers.map((u) => u.locationName));

/**
 * Builds the customers and locations in memory, then writes them with their products,
 * delivery addresses and external locations.
 * @returns the world the rest of the demo data is made in (its users still to come)
 */
export async function seedCustomers(tx: Tx, ctx: SeedContext): Promise<SeedWorld> {
  const { rng } = ctx;
  const { customerRows, locationRows } = newCustomerBulks();
  const phone = (country: Country) => `${phonePrefix[country]} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
  const created = (minDays: number, maxDays: number) => iso(at(addDays(ctx.today, -rng.int(minDays, maxDays)), 8 * 60 + rng.int(0, 480)));
  const usedCompanyNumbers = new Set<string>();

  const customers: SeedCustomer[] = [];
  const locations: SeedLocation[] = [];
  const groupParents = new Map<string, number>();
  const placeOf = new Map<number, PostalPlace>();
  // The provider comes first (customer 1), with one depot per entry of `depots`.
  const allSpecs: CustomerSpec[] = [
    { name: providerName, short: 'Nordic Pallet Pool', country: 'NO', customerType: 'wholesale', typeId: 'GRS', flags: '', sites: [] },
    ...customerSpecs,
  ];
  allSpecs.forEach((spec, index) => {
    const isProvider = index === 0;
    const id = index + 1;
    const domain = isProvider ? 'nordicpalletpool.no' : `${slug(spec.short)}.${tld[spec.country]}`;
    if (spec.corporate && spec.group) groupParents.set(spec.group, id);
    const customer: SeedCustomer = {
      id,
      name: spec.name,
      short: spec.short,
      countryId: spec.country,
      customerType: isProvider ? 'provider' : spec.customerType,
      statusId: spec.blocked ? 2 : 1,
      domain,
      locations: [],
      userIds: [],
    };
    customers.push(customer);
    const words = mailWords[spec.country];
    customerRows.add({
      id,
      name: spec.name,
      status_id: customer.statusId,
      customer_type: customer.customerType,
      country_id: spec.country,
      org_number: orgNumber(spec.country, rng),
      is_provider: isProvider,
      is_corporate: !!spec.corporate,
      agreement_required: !isProvider,
      agreement_standard: !isProvider,
      contact_email: `post@${domain}`,
      invoice_email: `faktura@${domain}`,
      order_confirmed_email: `${words[0]}@${domain}`,
      purchase_email: `${words[1]}@${domain}`,
      invoice_reference: isProvider ? null : `${rng.letters(2)}-${rng.digits(4)}`,
      phone: phone(spec.country),
      created_at: created(900, 2400),
    });
    let companyNumber = rng.digits(5);
    while (usedCompanyNumbers.has(companyNumber) || companyNumber.startsWith('99')) companyNumber = rng.digits(5);
    usedCompanyNumbers.add(companyNumber);

    const sites = isProvider
      ? depots.map((d) => ({ depot: d, site: `${d.city}:${d.code}` }))
      : spec.sites.map((site) => ({ depot: null, site }));
    sites.forEach(({ depot, site }, siteIndex) => {
      const match = /^([^:|#!]+)(?::(\d+))?(?:\|([^#!]+))?(?:#([A-Z]+))?(!)?$/.exec(site);
      if (!match) throw new Error(`bad site ${site}`);
      const [, city = '', code, label, ownFlags, blockedMark] = match;
      const flags = ownFlags ?? spec.flags;
      const country = depot?.country ?? spec.country;
      const places = placesOf(country, city);
      const wanted = code ? formatPostalCode(country, code) : null;
      // Registers write place names in capitals (OSLO): the city's own codes, in any case.
      const named = places.filter((p) => p.name.toLocaleLowerCase() === city.toLocaleLowerCase());
      const place = wanted ? places.find((p) => p.postalCode === wanted) : rng.pick(named.length > 0 ? named : places);
      if (!place) throw new Error(`no postal code ${code} in ${city}`);
      const locationId = locations.length + 1;
      const isDepot = !!depot;
      const location: SeedLocation = {
        id: locationId,
        customerId: id,
        name: isDepot ? `Nordic Pallet Pool ${city}` : `${spec.short} ${label ?? city}`,
        typeId: isDepot ? 'NLP' : spec.typeId,
        customerGroup: '',
        countryId: country,
        currency: currencyByCountry[country],
        statusId: blockedMark || spec.blocked ? 2 : 1,
        isDepot,
        isSortingDepot: !!depot?.sorting,
        isDefault: isDepot ? depots.findIndex((d) => d.country === country) === depots.indexOf(depot) : siteIndex === 0,
        isPooling: isDepot || flags.includes('P'),
        isCommission: isDepot || flags.includes('C'),
        isReturnScheme: flags.includes('R'),
        isDispatch: flags.includes('D'),
        isContainerActive: isDepot || flags.includes('K'),
        suppliesReturns: isDepot || flags.includes('S'),
        // The demo users' own locations confirm receptions themselves (so they show status 11).
        autoCommit: rng.chance(0.2) && !isDepot && !demoLocationNames.has(`${spec.short} ${label ?? city}`),
        receptionDays: isDepot ? 3 : rng.int(3, 7),
        returnDays: isDepot ? 5 : rng.int(5, 10),
        productIds: [],
        userIds: [],
      };
      location.customerGroup = customerGroupOf(location);
      location.productIds = productsFor(location, spec.typeId, rng);
      locations.push(location);
      customer.locations.push(location);
      placeOf.set(locationId, place);
      const f = ctx.faker[country];
      const locSlug = slug(label ?? city);
      const multi = sites.length > 1;
      const [orderWord, purchaseWord, returnWord] = mailWords[country];
      const parent = label?.endsWith('Frysellager') ? customer.locations[0] : undefined;
      locationRows.add({
        id: locationId,
        customer_id: id,
        parent_location_id: parent && parent !== location ? parent.id : null,
        name: location.name,
        number: `L${10000 + locationId * 7 + rng.int(0, 6)}`,
        external_id: rng.chance(0.4) ? `ERP-${rng.digits(6)}` : null,
        gln: gln(country, companyNumber, (siteIndex + 1) * 10 + rng.int(0, 9)),
        status_id: location.statusId,
        type_id: location.typeId,
        customer_group: location.customerGroup,
        pooling_group_id: location.isPooling ? ['NO', 'SE', 'DK', 'FI'].indexOf(country) + 1 : null,
        is_default: location.isDefault,
        is_pooling: location.isPooling,
        is_commission: location.isCommission,
        is_return_scheme: location.isReturnScheme,
        is_dispatch: location.isDispatch,
        is_container_active: location.isContainerActive,
        is_sorting_depot: location.isSortingDepot,
        load_type: rng.pick(['rear', 'side', 'rear and side']),
        has_ramp: location.typeId !== 'BUT' || rng.chance(0.3),
        needs_lift: location.typeId === 'BUT' && rng.chance(0.6),
        delivery_from: rng.pick(['06:00', '07:00', '08:00']),
        delivery_to: rng.pick(['14:00', '15:00', '16:00', '22:00']),
        delivery_instructions: rng.chance(0.5) ? rng.pick(instructions) : null,
        transport_instructions: rng.chance(0.2) ? 'Pallets must be stacked in full stacks.' : null,
        email_order_confirmation: multi ? `${orderWord}.${locSlug}@${domain}` : `${orderWord}@${domain}`,
        email_purchase: `${purchaseWord}@${domain}`,
        email_return: `${returnWord}@${domain}`,
        reception_days: location.receptionDays,
        return_days: location.returnDays,
        auto_commit: location.autoCommit,
        street: depot ? depot.street : `${f.location.street()} ${rng.int(1, 120)}`,
        postal_code: place.postalCode,
        postal_name: place.name,
        country_id: country,
        phone: phone(country),
        created_at: created(700, 1500),
      });
    });
  });
  // Corporate groups: the subsidiaries point to their parent company.
  allSpecs.forEach((spec, i) => {
    const parent = spec.group ? groupParents.get(spec.group) : undefined;
    if (parent && !spec.corporate) (customerRows.column('customer_id_corporate') as unknown[])[i] = parent;
  });
  await customerRows.insert(tx);
  await locationRows.insert(tx);

  const lp = new Bulk('location_products', { location_id: 'int', product_id: 'int', is_pooling: 'bool' });
  for (const l of locations) for (const p of l.productIds) lp.add({ location_id: l.id, product_id: p, is_pooling: l.isPooling });
  await lp.insert(tx);

  await seedDeliveryAddresses(tx, ctx, locations, placeOf);

  const externals = await seedExternalLocations(tx, ctx, customers);
  for (const table of ['customers', 'locations', 'addresses', 'external_locations']) await syncSequence(tx, table);

  const provider = customers[0] as SeedCustomer;
  return {
    provider,
    customers,
    locations,
    depots: locations.filter((l) => l.isDepot),
    externals,
    staffUserIds: [],
    demo: {},
  };
}
