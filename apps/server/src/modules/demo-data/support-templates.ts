/**
 * The provider's answer templates of the demo (docs/support.md): a default greeting in each of
 * the five languages, answers by category, two that are not defaults and one retired (inactive).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext } from './context.js';

/** Writes the answer templates, last changed by `adminUserId` 60 to 50 days ago. */
export async function seedSupportTemplates(tx: Tx, ctx: SeedContext, adminUserId: number): Promise<void> {
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
      VALUES (${title}, ${text}, ${category}, ${language}, ${isDefault && active}, ${active}, ${adminUserId},
        ${iso(at(addDays(ctx.today, -60 + i), 11 * 60))})`);
  }
}
