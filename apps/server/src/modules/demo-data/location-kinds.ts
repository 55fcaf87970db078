/** What a demo location's kind gives it: its customer group and the products it may order (customers.ts). */
import type { SeedContext, SeedLocation } from './context.js';
import { type ProductCode, product, products } from './reference.js';

/** The customer group by the location's kind: depot TO, dispatch HE, return scheme RO, pooling GL, else OO. */
export function customerGroupOf(l: Pick<SeedLocation, 'isDepot' | 'isDispatch' | 'isReturnScheme' | 'isPooling'>): string {
  if (l.isDepot) return 'TO';
  if (l.isDispatch) return 'HE';
  if (l.isReturnScheme) return 'RO';
  if (l.isPooling) return 'GL';
  return 'OO';
}

/** Products a location may order: by its scheme (domain.md, "Carriers"). */
export function productsFor(l: SeedLocation, typeId: string, rng: SeedContext['rng']): number[] {
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
