/**
 * The environment method of the portal (spec section 9, "Widgets: environment"; spec
 * section 2, the public environment and construction-waste calculators): emission and waste
 * factors per carrier type for a pooled trip against a new one-way carrier, and the pure
 * formulas of the start page's environment widget (fill degree, reuse degree, CO2 saved).
 * The method, every figure's source and every derivation: docs/environment.md.
 *
 * Units: kg CO2-eq (GWP100, fossil; carbon stored in wood is not credited), kg of material,
 * carriers (one trip = one carrier carrying goods once from a sender to a receiver).
 */

/**
 * The published figures the factors rest on, exactly as the studies give them.
 *
 * Deviatkin, I. & Horttanainen, M. (2020), "Carbon footprint of an EUR-sized wooden and a
 * plastic pallet", E3S Web of Conferences 158, 03001 (ICEPP 2019), EDP Sciences,
 * doi:10.1051/e3sconf/202015803001. Representative of Finland; a EUR-size (1200 x 800 mm) pallet.
 */
export const DEVIATKIN_2020 = {
  /** Cradle-to-gate footprint of making one wooden EUR-size pallet, kg CO2-eq (carbon sequestration in wood not counted). */
  woodPalletManufactureKg: 5.0,
  /** Making one virgin plastic EUR-size pallet, kg CO2-eq. */
  plasticPalletManufactureKg: 62,
  /** Service life of a wooden pallet, customer trips. */
  woodTripsPerLife: 20,
  /** Service life of a plastic pallet, customer trips. */
  plasticTripsPerLife: 66,
  /** Cradle-to-grave footprint of 1000 customer trips on wooden pallets, incinerated at the end of life, kg CO2-eq. */
  woodCradleToGravePer1000TripsKg: 17,
  /** The same on plastic pallets, kg CO2-eq. */
  plasticCradleToGravePer1000TripsKg: 1790,
} as const;

/**
 * Fraunhofer Institute for Building Physics IBP (2018), carbon footprint of packaging systems
 * for fruit and vegetable transport in Europe, for the Stiftung Initiative Mehrweg (SIM):
 * distributing 1,000 t of fruit or vegetables emits about 15 t CO2-eq in reusable (foldable)
 * plastic crates against more than 37 t CO2-eq in single-use cardboard boxes, and needs
 * 3,070 kg of plastic against 52,200 kg of cardboard.
 */
export const FRAUNHOFER_IBP_2018 = {
  reusableCratesCo2Kg: 15_000,
  singleUseBoxesCo2Kg: 37_000,
  reusableCratesPlasticKg: 3_070,
  singleUseBoxesCardboardKg: 52_200,
} as const;

/** The studies as a reader finds them (the public calculators list them under "Method and sources"). */
export const environmentSources = [
  {
    id: 'deviatkin2020',
    citation:
      'Deviatkin, I. & Horttanainen, M. (2020). Carbon footprint of an EUR-sized wooden and a plastic pallet. E3S Web of Conferences 158, 03001 (ICEPP 2019). EDP Sciences.',
    url: 'https://doi.org/10.1051/e3sconf/202015803001',
  },
  {
    id: 'fraunhofer2018',
    citation:
      'Fraunhofer Institute for Building Physics IBP (2018). Carbon footprint of packaging systems for fruit and vegetable transport in Europe, commissioned by Stiftung Initiative Mehrweg (SIM).',
    url: 'https://www.stiftung-mehrweg.de/en/sustainability/studies',
  },
] as const;

/**
 * Reference carriers of the studies, taken as the portal's own: an EPAL EUR pallet weighs
 * about 25 kg (the portal's EUR tare); the study's plastic EUR-size pallet is taken as the
 * portal's plastic full pallet, 17 kg. Footprints of other sizes are scaled from these.
 */
const EUR_TARE_KG = 25;
const PLASTIC_FULL_TARE_KG = 17;
/** Area of the wooden half pallet (800 x 600 mm), for the third pallet's one-way equivalent. */
const HALF_AREA_MM2 = 800 * 600;

export type WasteMaterial = 'wood' | 'plastic' | 'cardboard';

