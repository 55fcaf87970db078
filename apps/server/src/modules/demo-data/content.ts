/**
 * Published messages (login welcome texts and the system notice written in every language,
 * news, Markdown guides for menu areas, articles; none must-read, so no
 * demo user is blocked), alerts for the demo users, a few scheduled orders, and then the
 * containers and rentals (demo-data/containers.ts).
 */
import { sql } from 'drizzle-orm';
import { Bulk, syncSequence } from '../../db/bulk.js';
import { rows, type Tx } from '../../db/client.js';
import { seedContainers } from './containers.js';
import { addDays, at, iso, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import { demoUsers } from './demo-users.js';
import { product } from './reference.js';

const HOUR = 3_600_000;

import { articles, guides, maintenance, welcome } from './message-texts.js';

export async function seedContent(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const { today } = ctx;
  const messages = new Bulk('messages', {
    id: 'int',
    type: 'text',
    area: 'text',
    path: 'text',
    title: 'text',
    texts: 'jsonb',
    text: 'text',
    task_id: 'text',
    must_read: 'bool',
    show_from: 'date',
    show_to: 'date',
    language: 'text',
    location_type: 'text',
    visibility: 'text',
    created_at: 'timestamptz',
  });
  const message = (row: Record<string, unknown>, daysAgo: number) =>
    messages.add({
      id: messages.length + 1,
      must_read: false,
      visibility: 'all',
      created_at: iso(at(addDays(today, -daysAgo), 9 * 60)),
      ...row,
    });
  // One welcome text for every language, written in each (GET Messages picks the reader's).
  const english = welcome.find(([language]) => language === 'en-US') as [string, string, string];
  message(
    {
      type: 'login',
      title: english[1],
      text: english[2],
      texts: JSON.stringify(Object.fromEntries(welcome.map(([language, title, text]) => [language, { title, text }]))),
    },
    300,
  );
  const year = Number(today.slice(0, 4));
  message(
    {
      type: 'messages',
      title: 'Opening hours at Christmas',
      text: `All depots are closed from 28 to 30 December ${year}. Orders for the first week of January must be placed by 21 December.`,
      texts: JSON.stringify({
        'nb-NO': {
          title: 'Åpningstider i julen',
          text: `Alle depoter er stengt 28.–30. desember ${year}. Bestillinger for første uke i januar må legges inn innen 21. desember.`,
        },
        'sv-SE': {
          title: 'Öppettider i jul',
          text: `Alla depåer är stängda 28–30 december ${year}. Beställningar för första veckan i januari måste läggas senast 21 december.`,
        },
        'da-DK': {
          title: 'Åbningstider i julen',
          text: `Alle depoter er lukket 28.–30. december ${year}. Bestillinger til første uge i januar skal afgives senest 21. december.`,
        },
        'fi-FI': {
          title: 'Joulun aukioloajat',
          text: `Kaikki varikot ovat kiinni 28.–30.12.${year}. Tammikuun ensimmäisen viikon tilaukset on tehtävä viimeistään 21.12.`,
        },
      }),
      show_from: addDays(today, -20),
      show_to: `${year}-12-31`,
    },
    20,
  );
  message(
    {
      type: 'messages',
      title: 'Heat-treated EUR pallets in all depots',
      text: 'EUR pallets heat treated to ISPM 15 are now in stock at every depot in Norway, Sweden, Denmark and Finland.',
      texts: JSON.stringify({
        'nb-NO': {
          title: 'Varmebehandlede EUR-paller på alle depoter',
          text: 'EUR-paller varmebehandlet etter ISPM 15 finnes nå på lager på alle depoter i Norge, Sverige, Danmark og Finland.',
        },
        'sv-SE': {
          title: 'Värmebehandlade EUR-pallar på alla depåer',
          text: 'EUR-pallar värmebehandlade enligt ISPM 15 finns nu i lager på alla depåer i Norge, Sverige, Danmark och Finland.',
        },
        'da-DK': {
          title: 'Varmebehandlede EUR-paller på alle depoter',
          text: 'EUR-paller varmebehandlet efter ISPM 15 er nu på lager på alle depoter i Norge, Sverige, Danmark og Finland.',
        },
        'fi-FI': {
          title: 'Lämpökäsitellyt EUR-lavat kaikilla varikoilla',
          text: 'ISPM 15 -standardin mukaan lämpökäsiteltyjä EUR-lavoja on nyt varastossa kaikilla varikoilla Norjassa, Ruotsissa, Tanskassa ja Suomessa.',
        },
      }),
    },
    45,
  );
  message(
    {
      type: 'messages',
      title: 'Nye priser fra 1. januar',
      text: 'Prislisten for kommisjonshandel oppdateres fra 1. januar. Se Rapporter > Fakturaer for detaljer.',
      language: 'nb-NO',
    },
    12,
  );
  message(
    {
      type: 'messages',
      title: 'Nya priser från 1 januari',
      text: 'Prislistan för kommissionshandel uppdateras från 1 januari. Se Rapporter > Fakturor för detaljer.',
      language: 'sv-SE',
    },
    12,
  );
  for (const [daysAgo, guide] of guides.entries())
    message(
      {
        type: 'guides',
        area: guide.area,
        task_id: guide.task ?? null,
        title: guide.texts['en-US'].title,
        text: guide.texts['en-US'].text,
        texts: JSON.stringify(guide.texts),
      },
      200 - daysAgo * 10,
    );
  // The articles, written in every language (GET Messages picks the reader's), 120 and 110 days old.
  for (const [index, texts] of articles.entries())
    message({ type: 'articles', title: texts['en-US'].title, text: texts['en-US'].text, texts: JSON.stringify(texts) }, 120 - index * 10);
  // The system notice, written in every language (GET Messages picks the reader's).
  message(
    {
      type: 'system',
      title: maintenance['en-US'].title,
      text: maintenance['en-US'].text,
      texts: JSON.stringify(maintenance),
      show_from: addDays(today, -3),
      show_to: addDays(today, 10),
    },
    3,
  );
  await messages.insert(tx);

  // Alerts for the demo users: recent changes of orders at their location, some read.
  const alerts = new Bulk('alerts', {
    id: 'bigint',
    user_id: 'int',
    location_id: 'int',
    source: 'text',
    source_id: 'bigint',
    title: 'text',
    text: 'text',
    texts: 'jsonb',
    must_read: 'bool',
    created_at: 'timestamptz',
  });
  const reads = new Bulk('alert_reads', { alert_id: 'bigint', user_id: 'int', read_at: 'timestamptz' });
  for (const demo of demoUsers) {
    const { userId, locationId } = world.demo[demo.loginName] as { userId: number; locationId: number };
    const recent = await rows<{ id: number; status: number; updatedMs: number }>(
      tx,
      sql`SELECT id, transaction_status_id AS status, (extract(epoch FROM updated_at) * 1000)::bigint AS "updatedMs" FROM orders
          WHERE (location_id_from = ${locationId} OR location_id_to = ${locationId}) AND transaction_status_id <> 0
          ORDER BY updated_at DESC, id DESC LIMIT 8`,
    );
    recent.forEach((o, i) => {
      const id = alerts.length + 1;
      const createdAt = iso(Math.min(ctx.now, Number(o.updatedMs)));
      alerts.add({
        id,
        user_id: userId,
        location_id: locationId,
        source: 'Order',
        source_id: Number(o.id),
        title: `order.status.${o.status}`,
        text: `#${o.id}`,
        must_read: false,
        created_at: createdAt,
      });
      if (i >= 3) reads.add({ alert_id: id, user_id: userId, read_at: iso(Math.min(ctx.now, Date.parse(createdAt) + 2 * HOUR)) });
    });
    const id = alerts.length + 1;
    alerts.add({
      id,
      user_id: userId,
      location_id: locationId,
      // Written in every language: each reader sees it in theirs (GET Alerts); Norwegian otherwise.
      source: 'System',
      title: maintenance['nb-NO'].title,
      text: maintenance['nb-NO'].text,
      texts: JSON.stringify(maintenance),
      must_read: false,
      created_at: iso(ctx.now - 30 * HOUR),
    });
  }
  await alerts.insert(tx);
  await reads.insert(tx);

  await seedSchedules(tx, ctx, world);
  await seedContainers(tx, ctx, world);
  for (const table of ['messages', 'alerts']) await syncSequence(tx, table);
}

/** Recurring orders of the demo users' locations (next occurrence after today). */
async function seedSchedules(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const schedules = new Bulk('scheduled_orders', {
    id: 'int',
    transaction_type_id: 'int2',
    location_id_from: 'int',
    location_id_to: 'int',
    interval_weeks: 'int2',
    monday: 'bool',
    tuesday: 'bool',
    wednesday: 'bool',
    thursday: 'bool',
    friday: 'bool',
    start_date: 'date',
    end_date: 'date',
    next_date: 'date',
    truck_type_id: 'int',
    reference_own: 'text',
    active: 'bool',
    created_by_user_id: 'int',
    created_at: 'timestamptz',
  });
  const lines = new Bulk('scheduled_order_lines', { scheduled_order_id: 'int', product_id: 'int', quantity: 'int' });
  const eur = product('EUR-A');
  const depotOf = (l: SeedLocation) => world.depots.find((d) => d.countryId === l.countryId && d.isDefault) as SeedLocation;
  const plans: [string, 1 | 2, number, number][] = [
    // demo user, type, interval in weeks, weekday (1 Monday .. 5 Friday)
    ['kari', 1, 1, 2],
    ['ole', 2, 2, 4],
    ['mikko', 2, 1, 1],
  ];
  for (const [login, type, interval, weekday] of plans) {
    const demo = world.demo[login] as { userId: number; locationId: number };
    const location = world.locations.find((l) => l.id === demo.locationId) as SeedLocation;
    const depot = depotOf(location);
    const id = schedules.length + 1;
    let next = addDays(ctx.today, 1);
    while (new Date(`${next}T00:00:00Z`).getUTCDay() !== weekday) next = addDays(next, 1);
    schedules.add({
      id,
      transaction_type_id: type,
      location_id_from: type === 1 ? depot.id : location.id,
      location_id_to: type === 1 ? location.id : depot.id,
      interval_weeks: interval,
      monday: weekday === 1,
      tuesday: weekday === 2,
      wednesday: weekday === 3,
      thursday: weekday === 4,
      friday: weekday === 5,
      start_date: addDays(ctx.today, -120),
      end_date: null,
      next_date: next,
      truck_type_id: 1,
      reference_own: `FAST-${login.toUpperCase()}`,
      active: true,
      created_by_user_id: demo.userId,
      created_at: iso(at(addDays(ctx.today, -121), 10 * 60)),
    });
    lines.add({ scheduled_order_id: id, product_id: eur.id, quantity: eur.qtyHeight * (type === 1 ? 10 : 6) });
  }
  await schedules.insert(tx);
  await lines.insert(tx);
  await syncSequence(tx, 'scheduled_orders');
}
