/**
 * Count audits of the demo (Company > Counting; docs/domain.md, "Count audits"), made after the
 * ledger: over the last year a few confirmed counts at several customer locations and at a
 * provider depot, their corrections posted through the real posting (`postCountCorrections`), so
 * the physical balance has data; one count awaiting confirmation at one of kari's locations
 * (Fjordland Dagligvare); one rejected with the provider's comment. Counts are registered by the
 * customer's admin (at a depot by provider staff) and decided by other provider staff, in date
 * order, as the rules demand. A generator of its own keeps the rest of the demo data unchanged.
 */
import { correctionBalanceKind } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { alertCountDecision } from '../counting/count-audit-alert.js';
import { countFigures } from '../counting/count-figures.js';
import { postCountCorrections } from '../counting/post-count-corrections.js';
import { addDays, at, iso, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import { Rng } from './random.js';

interface PlannedCount {
  location: SeedLocation;
  daysAgo: number;
  status: 'registered' | 'confirmed' | 'rejected';
  registeredBy: number;
  decidedBy: number | null;
  comment?: string;
}

/** Why the provider sent a count back, in the counted location's language. */
const rejections: Record<string, string> = {
  NO: 'Tellingen ser ut til å mangle pallene på uteområdet (ca. 3 stabler). Tell hele lageret på nytt og registrer tellingen igjen.',
  SE: 'Inventeringen verkar sakna pallarna på gården (ca. 3 staplar). Räkna hela lagret igen och registrera inventeringen på nytt.',
  DK: 'Optællingen ser ud til at mangle pallerne i gården (ca. 3 stakke). Tæl hele lageret igen, og registrér optællingen på ny.',
  FI: 'Inventaariosta näyttävät puuttuvan piha-alueen lavat (noin 3 pinoa). Laske koko varasto uudelleen ja kirjaa inventaario uudestaan.',
};

export async function seedCountAudits(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const rng = new Rng(ctx.seed * 6151 + 29);
  const admin = world.demo.admin?.userId;
  const kari = world.demo.kari?.userId;
  const fjordland = world.customers.find((c) => c.name === 'Fjordland Dagligvare AS');
  if (!admin || !kari || !fjordland) return;
  const staff = world.staffUserIds.filter((id) => id !== admin);
  const decider = () => rng.pick([admin, ...staff]);
  const customerAdmins = new Map(
    (
      await rows<{ customerId: number; userId: number }>(
        tx,
        sql`SELECT customer_id AS "customerId", min(id) AS "userId" FROM users WHERE is_customer_admin AND is_active GROUP BY customer_id`,
      )
    ).map((a) => [Number(a.customerId), Number(a.userId)]),
  );

  const plan: PlannedCount[] = [];
  const kariLocations = fjordland.locations.filter((l) => l.statusId === 1).sort((a, b) => a.id - b.id);
  const [home, second] = [
    kariLocations.find((l) => l.id === world.demo.kari?.locationId) ?? kariLocations[0],
    kariLocations.find((l) => l.id !== world.demo.kari?.locationId),
  ];
  if (home) {
    plan.push({ location: home, daysAgo: 300, status: 'confirmed', registeredBy: kari, decidedBy: decider() });
    plan.push({ location: home, daysAgo: 120, status: 'confirmed', registeredBy: kari, decidedBy: decider() });
    plan.push({ location: home, daysAgo: 20, status: 'rejected', registeredBy: kari, decidedBy: admin, comment: rejections.NO });
  }
  if (second) {
    plan.push({ location: second, daysAgo: 200, status: 'confirmed', registeredBy: kari, decidedBy: decider() });
    plan.push({ location: second, daysAgo: 4, status: 'registered', registeredBy: kari, decidedBy: null });
  }
  // A few other customers with an admin, one active location each.
  const others = world.customers.filter((c) => c !== world.provider && c !== fjordland && customerAdmins.has(c.id));
  for (const customer of others.filter(() => rng.chance(0.35)).slice(0, 6)) {
    const location = customer.locations.find((l) => l.statusId === 1);
    const registeredBy = customerAdmins.get(customer.id);
    if (!location || !registeredBy) continue;
    for (const daysAgo of rng.chance(0.5) ? [rng.int(200, 350), rng.int(30, 150)] : [rng.int(30, 350)])
      plan.push({ location, daysAgo, status: 'confirmed', registeredBy, decidedBy: decider() });
  }
  // The provider counts its own depot too: registered by depot staff, decided by someone else.
  const depot = world.depots.find((d) => d.statusId === 1 && d.isDefault && d.countryId === 'NO');
  if (depot && staff[0]) plan.push({ location: depot, daysAgo: 60, status: 'confirmed', registeredBy: staff[0], decidedBy: admin });

  // In date order: a count never goes before a confirmed later one (later-count.ts).
  plan.sort((a, b) => b.daysAgo - a.daysAgo || a.location.id - b.location.id);
  for (const count of plan) await seedCount(tx, ctx, rng, count);
}

/** Writes one planned count: registered with counts near the ledger balance, then decided as planned. */
async function seedCount(tx: Tx, ctx: SeedContext, rng: Rng, count: PlannedCount): Promise<void> {
  const date = addDays(ctx.today, -count.daysAgo);
  const stocked = await rows<{ productId: number }>(
    tx,
    sql`SELECT product_id AS "productId" FROM balances WHERE location_id = ${count.location.id} AND balance_kind IN ('pooling', 'commission')
        GROUP BY product_id HAVING sum(quantity) > 0 ORDER BY sum(quantity) DESC, product_id LIMIT 4`,
  );
  const productIds = stocked.map((h) => Number(h.productId));
  if (productIds.length === 0) return;
  const figures = await countFigures(tx, count.location.id, date, productIds);
  // What the correction's balance kind holds now: a shortfall never takes it below zero (the
  // demo's locations hold their pool's carriers; docs/domain.md, "Opening balances").
  const held = new Map(
    (
      await rows<{ productId: number; quantity: number }>(
        tx,
        sql`SELECT product_id AS "productId", quantity FROM balances
            WHERE location_id = ${count.location.id} AND balance_kind = ${correctionBalanceKind(count.location)}`,
      )
    ).map((b) => [Number(b.productId), Number(b.quantity)]),
  );
  const lines = productIds.map((productId) => {
    const f = figures.get(productId) ?? { balance: 0, inbound: 0, outbound: 0 };
    // Most counts find a few carriers more or fewer than booked; some match exactly.
    const spread = Math.max(1, Math.round(Math.abs(f.balance) * 0.03));
    const deviation = rng.chance(0.35) ? 0 : Math.max(rng.int(-spread, spread), -Math.max(0, held.get(productId) ?? 0));
    return { productId, counted: Math.max(0, f.balance + deviation), ...f };
  });
  const registeredAt = at(addDays(date, 1), 8 * 60 + rng.int(0, 240));
  const decidedAt = Math.min(registeredAt + rng.int(2, 50) * 3_600_000, ctx.now - 3_600_000);
  const [audit] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO count_audits (location_id, count_date, status, registered_by_user_id, registered_at)
        VALUES (${count.location.id}, ${date}::date, 'registered', ${count.registeredBy}, ${iso(Math.min(registeredAt, ctx.now - 7_200_000))})
        RETURNING id`,
  );
  const auditId = Number(audit?.id);
  await tx.execute(sql`INSERT INTO count_audit_lines (audit_id, product_id, counted_quantity, balance, inbound, outbound)
    VALUES ${sql.join(
      lines.map((l) => sql`(${auditId}, ${l.productId}, ${l.counted}, ${l.balance}, ${l.inbound}, ${l.outbound})`),
      sql`, `,
    )}`);
  if (count.status === 'registered' || count.decidedBy === null) return;
  const touched = count.status === 'confirmed' ? await postCountCorrections(tx, auditId) : [];
  await tx.execute(sql`UPDATE count_audits SET status = ${count.status}, decided_by_user_id = ${count.decidedBy},
    decided_at = ${iso(decidedAt)}, comment = ${count.comment ?? null} WHERE id = ${auditId}`);
  // Recent decisions reach the location's bell; older ones were read long ago.
  if (count.daysAgo <= 30)
    await alertCountDecision(tx, {
      auditId,
      locationId: count.location.id,
      locationName: count.location.name,
      date,
      confirmed: count.status === 'confirmed',
      corrections: touched.length,
      comment: count.comment ?? null,
      at: iso(decidedAt),
    });
}