/** What pooling one carrier type changes per trip. */
export interface CarrierFactor {
  /** The portal's carrier type code (carrier_types.code). */
  code: CarrierTypeCode;
  /** The material of the pooled carrier. */
  material: 'wood' | 'plastic';
  /** The pooled carrier's tare weight, kg. */
  tareKg: number;
  /** Length and width, mm (reference data). */
  sizeMm: readonly [number, number];
  /** Trips a pooled carrier makes in its life. */
  tripsPerLife: number;
  /** Footprint of one pooled trip, kg CO2-eq: the carrier's life spread over its trips. */
  pooledTripKg: number;
  /** Footprint of the new one-way carrier the trip would otherwise need, kg CO2-eq. */
  oneWayKg: number;
  /** Material thrown away per trip one-way (the whole one-way carrier), kg. */
  oneWayWasteKg: number;
  oneWayWasteMaterial: WasteMaterial;
  /** Material thrown away per pooled trip (the pooled carrier's tare over its life), kg. */
  pooledWasteKg: number;
  /** Whether the figures are the study's own or derived from the nearest published one. */
  basis: 'published' | 'derived';
}

/** The carrier types of the portal (reference data, `carrier_types.code`). */
export const carrierTypeCodes = ['EUR', 'HALF', 'PLF', 'PLH', 'PLT', 'CRATE', 'CONT'] as const;
export type CarrierTypeCode = (typeof carrierTypeCodes)[number];

/**
 * A pooled wooden pallet's trip: its manufacture spread over 20 trips, or the study's
 * cradle-to-grave per trip when that is higher (it is not: incineration credits make it
 * 0.017 kg), so pooling is never flattered. Scaled to `tareKg` from the 25 kg EUR pallet.
 */
function woodPooledTripKg(tareKg: number): number {
  const d = DEVIATKIN_2020;
  const perTrip = Math.max(d.woodPalletManufactureKg / d.woodTripsPerLife, d.woodCradleToGravePer1000TripsKg / 1000);
  return (perTrip * tareKg) / EUR_TARE_KG;
}

/** A pooled plastic carrier's trip: the higher of manufacture per trip and cradle-to-grave per trip, scaled by tare from 17 kg. */
function plasticPooledTripKg(tareKg: number): number {
  const d = DEVIATKIN_2020;
  const perTrip = Math.max(d.plasticPalletManufactureKg / d.plasticTripsPerLife, d.plasticCradleToGravePer1000TripsKg / 1000);
  return (perTrip * tareKg) / PLASTIC_FULL_TARE_KG;
}

/** Making a new wooden pallet of `tareKg`, kg CO2-eq (5.0 kg for the 25 kg EUR pallet). */
const woodManufactureKg = (tareKg: number) => (DEVIATKIN_2020.woodPalletManufactureKg * tareKg) / EUR_TARE_KG;

/** The pooled side of a carrier type: its life, its trip's footprint and its waste per trip. */
function pooled(code: CarrierTypeCode, material: 'wood' | 'plastic', sizeMm: [number, number], tareKg: number) {
  const d = DEVIATKIN_2020;
  const trips = material === 'wood' ? d.woodTripsPerLife : d.plasticTripsPerLife;
  const pooledTripKg = material === 'wood' ? woodPooledTripKg(tareKg) : plasticPooledTripKg(tareKg);
  return { code, material, tareKg, sizeMm, tripsPerLife: trips, pooledTripKg, pooledWasteKg: tareKg / trips };
}

/** A pooled wooden pallet against a new one-way pallet of its own kind. */
function woodenPallet(code: CarrierTypeCode, sizeMm: [number, number], tareKg: number, basis: CarrierFactor['basis']): CarrierFactor {
  return {
    ...pooled(code, 'wood', sizeMm, tareKg),
    oneWayKg: woodManufactureKg(tareKg),
    oneWayWasteKg: tareKg,
    oneWayWasteMaterial: 'wood',
    basis,
  };
}

/** A pooled plastic pallet against a new one-way wooden pallet of the same size (`oneWayTareKg`). */
function plasticPallet(code: CarrierTypeCode, sizeMm: [number, number], tareKg: number, oneWayTareKg: number): CarrierFactor {
  return {
    ...pooled(code, 'plastic', sizeMm, tareKg),
    oneWayKg: woodManufactureKg(oneWayTareKg),
    oneWayWasteKg: oneWayTareKg,
    oneWayWasteMaterial: 'wood',
    basis: code === 'PLF' ? 'published' : 'derived',
  };
}

