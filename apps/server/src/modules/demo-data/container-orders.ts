/**
 * Container orders of the demo (issue 11, "Container orders"; docs/container-orders.md): mikko's
 * location (Pohjolan Tukku Vantaa) has orders in every status with their history: two Open (one
 * with a reference), one Confirmed, one Delivered that registered its rental (status Registered,
 * no containers yet: the provider opens it by assigning some), one cancelled by mikko and one
 * cancelled by the provider with a reason; two other container-active locations have an Open and
 * a Confirmed one. No order moves the ledger. Dated from `today`, so the data stays deterministic.
 */
import type { Country } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { rows, sql, type Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';

type Status = 'Open' | 'Confirmed' | 'Delivered' | 'Cancelled';

interface PlannedOrder {
  locationId: number;
  countryId: Country;
  orderedBy: number | null;
  quantity: number;
  /** Days before today it was ordered; each later step a day after the one before. */
  orderedDaysAgo: number;
  /** Wanted: the first open day this many days from the ordered day. */
  wantedAfter: number;
  reference: string | null;
  comment: string | null;
  /** The steps after Open, each by whom and with what comment. */
  steps: { to: Status; by: number; comment?: string }[];
}

/** The provider's reason for cancelling a confirmed order, in the location's language. */
const providerCancel: Record<Country, string> = {
  NO: 'Ingen ledige containere på depotet denne uken. Bestill gjerne på nytt til neste uke.',
  SE: 'Inga lediga containrar på depån den här veckan. Beställ gärna igen till nästa vecka.',
  DK: 'Ingen ledige containere på depotet i denne uge. Bestil gerne igen til næste uge.',
  FI: 'Varastolla ei ole vapaita kontteja tällä viikolla. Tilaa mielellään uudelleen ensi viikolle.',
};

export async function seedContainerOrders(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const admin = world.demo.admin?.userId;
  const mikko = world.demo.mikko;
  if (!admin || !mikko) return;
  const [product] = await rows<{ id: number }>(
    tx,
    sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE ct.is_container AND p.active ORDER BY p.id LIMIT 1`,
  );
  if (!product) return;
  const staff = world.staffUserIds.find((id) => id !== admin) ?? admin;
  const home = world.locations.find((l) => l.id === mikko.locationId);
  if (!home) return;
  const others = world.locations
    .filter((l) => l.isContainerActive && !l.isDepot && l.statusId === 1 && l.customerId !== home.customerId && l.userIds.length > 0)
    .sort((a, b) => a.id - b.id)
    .slice(0, 2);

  const mine = (o: Omit<PlannedOrder, 'locationId' | 'countryId' | 'orderedBy'>): PlannedOrder => ({
    ...o,
    locationId: home.id,
    countryId: home.countryId,
    orderedBy: mikko.userId,
  });
  const plan: PlannedOrder[] = [
    mine({
      quantity: 6,
      orderedDaysAgo: 40,
      wantedAfter: 5,
      reference: null,
      comment: null,
      steps: [{ to: 'Cancelled', by: mikko.userId, comment: 'Tilattu vahingossa kahteen kertaan.' }],
    }),
    mine({
      quantity: 10,
      orderedDaysAgo: 30,
      wantedAfter: 7,
      reference: 'PT-2291',
      comment: null,
      steps: [
        { to: 'Confirmed', by: staff },
        { to: 'Cancelled', by: admin, comment: providerCancel.FI },
      ],
    }),
    mine({
      quantity: 4,
      orderedDaysAgo: 21,
      wantedAfter: 5,
      reference: 'PT-2317',
      comment: 'Toimitus lastauslaiturille 3.',
      steps: [
        { to: 'Confirmed', by: admin },
        { to: 'Delivered', by: admin },
      ],
    }),
    mine({ quantity: 5, orderedDaysAgo: 6, wantedAfter: 8, reference: 'PT-2350', comment: null, steps: [{ to: 'Confirmed', by: staff }] }),
    mine({ quantity: 2, orderedDaysAgo: 3, wantedAfter: 9, reference: 'PT-2364', comment: 'Kesäkampanjaa varten.', steps: [] }),
    mine({ quantity: 8, orderedDaysAgo: 1, wantedAfter: 10, reference: null, comment: null, steps: [] }),
  ];
  others.forEach((location, i) => {
    plan.push({
      locationId: location.id,
      countryId: location.countryId,
      orderedBy: location.userIds[0] ?? null,
      quantity: 3 + i * 3,
      orderedDaysAgo: 4 + i * 5,
      wantedAfter: 10,
      reference: null,
      comment: null,
      steps: i === 0 ? [] : [{ to: 'Confirmed', by: staff }],
    });
  });

  for (const order of plan) {
    const orderedOn = addDays(ctx.today, -order.orderedDaysAgo);
    const wantedDate = nextOpenDay(addDays(orderedOn, order.wantedAfter), order.countryId);
    const stepAt = (n: number) => iso(at(addDays(orderedOn, n), 8 * 60 + 15 + n * 47));
    const last = order.steps.at(-1);
    const status: Status = last?.to ?? 'Open';
    const updatedAt = stepAt(order.steps.length);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO container_orders (location_id, status, quantity, product_id, wanted_date, reference, comment, ordered_by_user_id,
            created_at, updated_at)
          VALUES (${order.locationId}, ${status}, ${order.quantity}, ${product.id}, ${wantedDate}::date, ${order.reference},
            ${order.comment}, ${order.orderedBy}, ${stepAt(0)}::timestamptz, ${updatedAt}::timestamptz)
          RETURNING id`,
    );
    const id = Number(row?.id);
    await tx.execute(sql`INSERT INTO container_order_history (container_order_id, from_status, to_status, user_id, comment, created_at)
      VALUES (${id}, NULL, 'Open', ${order.orderedBy}, ${order.comment}, ${stepAt(0)}::timestamptz)`);
    let from: Status = 'Open';
    for (const [index, step] of order.steps.entries()) {
      await tx.execute(sql`INSERT INTO container_order_history (container_order_id, from_status, to_status, user_id, comment, created_at)
        VALUES (${id}, ${from}, ${step.to}, ${step.by}, ${step.comment ?? null}, ${stepAt(index + 1)}::timestamptz)`);
      from = step.to;
    }
    if (status === 'Delivered') {
      const [rental] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO rentals (location_id, product_id, quantity, status, start_date, registered_by_user_id, created_at)
            VALUES (${order.locationId}, ${product.id}, ${order.quantity}, 'Registered', ${wantedDate}::date,
              ${order.orderedBy}, ${updatedAt}::timestamptz)
            RETURNING id`,
      );
      await tx.execute(sql`UPDATE container_orders SET rental_id = ${Number(rental?.id)} WHERE id = ${id}`);
    }
  }
}
