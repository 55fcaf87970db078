/**
 * The environment method of the portal (spec section 9, "Widgets: environment"; spec
 * section 2, the public environment and construction-waste calculators): the pure formulas of
 * the start page's environment widget (fill degree, reuse degree, CO2 saved) and of the
 * calculators (pooling effect), on the emission and waste factors per carrier type of
 * environment-factors.ts. The method, every figure's source and every derivation:
 * docs/environment.md.
 *
 * Units: kg CO2-eq (GWP100, fossil; carbon stored in wood is not credited), kg of material,
 * carriers (one trip = one carrier carrying goods once from a sender to a receiver).
 */
import { type CarrierTypeCode, carrierFactor, carrierFactors, carrierTypeCodes, type WasteMaterial } from './environment-factors.js';

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
