import { describe, expect, it } from 'vitest';
import {
  co2SavedKg,
  co2SavedPerTripKg,
  fillDegree,
  monthsEndingAt,
  poolingEffect,
  reuseDegree,
  truckCapacity,
} from '../src/environment.js';
import { carrierFactor, carrierFactors, carrierTypeCodes, DEVIATKIN_2020, FRAUNHOFER_IBP_2018 } from '../src/environment-factors.js';

describe('emission factors per carrier type', () => {
  it('take the EUR pallet straight from the study: 5.0 kg CO2-eq to make one, 20 trips in its life', () => {
    const eur = carrierFactors.EUR;
    expect(eur.basis).toBe('published');
    expect(eur.oneWayKg).toBe(DEVIATKIN_2020.woodPalletManufactureKg);
    // The manufacture spread over 20 trips (0.25 kg) is higher than the study's cradle-to-grave
    // per trip with incineration credits (0.017 kg): the higher one is taken.
    expect(eur.pooledTripKg).toBeCloseTo(0.25, 10);
    expect(co2SavedPerTripKg('EUR')).toBeCloseTo(4.75, 10);
  });

  it('count a plastic pallet trip at the study’s cradle-to-grave 1.79 kg, against a new one-way wooden pallet of its size', () => {
    expect(carrierFactors.PLF.pooledTripKg).toBeCloseTo(1.79, 10);
    expect(carrierFactors.PLF.oneWayKg).toBe(carrierFactors.EUR.oneWayKg);
    expect(carrierFactors.PLH.oneWayKg).toBe(carrierFactors.HALF.oneWayKg);
    // Smaller plastic pallets scale by tare weight (8 and 5 kg against 17 kg).
    expect(carrierFactors.PLH.pooledTripKg).toBeCloseTo((1.79 * 8) / 17, 10);
    expect(carrierFactors.PLT.pooledTripKg).toBeCloseTo((1.79 * 5) / 17, 10);
  });

  it('derive the half pallet from the EUR pallet by tare weight (9.5 of 25 kg)', () => {
    expect(carrierFactors.HALF.basis).toBe('derived');
    expect(carrierFactors.HALF.oneWayKg).toBeCloseTo(5.0 * 0.38, 10);
    expect(carrierFactors.HALF.pooledTripKg).toBeCloseTo(0.25 * 0.38, 10);
  });

  it('give crates and containers the published ratio of single-use cardboard to reusable crates (37 t against 15 t)', () => {
    for (const code of ['CRATE', 'CONT'] as const) {
      const f = carrierFactors[code];
      expect(f.oneWayWasteMaterial).toBe('cardboard');
      expect(f.oneWayKg / f.pooledTripKg).toBeCloseTo(
        FRAUNHOFER_IBP_2018.singleUseBoxesCo2Kg / FRAUNHOFER_IBP_2018.reusableCratesCo2Kg,
        10,
      );
      expect(f.oneWayWasteKg / f.pooledWasteKg).toBeCloseTo(52_200 / 3_070, 10);
    }
  });

  it('save CO2 on every pooled trip of every carrier type', () => {
    for (const code of carrierTypeCodes) {
      const f = carrierFactors[code];
      expect(f.pooledTripKg, code).toBeGreaterThan(0);
      expect(f.oneWayKg, code).toBeGreaterThan(f.pooledTripKg);
      expect(f.oneWayWasteKg, code).toBeGreaterThan(f.pooledWasteKg);
    }
  });

  it('know no figure for a carrier type outside the method: it saves nothing', () => {
    expect(carrierFactor('PAPER')).toBeNull();
    expect(co2SavedPerTripKg('PAPER')).toBe(0);
  });
});

