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
 */
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';

/** A small PNG "photo" (a brown-orange gradient, 40 x 30 px) made here, so no binary file is kept. */
export function demoPhoto(): Buffer {
  const width = 40;
  const height = 30;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([150 + y * 3, 110 + x * 2, 60], row + 1 + x * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  const templates: [string, string, string | null, string | null, boolean][] = [
    [
      'Tack för ditt ärende',
      'Tack för att du kontaktade oss! Vi har tagit emot ditt ärende och återkommer så snart vi kan.',
      null,
      'sv-SE',
      true,
    ],
    [
      'Takk for henvendelsen',
      'Takk for at du kontaktet oss! Vi har mottatt saken din og kommer tilbake så snart vi kan.',
      null,
      'nb-NO',
      true,
    ],
    [
      'Tak for din henvendelse',
      'Tak, fordi du kontaktede os! Vi har modtaget din sag og vender tilbage hurtigst muligt.',
      null,
      'da-DK',
      true,
    ],
    [
      'Kiitos yhteydenotostasi',
      'Kiitos yhteydenotosta! Olemme vastaanottaneet pyyntösi ja palaamme asiaan mahdollisimman pian.',
      null,
      'fi-FI',
      true,
    ],
    [
      'Thank you for your case',
      'Thank you for contacting us! We have received your case and will get back to you as soon as we can.',
      null,
      'en-US',
      true,
    ],
    [
      'Skadad bärare – kreditering',
      'Ställ den skadade bäraren åt sidan och märk den. Chauffören tar med den vid nästa hämtning och den krediteras er.',
      'delivery',
      'sv-SE',
      true,
    ],
    [
      'Skadet lastbærer – kreditt',
      'Sett den skadde lastbæreren til side og merk den. Sjåføren tar den med ved neste henting, og dere får den kreditert.',
      'delivery',
      'nb-NO',
      true,
    ],
    ['Avvik i antall', 'Vi sjekker fraktbrevet og sjåførens opptelling og kommer tilbake med en korreksjon.', 'order', 'nb-NO', true],
    ['Fakturafråga', 'Vi går igenom fakturan med ekonomiavdelningen och återkommer med en förklaring.', 'invoice', 'sv-SE', false],
    [
      'Ny bruker',
      'Under Mitt firma > Brukere velger du «Ny bruker»; den nye brukeren får en lenke for å velge passord.',
      'account',
      'nb-NO',
      false,
    ],
    ['Old greeting (retired)', 'Dear customer, thank you for your message.', null, 'en-US', false],
  ];
  for (const [i, [title, text, category, language, isDefault]] of templates.entries()) {
    const active = title !== 'Old greeting (retired)';
    await tx.execute(sql`INSERT INTO support_templates (title, text, category, language, is_default, is_active, updated_by, updated_at)
      VALUES (${title}, ${text}, ${category}, ${language}, ${isDefault && active}, ${active}, ${admin.userId},
        ${iso(at(addDays(ctx.today, -60 + i), 11 * 60))})`);
  }
}
