/**
 * Who orders with whom in the demo: how busy each location is, which depot serves it,
 * which customer locations it delivers to, and which products an order between two
 * locations carries.
 */
import { type Country, countries } from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { addDays, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import type { OrderKind } from './order-flow.js';
import { type Rng, WeightedTable } from './random.js';
import { type ProductCode, products } from './reference.js';

/** How often each product is on an order line, when the location may have it. */
const productWeight: Record<ProductCode, number> = {
  'EUR-A': 55,
  'EUR-B': 8,
  'EUR-NEW': 6,
  'EUR-A-HT': 4,
  'EUR-NEW-HT': 2,
  'HALF-A': 7,
  'HALF-B': 2,
  'PLF-A': 5,
  'PLF-NEW': 1,
  'PLH-A': 7,
  'PLT-A': 4,
  'CRATE-A': 9,
  'CONT-A': 1.5,
};
const weightById = new Map(products.map((p) => [p.id, productWeight[p.code]]));

export class Parties {
  readonly actors: WeightedTable<SeedLocation>;
  private readonly depotTables = new Map<Country, WeightedTable<SeedLocation>>();
  private readonly sortingDepots = new Map<Country, SeedLocation[]>();
  private readonly partnerTables = new Map<number, WeightedTable<SeedLocation> | null>();
  private readonly senderTables = new Map<number, WeightedTable<SeedLocation> | null>();
  private readonly active: SeedLocation[];

  constructor(
    private readonly world: SeedWorld,
    demoLocationIds: ReadonlySet<number>,
    kariCustomerId: number,
  ) {
    const customers = world.locations.filter((l) => !l.isDepot);
    this.actors = new WeightedTable(
      customers,
      customers.map((l) => {
        let w = { GRS: 3, LEV: 2.2, TRP: 1.2, BUT: l.isReturnScheme ? 1.3 : 1 }[l.typeId] ?? 1;
        if (demoLocationIds.has(l.id)) w *= 4;
        else if (l.customerId === kariCustomerId) w *= 1.5;
        if (l.statusId !== 1) w *= 0.4;
        return w;
      }),
    );
    this.active = world.locations.filter((l) => l.statusId === 1);
    for (const country of countries) {
      const depots = this.active.filter((l) => l.isDepot && l.countryId === country);
      this.depotTables.set(
        country,
        new WeightedTable(
          depots,
          depots.map((d) => (d.isDefault ? 3 : 1)),
        ),
      );
      this.sortingDepots.set(
        country,
        depots.filter((d) => d.isSortingDepot),
      );
    }
  }

  /** The depot a purchase comes from or a sale goes to. */
  depotFor(rng: Rng, l: SeedLocation): SeedLocation {
    return (this.depotTables.get(l.countryId) as WeightedTable<SeedLocation>).pick(rng);
  }

  /** The sorting depot of a country that takes returns from the returns-scheme stores. */
  sortingDepotFor(rng: Rng, l: SeedLocation): SeedLocation {
    return rng.pick(this.sortingDepots.get(l.countryId) ?? []);
  }

  /** A customer location `from` delivers goods (and carriers) to; null if none fits. */
  partnerOf(rng: Rng, from: SeedLocation): SeedLocation | null {
    let table = this.partnerTables.get(from.id);
    if (table === undefined) {
      const candidates = this.active.filter(
        (to) =>
          !to.isDepot &&
          to.customerId !== from.customerId &&
          (to.isPooling || to.isCommission || (to.isReturnScheme && from.suppliesReturns)),
      );
      const weights = candidates.map((to) => {
        const byType: Record<string, Record<string, number>> = {
          LEV: { GRS: 3, BUT: 2, LEV: 0.3, TRP: 0.2 },
          GRS: { BUT: 3, GRS: 1, LEV: 0.2, TRP: 0.2 },
          TRP: { GRS: 1, LEV: 1, BUT: 0.3, TRP: 0.2 },
          BUT: { GRS: 1, BUT: 0.3, LEV: 0.2, TRP: 0.1 },
        };
        const w = byType[from.typeId]?.[to.typeId] ?? 0.1;
        // Mostly within the country; some cross-border trade (customs) between neighbours.
        return w * (to.countryId === from.countryId ? 1 : 0.02);
      });
      table = candidates.length > 0 ? new WeightedTable(candidates, weights) : null;
      this.partnerTables.set(from.id, table);
    }
    return table ? table.pick(rng) : null;
  }

  /** A location in the same country that delivers goods to `to` (for inbound deliveries). */
  senderTo(rng: Rng, to: SeedLocation): SeedLocation | null {
    let table = this.senderTables.get(to.id);
    if (table === undefined) {
      const candidates = this.active.filter(
        (from) =>
          !from.isDepot &&
          from.customerId !== to.customerId &&
          from.countryId === to.countryId &&
          (from.typeId === 'LEV' || from.typeId === 'GRS') &&
          (!to.isReturnScheme || from.suppliesReturns),
      );
      table =
        candidates.length > 0
          ? new WeightedTable(
              candidates,
              candidates.map((c) => (c.typeId === 'GRS' ? 2 : 1)),
            )
          : null;
      this.senderTables.set(to.id, table);
    }
    return table ? table.pick(rng) : null;
  }

  /** The external receivers a location's customer registered. */
  externalsOf(l: SeedLocation) {
    return this.world.externals.filter((e) => e.customerId === l.customerId);
  }

  /** How a location takes part: the kind of an order it starts, by its scheme and type. */
  kindFor(rng: Rng, l: SeedLocation): OrderKind | 'inbound' {
    if (l.isReturnScheme && !l.isPooling && !l.isCommission) return rng.chance(0.55) ? 'return' : 'inbound';
    if (l.isDispatch)
      return rng.weighted([
        ['sale', 45],
        ['purchase', 25],
        ['delivery', 25],
        ['inbound', 5],
      ] as const);
    if (l.typeId === 'TRP')
      return rng.weighted([
        ['purchase', 30],
        ['sale', 35],
        ['delivery', 30],
        ['inbound', 5],
      ] as const);
    return rng.weighted([
      ['purchase', 38],
      ['sale', 22],
      ['delivery', 28],
      ['inbound', 12],
    ] as const);
  }
}

/** The products an order from `from` to `to` may carry: what the receiving customer may have. */
export function productChoices(from: SeedLocation, to: SeedLocation | null): number[] {
  const receiver = to && !to.isDepot ? to : from;
  const sender = from.isDepot ? null : from;
  const allowed = receiver.productIds;
  const both = sender && sender !== receiver ? allowed.filter((p) => sender.productIds.includes(p)) : allowed;
  return both.length > 0 ? both : allowed;
}

/** Picks 1-3 distinct products, weighted (EUR pallets quality A most of all). */
export function pickProducts(rng: Rng, choices: readonly number[]): number[] {
  const count = Math.min(
    choices.length,
    rng.weighted([
      [1, 68],
      [2, 24],
      [3, 8],
    ] as const),
  );
  const left = [...choices];
  const picked: number[] = [];
  while (picked.length < count && left.length > 0) {
    const id = rng.weighted(left.map((p) => [p, weightById.get(p) ?? 1] as const));
    picked.push(id);
    left.splice(left.indexOf(id), 1);
  }
  return picked;
}

/**
 * Open days per country: `nextOpen(country, offset)` is the first open day on or after
 * today + offset (weekends, public holidays and the provider's closures skipped).
 */
export class OpenDays {
  private readonly table = new Map<Country, string[]>();

  constructor(
    ctx: SeedContext,
    private readonly first: number,
    last: number,
    closures: ReadonlyMap<Country, ReadonlySet<string>>,
  ) {
    for (const country of countries) {
      const list: string[] = [];
      let next: string | null = null;
      for (let offset = last + 10; offset >= first; offset--) {
        const date = addDays(ctx.today, offset);
        if (isOpenDay(date, country, closures.get(country))) next = date;
        list.push(next ?? addDays(ctx.today, last + 10));
      }
      this.table.set(country, list.reverse());
    }
  }

  nextOpen(country: Country, offset: number): string {
    const list = this.table.get(country) as string[];
    const index = Math.min(list.length - 1, Math.max(0, offset - this.first));
    return list[index] as string;
  }
}
