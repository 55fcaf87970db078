/**
 * The bell's alerts of a rental's steps (issue 11; docs/containers.md, "Alerts"; docs/domain.md,
 * "Alerts"): each step tells the other side. Registering, returning and a renter's cancellation
 * alert the provider's depot (the rental's, else the default depot of the renting location's
 * country); assigning, closing and the provider's cancellation or return alert the renting
 * location. Written with title and text in every locale (`alerts.texts`), so GET Alerts answers
 * in the reader's language; source `Rental`, `source_id` the rental.
 */
import { type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { localizeParams, translator } from '../../i18n.js';

/** A rental step the alert tells of. */
export type RentalStep = 'registered' | 'opened' | 'returned' | 'closed' | 'cancelled';

/** What the alert says, and who gets it. */
export interface RentalAlert {
  rentalId: number;
  step: RentalStep;
  /** The renting location (its name is in the text). */
  locationId: number;
  locationName: string;
  /** Containers the step moved (assigned or returned), else the rental's quantity. */
  count: number;
  /** Whether the step was taken by provider staff: then the renting location hears of it, else the depot. */
  byProvider: boolean;
  /** The rental's depot, if assigned. */
  depotLocationId: number | null;
}

function alertText(locale: Locale, alert: RentalAlert): AlertText {
  const t = translator(locale);
  const params = localizeParams(t, locale, { id: alert.rentalId, location: alert.locationName, count: alert.count });
  return { title: t(`containers.alerts.${alert.step}Title`, params), text: t(`containers.alerts.${alert.step}Text`, params) };
}

/**
 * Writes the alert of a rental step for the other side's location (see the file's comment),
 * dated at the step (`clock_timestamp()`); nothing when the provider has no depot in the country.
 */
export async function alertRentalStep(tx: Tx, alert: RentalAlert): Promise<void> {
  let target: number | null = alert.byProvider ? alert.locationId : alert.depotLocationId;
  if (target === null) {
    const [depot] = await rows<{ id: number }>(
      tx,
      sql`SELECT d.id FROM locations d JOIN customers c ON c.id = d.customer_id
          WHERE c.is_provider AND d.type_id = 'NLP' AND d.country_id = (SELECT country_id FROM locations WHERE id = ${alert.locationId})
          ORDER BY d.is_default DESC, d.id LIMIT 1`,
    );
    target = depot ? Number(depot.id) : null;
  }
  if (target === null) return;
  const texts = Object.fromEntries(locales.map((locale) => [locale, alertText(locale, alert)]));
  const fallback = alertText('en-US', alert);
  await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
    VALUES (${target}, 'Rental', ${alert.rentalId}, ${fallback.title}, ${fallback.text}, ${JSON.stringify(texts)}::jsonb, clock_timestamp())`);
}
