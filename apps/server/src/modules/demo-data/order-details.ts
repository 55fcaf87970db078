/**
 * The paperwork of a demo order: references, money, transport (truck, haulier, car number,
 * seal) and customs for cross-border trips. Money in minor units of the order's currency.
 */
import type { Country, TransactionStatusId } from '@portal/domain';
import type { SeedLocation, SeedWorld } from './context.js';
import type { OrderKind } from './order-flow.js';
import type { Rng } from './random.js';
import { type ProductInfo, truckTypeRows } from './reference.js';

export interface LineInfo {
  product: ProductInfo;
  ordered: number;
  picked: number | null;
  delivered: number | null;
}

/** Approximate exchange rates from NOK (the price list's currency). */
const fromNok: Record<string, number> = { NOK: 1, SEK: 0.97, DKK: 0.64, EUR: 0.086 };
const referencePrefix: Record<OrderKind, string> = { purchase: 'PO', sale: 'SO', delivery: 'DN', return: 'RT' };
const infoTexts = [
  'Call the driver 30 minutes before arrival.',
  'Goods reception closes at 14:00.',
  'Use the rear entrance.',
  'Pallets sorted by quality, please.',
];

const hauliersCache = new WeakMap<SeedWorld, Map<Country, string[]>>();

function hauliers(world: SeedWorld, country: Country): string[] {
  let byCountry = hauliersCache.get(world);
  if (!byCountry) {
    byCountry = new Map();
    for (const c of world.customers) {
      if (c.customerType !== 'haulier' || c.statusId !== 1) continue;
      byCountry.set(c.countryId, [...(byCountry.get(c.countryId) ?? []), c.name]);
    }
    hauliersCache.set(world, byCountry);
  }
  return [...(byCountry.get(country) ?? []), 'Nordic Pallet Pool Transport'];
}

function carNumber(rng: Rng, country: Country): string {
  if (country === 'NO') return `${rng.letters(2)} ${rng.digits(5)}`;
  if (country === 'SE') return `${rng.letters(3)} ${rng.digits(2)}${rng.chance(0.5) ? rng.letters(1) : rng.digits(1)}`;
  if (country === 'DK') return `${rng.letters(2)} ${rng.digits(2)} ${rng.digits(3)}`;
  return `${rng.letters(3)}-${rng.digits(3)}`;
}

/** The truck for a number of full stacks. */
function truckFor(rng: Rng, stacks: number) {
  const id = stacks <= 12 ? (rng.chance(0.3) ? 5 : 3) : stacks <= 18 ? 3 : stacks <= 33 ? (rng.chance(0.2) ? 4 : 1) : 2;
  return truckTypeRows.find((t) => t.id === id) ?? truckTypeRows[0];
}

export function describeOrder(
  rng: Rng,
  o: {
    kind: OrderKind;
    from: SeedLocation;
    to: SeedLocation | null;
    path: readonly TransactionStatusId[];
    status: TransactionStatusId;
    lines: readonly LineInfo[];
    balanceKind: string;
    currency: string;
    dateSend: string;
    world: SeedWorld;
  },
): Record<string, unknown> {
  const rate = fromNok[o.currency] ?? 1;
  const sent = o.path.includes(4);
  const ordering = o.kind === 'purchase' || o.kind === 'sale';
  const year = o.dateSend.slice(2, 4);
  const stacks = o.lines.reduce((s, l) => s + Math.ceil(l.ordered / l.product.qtyHeight), 0);
  const truck = ordering || rng.chance(0.5) ? truckFor(rng, stacks) : null;
  const crossBorder = !!o.to && o.to.countryId !== o.from.countryId;
  const result: Record<string, unknown> = {
    reference_own: rng.chance(0.9) ? `${referencePrefix[o.kind]}-${year}${rng.digits(5)}` : null,
    reference_sender: o.kind === 'delivery' ? `${rng.chance(0.5) ? 'SO' : 'FS'}-${rng.digits(6)}` : null,
    reference_receiver: o.kind === 'delivery' && rng.chance(0.5) ? `PO-${rng.digits(6)}` : null,
    currency: o.currency,
    truck_type_id: truck?.id ?? null,
    fuel: truck?.fuel ?? null,
    // The truck type names the car in every language; car_type is for a type typed by hand.
    car_type: null,
    info_text: rng.chance(0.1) ? rng.pick(infoTexts) : null,
    load_text: rng.chance(0.05) ? 'Full stacks, strapped' : null,
    transport_text: rng.chance(0.04) ? 'Tail lift required' : null,
  };
  if (o.balanceKind === 'commission') {
    const first = o.lines[0];
    result.price = first ? Math.round(first.product.unitPrice * rate) : null;
    result.amount = o.lines.reduce((s, l) => s + (l.delivered ?? l.picked ?? l.ordered) * Math.round(l.product.unitPrice * rate), 0);
  }
  if (ordering) {
    result.freight = Math.round(rng.int(650, 2400) * 100 * rate);
    if (stacks <= 3) result.transport_fee = Math.round(250 * 100 * rate);
  }
  if (sent) {
    const haulier = rng.pick(hauliers(o.world, o.from.countryId));
    result.cartman = haulier;
    result.transporter = haulier;
    result.car_number = carNumber(rng, o.from.countryId);
    result.trailer = rng.chance(0.5) ? carNumber(rng, o.from.countryId) : null;
    result.sealing = o.kind === 'sale' && rng.chance(0.4) ? `S${rng.digits(7)}` : null;
    result.reference_transport = rng.chance(0.7) ? `CMR ${rng.digits(7)}` : null;
  }
  if (crossBorder) {
    result.customs_handler = rng.pick(['kgh', 'self', 'required']);
    result.customs_status = !sent ? '' : o.status === 5 ? 'done' : 'pending';
  }
  return result;
}
