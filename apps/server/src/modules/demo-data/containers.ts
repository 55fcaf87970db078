/**
 * Demo containers and rentals (issue 11; docs/containers.md, "Demo data"): foldable pallet
 * containers (CONT-A) at the provider's depots, some with a GS1 GRAI (the Norwegian and Finnish
 * depots'), and rentals of the container-active customer locations in every status. mikko's
 * location (Pohjolan Tukku Vantaa) has one of each: Registered (nothing assigned yet), Open with
 * one container back, Closed with one container returned as NeedsRepair with a comment, and an
 * older Closed one. Each assignment and return is booked in the ledger exactly as the API books it
 * (modules/containers/rental-ledger.ts: source `rental`, pooling, -n at the depot and +n at the
 * renter, the reverse on return) and the running balances move with it, so the ledger invariant
 * holds. A generator of its own (derived from the seed) keeps it deterministic.
 */
import { makeGrai } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { Bulk, syncSequence } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import { Rng } from './random.js';
import { product } from './reference.js';

/** The demo provider's 12 GRAI digits before the serial: GS1 company prefix 7090012 (a made-up one) and asset type 00001. */
const GRAI_PREFIX: Record<string, string> = { NO: '709001200001', FI: '643001200001' };

/** The comment of the demo's container returned as needing repair, in the renting location's language (Finnish). */
const REPAIR_COMMENT = 'Sivuseinän sarana vääntynyt, ei lukitu kunnolla.';

interface PlannedRental {
  location: SeedLocation;
  userId: number | null;
  quantity: number;
  status: 'Registered' | 'Open' | 'Closed';
  startDate: string;
  endDate: string | null;
  comment: string | null;
  /** Per container: days after the start it was returned (null: out), and its check. */
  returns: { after: number | null; check: 'OK' | 'NeedsRepair'; comment: string | null }[];
}

