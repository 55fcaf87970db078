/**
 * About `count` orders over the two years up to today, with their lines, status history,
 * comments and (for received orders) ledger entries. Ids are assigned here (1..n, roughly
 * in send-date order) so that lines, history and ledger can refer to them; everything goes
 * in with bulk inserts.
 */
import { balanceKindFor, type Country } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { syncSequence } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { addDays, at, daysBetween, iso, type SeedContext, type SeedExternal, type SeedLocation, type SeedWorld } from './context.js';
import { demoUsers } from './demo-users.js';
import { type LedgerBulk, newOrderBulks } from './order-bulks.js';
import { describeOrder, type LineInfo } from './order-details.js';
import { buildPath, chooseStatus, type FlowOptions, type OrderKind, possibleStatuses } from './order-flow.js';
import { addStatusHistory } from './order-history.js';
import { forcedKind, planOrders } from './order-plans.js';
import { OpenDays, Parties, pickProducts, productChoices } from './parties.js';
import { products } from './reference.js';

const HOUR = 3_600_000;
/** Orders generated between two bulk writes. */
const BATCH = 25_000;
const typeOf: Record<OrderKind, 1 | 2 | 3> = { purchase: 1, sale: 2, delivery: 3, return: 3 };
const productById = new Map(products.map((p) => [p.id, p]));

/**
 * Makes `count` orders (ids 1..count) with their lines, history and comments, collects the
 * ledger entries of the received ones in `ledger` (written with the orders), and links each
 * replaced order to its replacement. `closures`: the provider's closed days per country.
 */
