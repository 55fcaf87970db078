/**
 * Reference data of the demo: countries, postal places, provider closures, carriers
 * (types, qualities, treatments, products), truck types, sister-portal links, support
 * templates.
 */
import { countries } from '@portal/domain';
import { Bulk, syncSequence } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { ensureCountries, registerCountries } from '../../db/postal-registers.js';
import { postalPlaces } from './places.js';

/** Carrier types: real EUR-pallet stacking (15 per stack) and tare weights in grams. */
const carrierTypeRows = [
  { id: 1, code: 'EUR', name: 'EUR pallet', qtyHeight: 15, tare: 25_000, length: 1200, width: 800, isContainer: false },
  { id: 2, code: 'HALF', name: 'Half pallet', qtyHeight: 20, tare: 9_500, length: 800, width: 600, isContainer: false },
  { id: 3, code: 'PLF', name: 'Plastic full pallet', qtyHeight: 20, tare: 17_000, length: 1200, width: 800, isContainer: false },
  { id: 4, code: 'PLH', name: 'Plastic half pallet', qtyHeight: 25, tare: 8_000, length: 800, width: 600, isContainer: false },
  { id: 5, code: 'PLT', name: 'Plastic third pallet', qtyHeight: 30, tare: 5_000, length: 800, width: 400, isContainer: false },
  { id: 6, code: 'CRATE', name: 'Crate', qtyHeight: 40, tare: 2_000, length: 600, width: 400, isContainer: false },
  { id: 7, code: 'CONT', name: 'Foldable pallet container', qtyHeight: 1, tare: 62_000, length: 1200, width: 1000, isContainer: true },
];
const qualityRows = [
  { id: 1, code: 'NEW', name: 'New', isDefault: false },
  { id: 2, code: 'A', name: 'Quality A', isDefault: true },
  { id: 3, code: 'B', name: 'Quality B', isDefault: false },
];
const treatmentRows = [
  { id: 1, code: 'NONE', name: 'Not treated', isDefault: true },
  { id: 2, code: 'HT', name: 'Heat treated (ISPM 15)', isDefault: false },
];

export type ProductCode =
  | 'EUR-NEW'
  | 'EUR-NEW-HT'
  | 'EUR-A'
  | 'EUR-A-HT'
  | 'EUR-B'
  | 'HALF-A'
  | 'HALF-B'
  | 'PLF-NEW'
  | 'PLF-A'
  | 'PLH-A'
  | 'PLT-A'
  | 'CRATE-A'
  | 'CONT-A';

export interface ProductInfo {
  id: number;
  code: ProductCode;
  name: string;
  carrierTypeId: number;
  qualityId: number;
  treatmentId: number;
  /** Commission unit price excl. VAT in øre (NOK). */
  unitPrice: number;
  qtyHeight: number;
  tareGrams: number;
  isContainer: boolean;
}

const productSpecs: [ProductCode, string, number, number, number, number][] = [
  // code, name, carrier type, quality, treatment, unit price (øre)
  ['EUR-NEW', 'EUR pallet, new', 1, 1, 1, 21_500],
  ['EUR-NEW-HT', 'EUR pallet, new, heat treated', 1, 1, 2, 23_500],
  ['EUR-A', 'EUR pallet, quality A', 1, 2, 1, 15_500],
  ['EUR-A-HT', 'EUR pallet, quality A, heat treated', 1, 2, 2, 17_500],
  ['EUR-B', 'EUR pallet, quality B', 1, 3, 1, 11_000],
  ['HALF-A', 'Half pallet, quality A', 2, 2, 1, 9_500],
  ['HALF-B', 'Half pallet, quality B', 2, 3, 1, 7_000],
  ['PLF-NEW', 'Plastic full pallet, new', 3, 1, 1, 62_000],
  ['PLF-A', 'Plastic full pallet, quality A', 3, 2, 1, 45_000],
  ['PLH-A', 'Plastic half pallet, quality A', 4, 2, 1, 29_000],
  ['PLT-A', 'Plastic third pallet, quality A', 5, 2, 1, 21_000],
  ['CRATE-A', 'Crate 600x400, quality A', 6, 2, 1, 6_500],
  ['CONT-A', 'Foldable pallet container', 7, 2, 1, 350_000],
];

export const products: readonly ProductInfo[] = productSpecs.map(([code, name, carrierTypeId, qualityId, treatmentId, unitPrice], i) => {
  const carrier = carrierTypeRows.find((c) => c.id === carrierTypeId);
  if (!carrier) throw new Error(`carrier type ${carrierTypeId}`);
  return {
    id: i + 1,
    code,
    name,
    carrierTypeId,
    qualityId,
    treatmentId,
    unitPrice,
    qtyHeight: carrier.qtyHeight,
    tareGrams: carrier.tare,
    isContainer: carrier.isContainer,
  };
});

export function product(code: ProductCode): ProductInfo {
  const found = products.find((p) => p.code === code);
  if (!found) throw new Error(`product ${code}`);
  return found;
}

/** Truck types: stacks (tpuCount) of qtyHeight, a trailer's in tpuCount2/qtyHeight2. */
export const truckTypeRows = [
  { id: 1, name: 'Semitrailer 33 EUR stacks', isDefault: true, qtyHeight: 15, qtyHeight2: 0, tpuCount: 33, tpuCount2: 0, fuel: 'diesel' },
  {
    id: 2,
    name: 'Truck with trailer 18 + 18',
    isDefault: false,
    qtyHeight: 15,
    qtyHeight2: 12,
    tpuCount: 18,
    tpuCount2: 18,
    fuel: 'diesel',
  },
  { id: 3, name: 'Distribution truck 18', isDefault: false, qtyHeight: 12, qtyHeight2: 0, tpuCount: 18, tpuCount2: 0, fuel: 'hvo' },
  {
    id: 4,
    name: 'Mega trailer 33 (high stacks)',
    isDefault: false,
    qtyHeight: 18,
    qtyHeight2: 0,
    tpuCount: 33,
    tpuCount2: 0,
    fuel: 'diesel',
  },
  { id: 5, name: 'Electric city truck 12', isDefault: false, qtyHeight: 12, qtyHeight2: 0, tpuCount: 12, tpuCount2: 0, fuel: 'electric' },
];