/**
 * A pooled plastic crate or container against single-use cardboard packaging of the same
 * capacity: its trip as a plastic pallet's by tare; the single-use packaging emits 37/15 of
 * it and weighs 52,200/3,070 of the plastic a pooled trip uses up (Fraunhofer IBP 2018).
 */
function plasticCrate(code: CarrierTypeCode, sizeMm: [number, number], tareKg: number): CarrierFactor {
  const f = FRAUNHOFER_IBP_2018;
  const base = pooled(code, 'plastic', sizeMm, tareKg);
  return {
    ...base,
    oneWayKg: (base.pooledTripKg * f.singleUseBoxesCo2Kg) / f.reusableCratesCo2Kg,
    oneWayWasteKg: (base.pooledWasteKg * f.singleUseBoxesCardboardKg) / f.reusableCratesPlasticKg,
    oneWayWasteMaterial: 'cardboard',
    basis: 'derived',
  };
}

/** The wooden half pallet's tare (800 x 600 mm), kg: the one-way equivalent of the plastic half pallet. */
const HALF_TARE_KG = 9.5;
/** A wooden pallet of 800 x 400 mm, by area from the half pallet, kg. */
const THIRD_WOOD_TARE_KG = (HALF_TARE_KG * (800 * 400)) / HALF_AREA_MM2;

/**
 * The factors per carrier type (tare weights as the portal's reference data). EUR: published
 * (Deviatkin & Horttanainen 2020); the half pallet scaled by tare; plastic pallets against a
 * new one-way wooden pallet of their size (one-way pallets are wooden); crate and foldable
 * container against single-use cardboard. docs/environment.md has the table and its reasons.
 */
export const carrierFactors: Readonly<Record<CarrierTypeCode, CarrierFactor>> = {
  EUR: woodenPallet('EUR', [1200, 800], EUR_TARE_KG, 'published'),
  HALF: woodenPallet('HALF', [800, 600], HALF_TARE_KG, 'derived'),
  PLF: plasticPallet('PLF', [1200, 800], PLASTIC_FULL_TARE_KG, EUR_TARE_KG),
  PLH: plasticPallet('PLH', [800, 600], 8, HALF_TARE_KG),
  PLT: plasticPallet('PLT', [800, 400], 5, THIRD_WOOD_TARE_KG),
  CRATE: plasticCrate('CRATE', [600, 400], 2),
  CONT: plasticCrate('CONT', [1200, 1000], 62),
};

/** The factor of a carrier type code, or null for a type the method has no figure for (counted as moved, saving nothing). */
export function carrierFactor(code: string): CarrierFactor | null {
  return (carrierFactors as Record<string, CarrierFactor>)[code] ?? null;
}

/** CO2 a pooled trip saves against a new one-way carrier, kg CO2-eq per trip (0 for an unknown type). */
export function co2SavedPerTripKg(code: string): number {
  const factor = carrierFactor(code);
  return factor ? factor.oneWayKg - factor.pooledTripKg : 0;
}

/**
 * CO2 saved by reused carriers (spec section 9): reused carriers x (one-way footprint -
 * pooled trip footprint) of their type, summed, kg CO2-eq. New carriers save nothing: their
 * trip is the first of the trips their manufacture is spread over.
 */
export function co2SavedKg(lines: readonly { carrierTypeCode: string; reused: number }[]): number {
  // Carriers per type first (whole numbers, exact), then the types in code order: the same sum
  // whatever order the lines come in (a float sum in another order may round to another tenth).
  const reusedByType = new Map<string, number>();
  for (const line of lines) reusedByType.set(line.carrierTypeCode, (reusedByType.get(line.carrierTypeCode) ?? 0) + line.reused);
  return [...reusedByType]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((sum, [code, reused]) => sum + reused * co2SavedPerTripKg(code), 0);
}

/**
 * The reuse degree of a period: the share of the carriers moved that were reused carriers,
 * not new ones (quality NEW counts as new: its first trip). 0-1; null when nothing moved.
 */
export function reuseDegree(moved: number, newCarriers: number): number | null {
  if (moved <= 0) return null;
  return Math.min(1, Math.max(0, (moved - newCarriers) / moved));
}

/**
 * The trucks an order needs and the stack places they offer (docs/domain.md, "Fill degree"):
 * `places` = tpuCount + tpuCount2 of its truck type; a load above one truck takes as many
 * trucks as it fills, so capacity = places x max(1, ceil(stacks / places)), the quotient
 * rounded to 6 decimals first (a sum of thirds is not exact). 0 without places.
 */
