/**
 * The reopening time of a downtime window as the downtime text names it (spec section 8:
 * "We're closed for upgrades - Please try again on Monday at 10 am!"; issue 10, "Maintenance"):
 * the day and the time in the reader's language, in the portal's time zone (Europe/Oslo). Used
 * by the server's DOWNTIME error and by the public area, so both say the same.
 */

/** The portal's time zone: the provider's head office (spec section 1). */
export const PORTAL_TIME_ZONE = 'Europe/Oslo';

/**
 * `{ day, time }` of an instant: "Monday, November 30" and "10:00 AM" in en-US, "mandag 30.
 * november" and "10:00" in nb-NO, "maanantaina 30. marraskuuta" and "10.00" in fi-FI.
 * @param locale a BCP 47 locale of the portal (nb-NO, sv-SE, da-DK, fi-FI, en-US)
 * @param endsAt the reopening instant (ISO 8601)
 */
export function reopeningParams(locale: string, endsAt: string): { day: string; time: string } {
  const date = new Date(endsAt);
  const parts = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: PORTAL_TIME_ZONE,
  }).formatToParts(date);
  return {
    // Finnish says when in the essive: "maanantaina 30. marraskuuta" (every weekday name takes -na).
    day: parts.map((p) => (locale === 'fi-FI' && p.type === 'weekday' ? `${p.value}na` : p.value)).join(''),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: PORTAL_TIME_ZONE }).format(date),
  };
}