describe('CO2 saved', () => {
  it('is reused carriers times (one-way - pooled trip) of their type', () => {
    const saved = co2SavedKg([
      { carrierTypeCode: 'EUR', reused: 100 },
      { carrierTypeCode: 'CRATE', reused: 40 },
      { carrierTypeCode: 'UNKNOWN', reused: 500 },
    ]);
    expect(saved).toBeCloseTo(100 * 4.75 + 40 * co2SavedPerTripKg('CRATE'), 10);
  });
  it('is zero when nothing was reused', () => {
    expect(co2SavedKg([])).toBe(0);
    expect(co2SavedKg([{ carrierTypeCode: 'EUR', reused: 0 }])).toBe(0);
  });
  it('is the same to the last bit whatever order the lines come in (the widget rounds it to a tenth)', () => {
    const codes = ['EUR', 'CRATE', 'HALF', 'EUR', 'CRATE', 'EUR', 'HALF', 'CRATE'];
    const lines = codes.map((carrierTypeCode, i) => ({ carrierTypeCode, reused: 37 * (i + 1) + (i % 3) }));
    const forwards = co2SavedKg(lines);
    expect(co2SavedKg([...lines].reverse())).toBe(forwards);
    expect(co2SavedKg([...lines.slice(3), ...lines.slice(0, 3)])).toBe(forwards);
  });
});

describe('reuse degree', () => {
  it('is the share of moved carriers that were not new', () => {
    expect(reuseDegree(200, 50)).toBe(0.75);
    expect(reuseDegree(10, 0)).toBe(1);
    expect(reuseDegree(10, 10)).toBe(0);
  });
  it('is unknown for a month in which nothing moved', () => {
    expect(reuseDegree(0, 0)).toBeNull();
  });
});

describe('fill degree', () => {
  it('weights each order by the stack places of its truck', () => {
    // 33 stacks on a 33-place semitrailer and 6 on an 18-place truck: 39 / 51.
    expect(
      fillDegree([
        { stacks: 33, places: 33 },
        { stacks: 6, places: 18 },
      ]),
    ).toBeCloseTo(39 / 51, 10);
  });
  it('puts a load above one truck on as many trucks as it needs, so a month never exceeds 1', () => {
    expect(truckCapacity(40, 33)).toBe(66);
    expect(truckCapacity(33, 33)).toBe(33);
    expect(truckCapacity(0.5, 33)).toBe(33);
    expect(fillDegree([{ stacks: 40, places: 33 }])).toBeCloseTo(40 / 66, 10);
  });
  it('is unknown without orders or without stack places', () => {
    expect(fillDegree([])).toBeNull();
    expect(fillDegree([{ stacks: 3, places: 0 }])).toBeNull();
  });
});

describe('months of the widget', () => {
  it('end with the current month, oldest first, across a new year', () => {
    const { months, from, to } = monthsEndingAt('2026-02-17', 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-02');
    expect(from).toBe('2025-03-01');
    expect(to).toBe('2026-03-01');
  });
  it('reach into the next year after December', () => {
    expect(monthsEndingAt('2026-12-31', 1)).toEqual({ months: ['2026-12'], from: '2026-12-01', to: '2027-01-01' });
  });
});

describe('the public calculators', () => {
  it('add up a year of trips per carrier type, leaving out empty and nonsense inputs', () => {
    const effect = poolingEffect({ EUR: 1000, PLF: 100, HALF: null, CRATE: -5, CONT: Number.NaN });
    expect(effect.lines.map((l) => l.code)).toEqual(['EUR', 'PLF']);
    expect(effect.co2SavedKg).toBeCloseTo(1000 * 4.75 + 100 * (5 - 1.79), 10);
    expect(effect.oneWayKg - effect.pooledKg).toBeCloseTo(effect.co2SavedKg, 10);
  });
  it('tell the waste by material: one-way throws the whole carrier away, the pool its share of a worn-out one', () => {
    const effect = poolingEffect({ EUR: 1000, PLF: 660, CRATE: 66 });
    expect(effect.oneWayWaste.wood).toBeCloseTo(1000 * 25 + 660 * 25, 10);
    expect(effect.pooledWaste.wood).toBeCloseTo(1000 * 1.25, 10);
    expect(effect.pooledWaste.plastic).toBeCloseTo(660 * (17 / 66) + 66 * (2 / 66), 10);
    expect(effect.oneWayWaste.cardboard).toBeCloseTo(2 * (52_200 / 3_070), 10);
    const thrown = (r: Record<string, number>) => Object.values(r).reduce((s, v) => s + v, 0);
    expect(effect.wasteAvoidedKg).toBeCloseTo(thrown(effect.oneWayWaste) - thrown(effect.pooledWaste), 10);
  });
  it('show nothing saved before anything is entered', () => {
    const effect = poolingEffect({});
    expect(effect).toMatchObject({ lines: [], co2SavedKg: 0, wasteAvoidedKg: 0 });
  });
});