/** Writes the reference data. `today` (yyyy-MM-dd) places the provider closures. */
export async function seedReference(tx: Tx, today: string): Promise<void> {
  // The countries may be there already: the postal registers load them on a start without demo data.
  await ensureCountries(tx);

  const postal = new Bulk('postal_places', { country_id: 'text', postal_code: 'text', name: 'text' });
  const seen = new Set<string>();
  // Countries with a real register get their places from it (postal-registers.ts), not from here.
  for (const p of postalPlaces) {
    if (registerCountries.has(p.countryId)) continue;
    const key = `${p.countryId}:${p.postalCode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    postal.add({ country_id: p.countryId, postal_code: p.postalCode, name: p.name });
  }
  await postal.insert(tx);

  // The provider closes between Christmas and New Year, and for a company day in spring.
  const closures = new Bulk('provider_closures', { country_id: 'text', day: 'date', reason: 'text' });
  const year = Number(today.slice(0, 4));
  for (const country of countries) {
    for (let y = year - 2; y <= year + 1; y++) {
      for (const day of [28, 29, 30]) closures.add({ country_id: country, day: `${y}-12-${day}`, reason: 'Christmas closure' });
    }
  }
  for (const country of ['NO', 'SE'] as const) {
    for (let y = year - 2; y <= year + 1; y++) closures.add({ country_id: country, day: firstFriday(y, 5), reason: 'Company day' });
  }
  await closures.insert(tx);

  const carriers = new Bulk('carrier_types', {
    id: 'int',
    code: 'text',
    name: 'text',
    qty_height: 'int',
    tare_weight_grams: 'int',
    length_mm: 'int',
    width_mm: 'int',
    is_container: 'bool',
  });
  for (const c of carrierTypeRows) {
    carriers.add({
      id: c.id,
      code: c.code,
      name: c.name,
      qty_height: c.qtyHeight,
      tare_weight_grams: c.tare,
      length_mm: c.length,
      width_mm: c.width,
      is_container: c.isContainer,
    });
  }
  await carriers.insert(tx);
  for (const [table, list] of [
    ['qualities', qualityRows],
    ['treatments', treatmentRows],
  ] as const) {
    const bulk = new Bulk(table, { id: 'int', code: 'text', name: 'text', is_default: 'bool' });
    for (const r of list) bulk.add({ id: r.id, code: r.code, name: r.name, is_default: r.isDefault });
    await bulk.insert(tx);
  }
  const productBulk = new Bulk('products', {
    id: 'int',
    carrier_type_id: 'int',
    quality_id: 'int',
    treatment_id: 'int',
    name: 'text',
    unit_price: 'bigint',
    price_currency: 'text',
    active: 'bool',
  });
  for (const p of products) {
    productBulk.add({
      id: p.id,
      carrier_type_id: p.carrierTypeId,
      quality_id: p.qualityId,
      treatment_id: p.treatmentId,
      name: p.name,
      unit_price: p.unitPrice,
      price_currency: 'NOK',
      active: true,
    });
  }
  await productBulk.insert(tx);

  const trucks = new Bulk('truck_types', {
    id: 'int',
    name: 'text',
    is_default: 'bool',
    qty_height: 'int',
    qty_height2: 'int',
    tpu_count: 'int',
    tpu_count2: 'int',
    fuel: 'text',
  });
  for (const t of truckTypeRows) {
    trucks.add({
      id: t.id,
      name: t.name,
      is_default: t.isDefault,
      qty_height: t.qtyHeight,
      qty_height2: t.qtyHeight2,
      tpu_count: t.tpuCount,
      tpu_count2: t.tpuCount2,
      fuel: t.fuel,
    });
  }
  await trucks.insert(tx);

  const links = new Bulk('inter_company_links', { id: 'int', url: 'text', company_country: 'text' });
  links.add({ id: 1, url: 'https://portal.nordicpalletpool.se', company_country: 'SE' });
  links.add({ id: 2, url: 'https://portal.nordicpalletpool.dk', company_country: 'DK' });
  links.add({ id: 3, url: 'https://portal.nordicpalletpool.fi', company_country: 'FI' });
  await links.insert(tx);

  const templates = new Bulk('support_templates', { id: 'int', title: 'text', text: 'text', is_default: 'bool' });
  templates.add({
    id: 1,
    is_default: true,
    title: 'Thank you for your enquiry',
    text: 'Thank you for contacting Nordic Pallet Pool. We have registered your case and will get back to you within one working day.',
  });
  templates.add({
    id: 2,
    is_default: false,
    title: 'Missing carriers on delivery',
    text: 'We have checked the waybill and the picking list for the order. Please send us a photo of the delivery and the signed waybill so that we can correct the quantities.',
  });
  templates.add({
    id: 3,
    is_default: false,
    title: 'Invoice question',
    text: 'The invoice is based on the received quantities of the orders in the period. You find the details under Reports > Invoices.',
  });
  await templates.insert(tx);

  for (const table of ['carrier_types', 'qualities', 'treatments', 'products', 'truck_types', 'inter_company_links', 'support_templates']) {
    await syncSequence(tx, table);
  }
}

/** The first Friday of a month (1-12) as yyyy-MM-dd. */
function firstFriday(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
