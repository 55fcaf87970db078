/**
 * Support cases of the demo (issue 10, "Support"; docs/support.md): a handful of cases across the
 * demo customers in every status, with comments (one internal note), history and files, and the
 * provider's answer templates in several languages and categories:
 * - lise (Swedish returns-scheme store): an Open case about a broken crate with a photo, answered by
 *   the provider; her colleague at another store of the same customer has one she must not see;
 *   lise follows her location's cases ("support (location)");
 * - ole (Norwegian brewery): a Pending case about one of his orders, with an internal comment and
 *   an internal note he must not see;
 * - kari (Norwegian wholesaler, customer admin): a New case, one Closed 5 days ago and one Archived;
 * - mikko (Finnish dispatch): a New case of High priority.
 * The answer templates: support-templates.ts.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';
import { demoPhoto } from './demo-photo.js';
import { seedSupportTemplates } from './support-templates.js';

interface PlannedCase {
  user: number;
  customerId: number;
  locationId: number | null;
  orderId?: number | null;
  topic: string;
  category: string;
  description: string;
  priority: 'Low' | 'Normal' | 'High';
  status: 'New' | 'Open' | 'Pending' | 'Closed' | 'Archived';
  daysAgo: number;
  assigned?: number | null;
  internalNote?: string;
  closedDaysAgo?: number;
  comments?: { user: number; text: string; internal?: boolean; daysAgo: number }[];
  photo?: boolean;
}

/** Writes the demo's support cases and answer templates; nothing without the demo users (`world.demo`). */
export async function seedSupport(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const { admin, kari, ole, lise, mikko } = world.demo;
  if (!admin || !kari || !ole || !lise || !mikko) return;
  const customerOf = async (userId: number) =>
    Number((await rows<{ c: number }>(tx, sql`SELECT customer_id AS c FROM users WHERE id = ${userId}`))[0]?.c);
  const staff = world.staffUserIds.find((id) => id !== admin.userId) ?? admin.userId;
  const lisesCustomer = await customerOf(lise.userId);
  // lise follows the cases of her store (spec section 6, "support (location)").
  await tx.execute(sql`UPDATE users SET support_location = true WHERE id = ${lise.userId}`);
  const [colleague] = await rows<{ userId: number; locationId: number }>(
    tx,
    sql`SELECT u.id AS "userId", u.location_id AS "locationId" FROM users u
        WHERE u.customer_id = ${lisesCustomer} AND u.id <> ${lise.userId} AND u.location_id <> ${lise.locationId} AND u.is_active
        ORDER BY u.id LIMIT 1`,
  );
  const [otherStore] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM locations WHERE customer_id = ${lisesCustomer} AND id <> ${lise.locationId} ORDER BY id LIMIT 1`,
  );
  const [olesOrder] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM orders WHERE (location_id_from = ${ole.locationId} OR location_id_to = ${ole.locationId})
          AND transaction_status_id = 5 ORDER BY id DESC LIMIT 1`,
  );

  const plan: PlannedCase[] = [
    {
      user: lise.userId,
      customerId: lisesCustomer,
      locationId: lise.locationId,
      topic: 'Trasig back i senaste leveransen',
      category: 'delivery',
      description: 'En av de blå backarna i leveransen i tisdags var sprucken i botten. Se bifogat foto. Hur gör vi med den?',
      priority: 'Normal',
      status: 'Open',
      daysAgo: 3,
      assigned: admin.userId,
      photo: true,
      comments: [
        {
          user: admin.userId,
          text: 'Tack för bilden! Ställ backen åt sidan så tar chauffören med den vid nästa hämtning. Den krediteras er.',
          daysAgo: 2,
        },
        { user: admin.userId, text: 'Kreditering noterad hos lagret i Uppsala.', internal: true, daysAgo: 2 },
      ],
    },
    ...(colleague
      ? [
          {
            user: colleague.userId,
            customerId: lisesCustomer,
            locationId: otherStore ? Number(otherStore.id) : Number(colleague.locationId),
            topic: 'Fel antal pallar på fakturan',
            category: 'invoice',
            description: 'Fakturan för förra månaden visar 12 pallar för mycket.',
            priority: 'Low' as const,
            status: 'New' as const,
            daysAgo: 1,
          },
        ]
      : []),
    {
      user: ole.userId,
      customerId: await customerOf(ole.userId),
      locationId: ole.locationId,
      orderId: olesOrder ? Number(olesOrder.id) : null,
      topic: 'Mottatt antall stemmer ikke',
      category: 'order',
      description: 'Vi fikk 4 paller færre enn bestilt på denne ordren. Kan dere sjekke pakklisten?',
      priority: 'High',
      status: 'Pending',
      daysAgo: 6,
      assigned: staff,
      internalNote: 'Sjåføren bekrefter 4 manglende paller; kreditt venter på godkjenning fra økonomi.',
      comments: [
        { user: staff, text: 'Vi sjekker med sjåføren. Har dere fraktbrevet med signatur?', daysAgo: 5 },
        { user: staff, text: 'Sjåføren bekrefter avviket – ikke nevn kreditt før økonomi har godkjent.', internal: true, daysAgo: 4 },
      ],
    },
    {
      user: kari.userId,
      customerId: await customerOf(kari.userId),
      locationId: kari.locationId,
      topic: 'Ønsker flere EUR-paller neste uke',
      category: 'product',
      description: 'Kan vi få 3 ekstra stabler EUR-paller levert til Alnabru før fredag?',
      priority: 'Normal',
      status: 'New',
      daysAgo: 0,
    },
    {
      user: kari.userId,
      customerId: await customerOf(kari.userId),
      locationId: kari.locationId,
      topic: 'Tilgang for ny medarbeider',
      category: 'account',
      description: 'Hvordan gir jeg en ny lagermedarbeider tilgang til mottak?',
      priority: 'Low',
      status: 'Closed',
      daysAgo: 10,
      closedDaysAgo: 5,
      assigned: admin.userId,
      comments: [{ user: admin.userId, text: 'Under Mitt firma > Brukere velger du «Ny bruker» og krysser av for Mottak.', daysAgo: 6 }],
    },
    {
      user: kari.userId,
      customerId: await customerOf(kari.userId),
      locationId: kari.locationId,
      topic: 'Saldo stemte ikke etter telling',
      category: 'balance',
      description: 'Saldoen på Alnabru viste 20 for mye etter forrige telling.',
      priority: 'Normal',
      status: 'Archived',
      daysAgo: 120,
      closedDaysAgo: 90,
      assigned: staff,
      comments: [{ user: staff, text: 'Korreksjonen er postet; saldoen følger nå tellingen.', daysAgo: 91 }],
    },
    {
      user: mikko.userId,
      customerId: await customerOf(mikko.userId),
      locationId: mikko.locationId,
      topic: 'Kontti ei aukea',
      category: 'product',
      description: 'Vuokrakontin ovi on jumissa, emmekä saa lastattua. Tarvitsemme apua tänään.',
      priority: 'High',
      status: 'New',
      daysAgo: 0,
    },
  ];

  const photo = demoPhoto();
  for (const c of plan) {
    const created = iso(at(addDays(ctx.today, -c.daysAgo), 8 * 60 + 15));
    const closedAt = c.closedDaysAgo === undefined ? null : iso(at(addDays(ctx.today, -c.closedDaysAgo), 14 * 60));
    const lastComment = c.comments?.length ? Math.min(...c.comments.map((m) => m.daysAgo)) : c.daysAgo;
    const updated = closedAt ?? iso(at(addDays(ctx.today, -lastComment), 10 * 60));
    const [ticket] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO support_tickets (customer_id, location_id, order_id, user_id, topic, category, description, priority, status,
            internal_note, assigned_user_id, closed_at, created_at, updated_at)
          VALUES (${c.customerId}, ${c.locationId}, ${c.orderId ?? null}, ${c.user}, ${c.topic}, ${c.category}, ${c.description},
            ${c.priority}, ${c.status}, ${c.internalNote ?? null}, ${c.assigned ?? null}, ${closedAt}, ${created}, ${updated})
          RETURNING id`,
    );
    const id = Number(ticket?.id);
    const history: [string, string | null, string | null, number | null, string][] = [['status', null, 'New', c.user, created]];
    const step = (to: string, who: number | null, when: string) => {
      const from = history.filter((h) => h[0] === 'status').at(-1)?.[2] ?? null;
      history.push(['status', from, to, who, when]);
    };
    const answered = c.comments?.[0] ? iso(at(addDays(ctx.today, -c.comments[0].daysAgo), 9 * 60)) : created;
    if (c.status !== 'New') step('Open', c.assigned ?? admin.userId, answered);
    if (c.status === 'Pending') step('Pending', c.assigned ?? admin.userId, answered);
    if (c.status === 'Closed' || c.status === 'Archived') step('Closed', c.assigned ?? admin.userId, closedAt ?? answered);
    if (c.status === 'Archived') step('Archived', null, iso(at(addDays(ctx.today, -(c.closedDaysAgo ?? 30) + 30), 3 * 60)));
    for (const [field, from, to, who, when] of history) {
      await tx.execute(sql`INSERT INTO support_ticket_history (ticket_id, user_id, field, from_value, to_value, created_at)
        VALUES (${id}, ${who}, ${field}, ${from}, ${to}, ${when})`);
    }
    for (const [i, m] of (c.comments ?? []).entries()) {
      await tx.execute(sql`INSERT INTO support_ticket_comments (ticket_id, user_id, text, internal, created_at)
        VALUES (${id}, ${m.user}, ${m.text}, ${m.internal ?? false}, ${iso(at(addDays(ctx.today, -m.daysAgo), 9 * 60 + 30 + i))})`);
    }
    if (c.photo) {
      await tx.execute(sql`INSERT INTO attachments (ticket_id, kind, file_name, mime, size_bytes, data, user_id, created_at)
        VALUES (${id}, 'file', 'trasig-back.png', 'image/png', ${photo.length}, ${photo}, ${c.user}, ${created})`);
    }
    // The bell: the customer side learns of the provider's answer.
    const answer = c.comments?.find((m) => !m.internal && m.user !== c.user);
    if (answer && c.status !== 'Archived') {
      await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, created_at)
        VALUES (${c.user}, 'Support', ${id}, ${`#${id} ${c.topic}`}, ${answer.text.slice(0, 200)},
          ${iso(at(addDays(ctx.today, -answer.daysAgo), 9 * 60 + 30))})`);
    }
  }

  await seedSupportTemplates(tx, ctx, admin.userId);
}