/** Seeds containers, rentals, their containers, ledger entries and balances. */
export async function seedContainers(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const rng = new Rng(ctx.seed * 4099 + 17);
  const { today } = ctx;
  const container = product('CONT-A');
  const containers = new Bulk('containers', {
    id: 'int',
    serial_number: 'text',
    grai: 'text',
    product_id: 'int',
    location_id: 'int',
    home_location_id: 'int',
    status: 'text',
    note: 'text',
  });
  const rentals = new Bulk('rentals', {
    id: 'int',
    location_id: 'int',
    product_id: 'int',
    quantity: 'int',
    status: 'text',
    start_date: 'date',
    end_date: 'date',
    depot_location_id: 'int',
    comment: 'text',
    registered_by_user_id: 'int',
    created_at: 'timestamptz',
    opened_by_user_id: 'int',
    opened_at: 'timestamptz',
    closed_by_user_id: 'int',
    closed_at: 'timestamptz',
  });
  const rentalContainers = new Bulk('rental_containers', {
    rental_id: 'int',
    container_id: 'int',
    assigned_on: 'date',
    returned_on: 'date',
    return_status: 'text',
    return_comment: 'text',
    returned_by_user_id: 'int',
  });
  const ledger = new Bulk('ledger_entries', {
    product_id: 'int',
    location_id: 'int',
    balance_kind: 'text',
    quantity: 'int',
    source: 'text',
    rental_id: 'int',
    booking_date: 'date',
    created_at: 'timestamptz',
  });
  const staffId = world.demo.admin?.userId ?? world.staffUserIds[0] ?? null;
  const depotOf = (l: SeedLocation) =>
    world.depots.find((d) => d.countryId === l.countryId && d.isDefault) ?? (world.depots[0] as SeedLocation);

  /** A new container homed at `depot`, now at `locationId` (the depot unless out on a rental). */
  const newContainer = (depot: SeedLocation, status: 'OK' | 'NeedsRepair' = 'OK', note: string | null = null, locationId = depot.id) => {
    const id = containers.length + 1;
    const prefix = GRAI_PREFIX[depot.countryId];
    containers.add({
      id,
      serial_number: `NPC-${String(100000 + id * 37).padStart(6, '0')}`,
      grai: prefix ? makeGrai(prefix, String(id).padStart(6, '0')) : null,
      product_id: container.id,
      location_id: locationId,
      home_location_id: depot.id,
      status,
      note,
    });
    return id;
  };
  // Containers waiting at every container-active depot (a few need repair).
  for (const depot of world.depots.filter((d) => d.isContainerActive && d.statusId === 1)) {
    for (let i = rng.int(8, 12); i > 0; i--) {
      const broken = rng.chance(0.1);
      newContainer(depot, broken ? 'NeedsRepair' : 'OK', broken ? 'Bottom board cracked' : null);
    }
  }

  // The rentals: mikko's in every status, then one or two at each other container-active location.
  const plans: PlannedRental[] = [];
  const mikko = world.demo.mikko;
  const mikkoLocation = world.locations.find((l) => l.id === mikko?.locationId);
  if (mikko && mikkoLocation) {
    const ok = (after: number | null) => ({ after, check: 'OK' as const, comment: null });
    plans.push(
      {
        location: mikkoLocation,
        userId: mikko.userId,
        quantity: 4,
        status: 'Closed',
        startDate: addDays(today, -300),
        endDate: addDays(today, -240),
        comment: null,
        returns: [ok(58), ok(58), ok(60), ok(60)],
      },
      {
        location: mikkoLocation,
        userId: mikko.userId,
        quantity: 3,
        status: 'Closed',
        startDate: addDays(today, -120),
        endDate: addDays(today, -60),
        comment: 'Kesäkampanja',
        returns: [ok(60), ok(60), { after: 60, check: 'NeedsRepair', comment: REPAIR_COMMENT }],
      },
      {
        location: mikkoLocation,
        userId: mikko.userId,
        quantity: 4,
        status: 'Open',
        startDate: addDays(today, -40),
        endDate: addDays(today, 20),
        comment: null,
        returns: [ok(30), ok(null), ok(null), ok(null)],
      },
      {
        location: mikkoLocation,
        userId: mikko.userId,
        quantity: 2,
        status: 'Registered',
        startDate: addDays(today, 5),
        endDate: null,
        comment: 'Joulusesonki',
        returns: [],
      },
    );
  }
  const renters = world.locations.filter((l) => l.isContainerActive && !l.isDepot && l.statusId === 1 && l.id !== mikko?.locationId);
  for (const location of renters) {
    const userId = location.userIds[0] ?? null;
    for (let n = rng.int(1, 2); n > 0; n--) {
      const roll = rng.next();
      const status = roll < 0.45 ? 'Closed' : roll < 0.85 ? 'Open' : 'Registered';
      const quantity = rng.int(1, 4);
      const start = status === 'Registered' ? addDays(today, rng.int(1, 20)) : addDays(today, -rng.int(15, 400));
      const length = rng.int(7, 90);
      const closedAfter =
        status === 'Closed' ? Math.min(length, -1 + Math.round((Date.parse(today) - Date.parse(start)) / 86_400_000)) : null;
      plans.push({
        location,
        userId,
        quantity,
        status,
        startDate: start,
        endDate: status === 'Closed' || rng.chance(0.5) ? addDays(start, length) : null,
        comment: null,
        returns:
          status === 'Registered'
            ? []
            : Array.from({ length: quantity }, () => ({ after: closedAfter, check: 'OK' as const, comment: null })),
      });
    }
  }

  // Rentals in start order, so ids follow time.
  plans.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.location.id - b.location.id));
  const post = (rentalId: number, locationId: number, quantity: number, day: string) =>
    ledger.add({
      product_id: container.id,
      location_id: locationId,
      balance_kind: 'pooling',
      quantity,
      source: 'rental',
      rental_id: rentalId,
      booking_date: day,
      created_at: iso(at(day, 9 * 60)),
    });
  for (const plan of plans) {
    const id = rentals.length + 1;
    const depot = depotOf(plan.location);
    const opened = plan.status !== 'Registered';
    const lastReturn = Math.max(0, ...plan.returns.map((r) => r.after ?? 0));
    rentals.add({
      id,
      location_id: plan.location.id,
      product_id: container.id,
      quantity: plan.quantity,
      status: plan.status,
      start_date: plan.startDate,
      end_date: plan.endDate,
      depot_location_id: opened ? depot.id : null,
      comment: plan.comment,
      registered_by_user_id: plan.userId,
      created_at: iso(at(addDays(plan.startDate, opened ? -7 : -2), 10 * 60)),
      opened_by_user_id: opened ? staffId : null,
      opened_at: opened ? iso(at(plan.startDate, 8 * 60)) : null,
      closed_by_user_id: plan.status === 'Closed' ? staffId : null,
      closed_at: plan.status === 'Closed' ? iso(at(addDays(plan.startDate, lastReturn + 1), 9 * 60)) : null,
    });
    if (!opened) continue;
    post(id, depot.id, -plan.returns.length, plan.startDate);
    post(id, plan.location.id, plan.returns.length, plan.startDate);
    const returnedOn = new Map<string, number>();
    for (const r of plan.returns) {
      const back = r.after === null ? null : addDays(plan.startDate, r.after);
      // Out now: at the renting location; back: at the depot with its check.
      const containerId = newContainer(depot, back === null ? 'OK' : r.check, r.comment, back === null ? plan.location.id : depot.id);
      rentalContainers.add({
        rental_id: id,
        container_id: containerId,
        assigned_on: plan.startDate,
        returned_on: back,
        return_status: back === null ? null : r.check,
        return_comment: back === null ? null : r.comment,
        returned_by_user_id: back === null ? null : plan.userId,
      });
      if (back !== null) returnedOn.set(back, (returnedOn.get(back) ?? 0) + 1);
    }
    for (const [day, count] of [...returnedOn.entries()].sort()) {
      post(id, plan.location.id, -count, day);
      post(id, depot.id, count, day);
    }
  }
  await containers.insert(tx);
  await rentals.insert(tx);
  await rentalContainers.insert(tx);
  await ledger.insert(tx);
  await tx.execute(sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity, updated_at)
    SELECT location_id, product_id, balance_kind, sum(quantity)::int, max(created_at) FROM ledger_entries WHERE source = 'rental'
    GROUP BY location_id, product_id, balance_kind ORDER BY location_id, product_id, balance_kind
    ON CONFLICT (location_id, product_id, balance_kind)
    DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = GREATEST(balances.updated_at, excluded.updated_at)`);
  for (const table of ['containers', 'rentals']) await syncSequence(tx, table);
}