export async function seedOrders(
  tx: Tx,
  ctx: SeedContext,
  world: SeedWorld,
  count: number,
  ledger: LedgerBulk,
  closures: Map<Country, Set<string>>,
): Promise<void> {
  const { rng } = ctx;
  const demoLocations = demoUsers.map((d) => world.locations.find((l) => l.name === d.locationName) as SeedLocation);
  const kari = demoLocations[1] as SeedLocation;
  const parties = new Parties(world, new Set(demoLocations.map((l) => l.id)), kari.customerId);
  const openDays = new OpenDays(ctx, -760, 40, closures);
  const customerById = new Map(world.customers.map((c) => [c.id, c]));
  const userFor = (l: SeedLocation | null): number | null => {
    if (!l) return null;
    if (l.userIds.length > 0) return rng.pick(l.userIds);
    if (l.isDepot) return rng.pick(world.staffUserIds);
    const users = customerById.get(l.customerId)?.userIds ?? [];
    return users.length > 0 ? rng.pick(users) : null;
  };

  const kariLocations = world.locations.filter((l) => l.customerId === kari.customerId && l.statusId === 1);
  const plans = planOrders(ctx, count, demoLocations, kariLocations);
  const { orders, lines, history, orderComments } = newOrderBulks();
  const replaced: { id: number; key: string }[] = [];
  const flush = async () => {
    await orders.insert(tx);
    await lines.insert(tx);
    await history.insert(tx);
    await orderComments.insert(tx);
    await ledger.insert(tx);
  };
  const idsByPair = new Map<string, number[]>();

  for (const [index, plan] of plans.entries()) {
    const id = index + 1;
    let actor = plan.actor ?? parties.actors.pick(rng);
    for (let tries = 0; actor.statusId !== 1 && plan.offset > -150 && tries < 20; tries++) actor = parties.actors.pick(rng);
    let kind = plan.status === undefined ? parties.kindFor(rng, actor) : forcedKind(actor, plan.status);
    let from: SeedLocation;
    let to: SeedLocation | null;
    let external: SeedExternal | null = null;
    const sortingWanted = plan.status !== undefined && [9, 10, 12, 13, 14].includes(plan.status);
    if (kind === 'delivery') {
      const externals = !actor.isPooling && actor.isCommission ? parties.externalsOf(actor) : [];
      const partner = externals.length > 0 && rng.chance(0.25) ? null : parties.partnerOf(rng, actor);
      if (!partner && externals.length > 0) external = rng.pick(externals);
      if (!partner && !external) kind = 'purchase';
      [from, to] = [actor, partner];
    } else if (kind === 'inbound') {
      const sender = parties.senderTo(rng, actor);
      kind = sender ? 'delivery' : 'purchase';
      [from, to] = [sender ?? actor, actor];
    } else [from, to] = [actor, null];
    if (kind === 'purchase') [from, to] = [parties.depotFor(rng, actor), actor];
    if (kind === 'sale') [from, to] = [actor, sortingWanted ? parties.sortingDepotFor(rng, actor) : parties.depotFor(rng, actor)];
    if (kind === 'return') [from, to] = [actor, parties.sortingDepotFor(rng, actor)];

    const flow: FlowOptions = {
      kind,
      sorting: (kind === 'sale' || kind === 'return') && !!to?.isSortingDepot,
      confirms: !!to && !to.isDepot && !to.autoCommit,
      external: !to,
    };
    const dateSend = openDays.nextOpen(from.countryId, plan.offset);
    const age = daysBetween(dateSend, ctx.today);
    const possible = possibleStatuses(flow);
    const status = plan.status !== undefined && possible.includes(plan.status) ? plan.status : chooseStatus(rng, age, possible);
    const path = buildPath(rng, flow, status);

    // Lines: whole stacks ordered; picked (sent) and delivered quantities where reached.
    const sent = path.includes(3) || (typeOf[kind] === 3 && path.includes(4));
    const disputed = path.includes(6) || path.includes(14);
    const lineInfos: LineInfo[] = pickProducts(rng, productChoices(from, to)).map((productId, i) => {
      const p = productById.get(productId) as (typeof products)[number];
      const stacks = p.isContainer ? rng.int(1, 6) : Math.max(1, Math.round(rng.next() ** 2.2 * (i === 0 ? 33 : 12)));
      const ordered = stacks * p.qtyHeight;
      let picked: number | null = null;
      if (sent) picked = rng.chance(0.85) ? ordered : Math.max(p.qtyHeight, ordered + (rng.chance(0.5) ? 1 : -1) * p.qtyHeight);
      let delivered: number | null = null;
      if (status === 5 || status === 6) {
        const base = picked ?? ordered;
        delivered = disputed && base > 1 ? base - rng.int(1, Math.min(12, base - 1)) : base;
      }
      return { product: p, ordered, picked, delivered };
    });

    // Dates and the instant of each step.
    const transit = rng.weighted([
      [0, 35],
      [1, 45],
      [2, 15],
      [3, 5],
    ] as const);
    let arriveDate = addDays(dateSend, transit);
    const weekday = new Date(`${arriveDate}T00:00:00Z`).getUTCDay();
    if (weekday === 6 || weekday === 0) arriveDate = addDays(arriveDate, weekday === 6 ? 2 : 1);
    const yesterday = addDays(ctx.today, -1);
    if (arriveDate > yesterday) arriveDate = [dateSend, yesterday].sort()[1] as string;
    const pickupDate =
      typeOf[kind] !== 3 && rng.chance(0.3) ? openDays.nextOpen(from.countryId, -daysBetween(addDays(dateSend, -3), ctx.today)) : dateSend;
    const datePickup = [pickupDate, dateSend].sort()[0] as string;
    const ordering = typeOf[kind] !== 3;
    let created = ordering
      ? at(addDays(dateSend, -rng.int(1, 10)), rng.int(7 * 60, 16 * 60))
      : path[0] === 0
        ? at(addDays(dateSend, -rng.int(0, 3)), rng.int(7 * 60, 12 * 60))
        : at(dateSend, rng.int(6 * 60, 14 * 60));
    created = Math.min(created, ctx.now - rng.int(1, 36) * HOUR);
    const customerSide = kind === 'purchase' ? to : from;
    const creator = userFor(customerSide);
    const days = {
      send: at(dateSend, 0),
      pickup: at(datePickup, 0),
      arrive: at(arriveDate, 0),
      receptionDays: to?.receptionDays ?? 5,
      returnDays: to?.returnDays ?? 5,
    };
    const finalAt = addStatusHistory(history, ctx, world, { id, path, flow, from, to, days, created, creator, userFor });

    for (const l of lineInfos) {
      lines.add({
        order_id: id,
        product_id: l.product.id,
        quantity_ordered: l.ordered,
        quantity_picked: l.picked,
        quantity_delivered: l.delivered,
        // The return choice of a return (an order to a sorting depot): most carriers come back.
        shall_return: to?.isSortingDepot ? rng.chance(0.9) : null,
      });
    }
    const balanceKind = balanceKindFor(from, to);
    if (status === 5) {
      const bookingDate = arriveDate;
      for (const l of lineInfos) {
        const quantity = l.delivered ?? l.picked ?? l.ordered;
        if (quantity === 0) continue;
        const base = {
          order_id: id,
          product_id: l.product.id,
          balance_kind: balanceKind,
          source: 'order',
          booking_date: bookingDate,
          created_at: iso(finalAt),
        };
        ledger.add({ ...base, location_id: from.id, quantity: -quantity });
        if (to) ledger.add({ ...base, location_id: to.id, quantity });
      }
    }
    let commentCount = 0;
    if (rng.chance(0.02) && path.length > 1) {
      commentCount = rng.int(1, 2);
      for (let c = 0; c < commentCount; c++) {
        orderComments.add({
          order_id: id,
          user_id: userFor(c === 0 ? to : from) ?? rng.pick(world.staffUserIds),
          text: rng.pick([
            'Please confirm the pickup time.',
            'Two stacks were damaged on arrival, photo attached to the case.',
            'Driver arrives after lunch.',
            'Quantities checked against the waybill.',
          ]),
          created_at: iso(Math.min(ctx.now, created + rng.int(1, 48) * HOUR)),
        });
      }
    }
    // A replaced order points to the next order of the same customer location (see below).
    const key = String((customerSide ?? from).id);
    const pairIds = idsByPair.get(key) ?? [];
    pairIds.push(id);
    idsByPair.set(key, pairIds);
    if (status === 8) replaced.push({ id, key });

    orders.add({
      id,
      transaction_type_id: typeOf[kind],
      transaction_status_id: status,
      location_id_from: from.id,
      location_id_to: to?.id ?? null,
      external_location_id_to: external?.id ?? null,
      customer_group_from: from.customerGroup,
      customer_group_to: to?.customerGroup ?? null,
      date_pickup: datePickup,
      date_send: dateSend,
      date_receive: path.some((s) => [5, 6, 9, 10, 11, 12, 13, 14].includes(s)) ? arriveDate : null,
      auto_commit: !!to?.autoCommit,
      reception_days: to?.receptionDays ?? null,
      return_days: to?.returnDays ?? null,
      is_receiver_registered: !!to,
      created_by_user_id: creator ?? (ordering ? rng.pick(world.staffUserIds) : null),
      created_at: iso(created),
      updated_at: iso(finalAt),
      version: path.length,
      quantity_total: lineInfos.reduce((s, l) => s + l.ordered, 0),
      weight_grams: lineInfos.reduce((s, l) => s + l.ordered * l.product.tareGrams, 0),
      comment_count: commentCount,
      ...describeOrder(rng, {
        kind,
        from,
        to,
        path,
        status,
        lines: lineInfos,
        balanceKind,
        currency: (customerSide ?? from).currency,
        dateSend,
        world,
      }),
    });
    // Written in batches, so that memory stays flat however many orders there are.
    if ((index + 1) % BATCH === 0) await flush();
  }

  await flush();
  // A replaced order points to the next order of the same customer location.
  const replacedIds: number[] = [];
  const targets: number[] = [];
  for (const { id, key } of replaced) {
    const next = firstAfter(idsByPair.get(key) ?? [], id);
    if (next) {
      replacedIds.push(id);
      targets.push(next);
    }
  }
  await tx.execute(sql`UPDATE orders o SET replaced_by_order_id = t.target
    FROM unnest(${sql.param(replacedIds)}::bigint[], ${sql.param(targets)}::bigint[]) AS t(id, target) WHERE o.id = t.id`);
  for (const table of ['orders', 'order_lines', 'order_status_history', 'order_comments']) await syncSequence(tx, table);
}

/** The first id in an ascending list that is greater than `id`. */
function firstAfter(ids: readonly number[], id: number): number | undefined {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ids[mid] as number) <= id) lo = mid + 1;
    else hi = mid;
  }
  return ids[lo];
}
