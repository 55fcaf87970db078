/**
 * The factors of the environment method (docs/environment.md): the published figures they rest
 * on, and per carrier type the emission and waste of a pooled trip against a new one-way
 * carrier. The formulas that use them: environment.ts.
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