export function truckCapacity(stacks: number, places: number): number {
  if (places <= 0) return 0;
  return places * Math.max(1, Math.ceil(Math.round((stacks / places) * 1e6) / 1e6));
}

/**
 * The fill degree of a period's orders: their full stacks over the stack places of the trucks
 * that carried them (each order's `truckCapacity`), i.e. the capacity-weighted mean of the
 * orders' fill, as a haulier measures a load factor. 0-1; null without orders (or places).
 */
export function fillDegree(orders: readonly { stacks: number; places: number }[]): number | null {
  let stacks = 0;
  let capacity = 0;
  for (const order of orders) {
    const places = truckCapacity(order.stacks, order.places);
    if (places === 0) continue;
    stacks += order.stacks;
    capacity += places;
  }
  return capacity > 0 ? Math.min(1, stacks / capacity) : null;
}

/**
 * The `count` calendar months ending with the month of `today` (yyyy-MM-dd), oldest first, as
 * yyyy-MM; with the first day of the first month and of the month after the last (the range
 * of send dates, from inclusive, to exclusive).
 */
export function monthsEndingAt(today: string, count: number): { months: string[]; from: string; to: string } {
  // Months counted from year 0, so stepping across a new year is plain arithmetic.
  const last = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  const label = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  const months = Array.from({ length: count }, (_, i) => label(last - count + 1 + i));
  return { months, from: `${months[0]}-01`, to: `${label(last + 1)}-01` };
}

/** The yearly effect of pooling `tripsPerYear` trips per carrier type instead of one-way carriers (the public calculators). */
export interface PoolingEffect {
  /** Per carrier type with trips: footprints and waste per year. */
  lines: {
    code: CarrierTypeCode;
    trips: number;
    oneWayKg: number;
    pooledKg: number;
    co2SavedKg: number;
    oneWayWasteKg: number;
    pooledWasteKg: number;
    wasteAvoidedKg: number;
  }[];
  co2SavedKg: number;
  oneWayKg: number;
  pooledKg: number;
  /** Waste avoided, kg: what one-way carriers would throw away less what the pool throws away. */
  wasteAvoidedKg: number;
  /** What one-way carriers would throw away per year, kg by material. */
  oneWayWaste: Record<WasteMaterial, number>;
  /** What the pool throws away per year (worn-out carriers), kg by material. */
  pooledWaste: Record<WasteMaterial, number>;
}

/**
 * The environment and construction-waste calculators (spec section 2): a year of trips per
 * carrier type pooled instead of on new one-way carriers. Trips that are not a finite
 * number above 0 count as none.
 */
export function poolingEffect(tripsPerYear: Partial<Record<CarrierTypeCode, number | null>>): PoolingEffect {
  const oneWayWaste: Record<WasteMaterial, number> = { wood: 0, plastic: 0, cardboard: 0 };
  const pooledWaste: Record<WasteMaterial, number> = { wood: 0, plastic: 0, cardboard: 0 };
  const lines: PoolingEffect['lines'] = [];
  for (const code of carrierTypeCodes) {
    const trips = tripsPerYear[code] ?? 0;
    if (!Number.isFinite(trips) || trips <= 0) continue;
    const f = carrierFactors[code];
    const line = {
      code,
      trips,
      oneWayKg: trips * f.oneWayKg,
      pooledKg: trips * f.pooledTripKg,
      co2SavedKg: trips * (f.oneWayKg - f.pooledTripKg),
      oneWayWasteKg: trips * f.oneWayWasteKg,
      pooledWasteKg: trips * f.pooledWasteKg,
      wasteAvoidedKg: trips * (f.oneWayWasteKg - f.pooledWasteKg),
    };
    oneWayWaste[f.oneWayWasteMaterial] += line.oneWayWasteKg;
    pooledWaste[f.material] += line.pooledWasteKg;
    lines.push(line);
  }
  const sum = (key: 'co2SavedKg' | 'oneWayKg' | 'pooledKg' | 'wasteAvoidedKg') => lines.reduce((s, l) => s + l[key], 0);
  return {
    lines,
    co2SavedKg: sum('co2SavedKg'),
    oneWayKg: sum('oneWayKg'),
    pooledKg: sum('pooledKg'),
    wasteAvoidedKg: sum('wasteAvoidedKg'),
    oneWayWaste,
    pooledWaste,
  };
}
