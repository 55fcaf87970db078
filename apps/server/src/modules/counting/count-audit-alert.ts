/**
 * The bell's alert when a count is decided (docs/domain.md, "Alerts" and "Count audits"): every
 * user of the counted location learns that its count was confirmed (and how many corrections
 * were posted) or rejected (and why), and so does the user who registered the count when that
 * location's alert does not reach them (issue 20: a customer admin counts a location that has
 * no users of its own). Written with its title and text in every locale (`alerts.texts`), so
 * GET Alerts answers it in the reader's language.
 */
import { type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { localizeParams, translator } from '../../i18n.js';

/** What the alert says: the count, its location, the decision and its outcome. */
export interface CountDecision {
  auditId: number;
  locationId: number;
  locationName: string;
  /** The count date, yyyy-MM-dd. */
  date: string;
  confirmed: boolean;
  /** Correction entries posted (confirmed), else 0. */
  corrections: number;
  /** The provider's comment: the reason of a rejection. */
  comment: string | null;
  /** When it was decided (ISO 8601); default the moment of the call (the demo seed dates its own). */
  at?: string;
  /** The user who registered the count: told in an alert of their own unless they are a user of the location. */
  registeredByUserId?: number;
}

/** The alert's title and text in `locale`. */
function alertText(locale: Locale, decision: CountDecision): AlertText {
  const t = translator(locale);
  const params = localizeParams(t, locale, {
    date: decision.date,
    location: decision.locationName,
    count: decision.corrections,
    comment: decision.comment ?? '',
  });
  if (!decision.confirmed) return { title: t('countAudit.rejectedTitle', params), text: t('countAudit.rejectedText', params) };
  const text = decision.corrections > 0 ? t('countAudit.confirmedText', params) : t('countAudit.matchedText', params);
  return { title: t('countAudit.confirmedTitle', params), text };
}

/**
 * Writes the alert of a decided count for every user of its location (source `CountAudit`,
 * `source_id` the audit), dated at the moment of the decision (`clock_timestamp()`, as order
 * alerts); and the same alert addressed to `registeredByUserId` when that user is active and
 * not a user of the location (neither its primary nor a secondary location), who would
 * otherwise not learn of it.
 */
export async function alertCountDecision(tx: Tx, decision: CountDecision): Promise<void> {
  const texts = JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, alertText(locale, decision)])));
  const fallback = alertText('en-US', decision);
  const at = sql`COALESCE(${decision.at ?? null}::timestamptz, clock_timestamp())`;
  await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
    VALUES (${decision.locationId}, 'CountAudit', ${decision.auditId}, ${fallback.title}, ${fallback.text}, ${texts}::jsonb, ${at})`);
  if (decision.registeredByUserId === undefined) return;
  await tx.execute(sql`INSERT INTO alerts (user_id, location_id, source, source_id, title, text, texts, created_at)
    SELECT u.id, ${decision.locationId}, 'CountAudit', ${decision.auditId}, ${fallback.title}, ${fallback.text}, ${texts}::jsonb, ${at}
    FROM users u
    WHERE u.id = ${decision.registeredByUserId} AND u.is_active AND u.location_id IS DISTINCT FROM ${decision.locationId}
      AND NOT EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = ${decision.locationId})`);
}
