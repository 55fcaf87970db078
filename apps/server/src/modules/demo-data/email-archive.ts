/**
 * The email archive of the demo (Company > Email archive; docs/company-external-archive.md): the
 * mails the portal would have sent over the last 90 days, rendered by the portal's own mail code
 * (`mailOrderEvents`: order confirmations, purchases and returns to the ordering location;
 * `mailStockLevelCrossings`: stock-level warnings to the users who want them), so every topic,
 * receiving customer, user and location the filters offer has mails. Most are sent, a few failed
 * after three attempts, the newest are still only stored. kari's customer (Fjordland Dagligvare)
 * gets a good share. A generator of its own keeps the rest of the demo data unchanged.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { mailStockLevelCrossings } from '../balance/stock-level-mail.js';
import { mailOrderEvents } from '../mail/order-mail.js';
import { addDays, iso, type SeedContext, type SeedWorld } from './context.js';
import { Rng } from './random.js';

const DAY = 86_400_000;

export async function seedEmailArchive(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const rng = new Rng(ctx.seed * 7919 + 31);
  const fjordland = world.customers.find((c) => c.name === 'Fjordland Dagligvare AS');
  const since = addDays(ctx.today, -90);
  // Purchases and returns (types 1 and 2) of the last 90 days: kari's customer's and others'.
  const orders = await rows<{ id: number; status: number; own: boolean }>(
    tx,
    sql`SELECT o.id, o.transaction_status_id AS status, l.customer_id = ${fjordland?.id ?? 0} AS own
        FROM orders o JOIN locations l ON l.id = CASE WHEN o.transaction_type_id = 1 THEN o.location_id_to ELSE o.location_id_from END
        WHERE o.transaction_type_id IN (1, 2) AND o.date_send >= ${since}::date AND o.transaction_status_id >= 1
        ORDER BY o.id`,
  );
  const own = orders.filter((o) => o.own).slice(-25);
  const others = orders.filter((o) => !o.own && rng.chance(0.15)).slice(-120);
  const events = [...own, ...others].flatMap((o) => [
    { orderId: Number(o.id), toStatus: 1 },
    ...(Number(o.status) >= 2 ? [{ orderId: Number(o.id), toStatus: 2 }] : []),
  ]);
  const ids = await mailOrderEvents(tx, events);

  // Stock-level warnings at kari's customer's locations with levels set.
  const levels = await rows<{ locationId: number; productId: number; lower: number | null; upper: number | null }>(
    tx,
    sql`SELECT s.location_id AS "locationId", s.product_id AS "productId", s.lower_level AS lower, s.upper_level AS upper
        FROM stock_levels s JOIN locations l ON l.id = s.location_id
        WHERE l.customer_id = ${fjordland?.id ?? 0} AND s.lower_level IS NOT NULL ORDER BY s.location_id, s.product_id LIMIT 3`,
  );
  const before = Number((await rows<{ id: number }>(tx, sql`SELECT COALESCE(max(id), 0) AS id FROM email_archive`))[0]?.id ?? 0);
  await mailStockLevelCrossings(
    tx,
    levels.map((s) => ({
      locationId: Number(s.locationId),
      productId: Number(s.productId),
      crossing: 'below' as const,
      balance: Math.max(0, Number(s.lower) - 5),
      lowerLevel: s.lower === null ? null : Number(s.lower),
      upperLevel: s.upper === null ? null : Number(s.upper),
    })),
    addDays(ctx.today, -3),
  );
  const stock = await rows<{ id: number }>(tx, sql`SELECT id FROM email_archive WHERE id > ${before} ORDER BY id`);

  // Written when the order was placed (a purchase or return) or a day later (its confirmation),
  // never after the start of today; the stock-level warnings three days ago. Then, in the
  // order written: the newest few still stored, some failed, the rest sent a minute later.
  const all = [...ids, ...stock.map((s) => Number(s.id))];
  if (all.length === 0) return;
  const idList = sql`${`{${all.join(',')}}`}::bigint[]`;
  await tx.execute(
    sql`UPDATE email_archive e SET created_at = LEAST(
          COALESCE(o.created_at + CASE WHEN e.topic = 'orderConfirmation' THEN interval '20 hours' ELSE interval '2 minutes' END,
            ${iso(ctx.now - 3 * DAY)}::timestamptz + (e.id % 600) * interval '1 minute'),
          ${iso(ctx.now)}::timestamptz)
        FROM email_archive m LEFT JOIN orders o ON o.id = m.order_id
        WHERE m.id = e.id AND e.id = ANY(${idList})`,
  );
  const written = await rows<{ id: number }>(tx, sql`SELECT id FROM email_archive WHERE id = ANY(${idList}) ORDER BY created_at, id`);
  const updates = written.map(({ id }, index) => {
    const status = index >= written.length - 4 ? 'stored' : rng.chance(0.08) ? 'failed' : 'sent';
    return {
      id: Number(id),
      status,
      attempts: status === 'stored' ? 0 : status === 'failed' ? 3 : 1,
      last_error: status === 'failed' ? '550 5.1.1 Mailbox unavailable' : null,
    };
  });
  await tx.execute(
    sql`UPDATE email_archive e SET status = u.status, attempts = u.attempts, last_error = u.last_error,
          attempted_at = CASE WHEN u.status = 'stored' THEN NULL ELSE e.created_at + interval '1 minute' END,
          sent_at = CASE WHEN u.status = 'sent' THEN e.created_at + interval '1 minute' END
        FROM jsonb_populate_recordset(NULL::email_archive, ${JSON.stringify(updates)}::jsonb) u
        WHERE e.id = u.id`,
  );
}
