/**
 * The provider (with its depots in all four countries), the customers and their locations,
 * delivery addresses, the products each location may order, and external locations.
 */
import { type Country, currencyByCountry, gs1CheckDigit } from '@portal/domain';
import { Bulk, syncSequence } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import {
  addDays,
  at,
  iso,
  type SeedContext,
  type SeedCustomer,
  type SeedExternal,
  type SeedLocation,
  type SeedWorld,
  slug,
} from './context.js';
import { type CustomerSpec, customerSpecs, providerName } from './customers-data.js';
import { demoUsers } from './demo-users.js';
import { depots, formatPostalCode, type PostalPlace, placesOf, postalPlaces } from './places.js';
import { type ProductCode, product, products } from './reference.js';

const tld: Record<Country, string> = { NO: 'no', SE: 'se', DK: 'dk', FI: 'fi' };
const glnPrefix: Record<Country, string> = { NO: '70', SE: '73', DK: '57', FI: '64' };
const phonePrefix: Record<Country, string> = { NO: '+47', SE: '+46', DK: '+45', FI: '+358' };
const mailWords: Record<Country, [string, string, string]> = {
  NO: ['ordre', 'innkjop', 'retur'],
  SE: ['order', 'inkop', 'retur'],
  DK: ['ordre', 'indkob', 'retur'],
  FI: ['tilaukset', 'hankinta', 'palautus'],
};
const receptionName: Record<Country, string> = { NO: 'Varemottak', SE: 'Godsmottagning', DK: 'Varemodtagelse', FI: 'Tavaranvastaanotto' };
const externalTrades: Record<Country, string[]> = {
  NO: ['Bygg', 'Trelast', 'Frukt', 'Handel', 'Engros', 'Lager'],
  SE: ['Bygg', 'Trä', 'Frukt', 'Handel', 'Grossist', 'Lager'],
  DK: ['Byg', 'Tømmerhandel', 'Frugt', 'Handel', 'Engros', 'Lager'],
  FI: ['Rakennus', 'Puutavara', 'Hedelmä', 'Kauppa', 'Tukku', 'Varasto'],
};
const instructions = [
  'Ring 30 minutes before arrival.',
  'Deliveries at the rear ramp, door 4.',
  'Report to the goods reception on arrival.',
  'No deliveries between 11:00 and 12:00.',
  'Truck with tail lift required.',
];

const demoLocationNames = new Set(demoUsers.map((u) => u.locationName));

function customerGroupOf(l: Pick<SeedLocation, 'isDepot' | 'isDispatch' | 'isReturnScheme' | 'isPooling'>): string {
  if (l.isDepot) return 'TO';
  if (l.isDispatch) return 'HE';
  if (l.isReturnScheme) return 'RO';
  if (l.isPooling) return 'GL';
  return 'OO';
}

/** Builds the customers and locations in memory, then writes them. */
export async function seedCustomers(tx: Tx, ctx: SeedContext): Promise<SeedWorld> {
  const { rng } = ctx;
  const customerRows = new Bulk('customers', {
    id: 'int',
    name: 'text',
    status_id: 'int2',
    customer_type: 'text',
    country_id: 'text',
    org_number: 'text',
    customer_id_corporate: 'int',
    is_corporate: 'bool',
    is_provider: 'bool',
    agreement_required: 'bool',
    agreement_standard: 'bool',
    contact_email: 'text',
    invoice_email: 'text',
    order_confirmed_email: 'text',
    purchase_email: 'text',
    invoice_reference: 'text',
    phone: 'text',
    created_at: 'timestamptz',
  });
  const locationRows = new Bulk('locations', {
    id: 'int',
    customer_id: 'int',
    parent_location_id: 'int',
    name: 'text',
    number: 'text',
    external_id: 'text',
    gln: 'text',
    status_id: 'int2',
    type_id: 'text',
    customer_group: 'text',
    pooling_group_id: 'int',
    is_default: 'bool',
    is_pooling: 'bool',
    is_commission: 'bool',
    is_return_scheme: 'bool',
    is_dispatch: 'bool',
    is_container_active: 'bool',
    is_sorting_depot: 'bool',
    load_type: 'text',
    has_ramp: 'bool',
    needs_lift: 'bool',
    delivery_from: 'time',
    delivery_to: 'time',
    delivery_instructions: 'text',
    transport_instructions: 'text',
    email_order_confirmation: 'text',
    email_purchase: 'text',
    email_return: 'text',
    reception_days: 'int2',
    return_days: 'int2',
    auto_commit: 'bool',
    street: 'text',
    postal_code: 'text',
    postal_name: 'text',
    country_id: 'text',
    phone: 'text',
    created_at: 'timestamptz',
  });
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

  // External receivers, registered by customers that trade on commission.
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

/** Products a location may order: by its scheme (domain.md, "Carriers"). */
function productsFor(l: SeedLocation, typeId: string, rng: SeedContext['rng']): number[] {
  if (l.isDepot) return products.map((p) => p.id);
  const codes = new Set<ProductCode>();
  if (l.isReturnScheme && !l.isPooling && !l.isCommission) {
    for (const c of ['PLF-A', 'PLH-A', 'PLT-A', 'CRATE-A'] as const) codes.add(c);
  } else {
    codes.add('EUR-A');
    if (rng.chance(0.7)) codes.add('EUR-B');
    if (typeId === 'TRP') codes.add('HALF-A');
    else {
      if ((typeId === 'LEV' || typeId === 'GRS') && rng.chance(0.5)) codes.add('EUR-NEW');
      if (typeId === 'LEV' && rng.chance(0.4)) {
        codes.add('EUR-A-HT');
        codes.add('EUR-NEW-HT');
      }
      if (rng.chance(0.6)) codes.add('HALF-A');
      if (rng.chance(0.2)) codes.add('HALF-B');
      if (rng.chance(0.3)) codes.add('PLF-A');
      if (rng.chance(0.1)) codes.add('PLF-NEW');
    }
  }
  if (l.suppliesReturns) for (const c of ['PLF-A', 'PLH-A', 'PLT-A', 'CRATE-A'] as const) codes.add(c);
  if (l.isContainerActive) codes.add('CONT-A');
  return [...codes].map((c) => product(c).id).sort((a, b) => a - b);
}

/** A GLN: GS1 country prefix, company number, location reference, check digit. */
function gln(country: Country, company: string, ref: number): string {
  const body = `${glnPrefix[country]}${company}${String(ref).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

function orgNumber(country: Country, rng: SeedContext['rng']): string {
  if (country === 'NO') return `9${rng.digits(8)}`;
  if (country === 'SE') return `556${rng.digits(3)}-${rng.digits(4)}`;
  if (country === 'DK') return `DK${rng.int(1, 9)}${rng.digits(7)}`;
  return `${rng.int(1, 3)}${rng.digits(6)}-${rng.digits(1)}`;
}
