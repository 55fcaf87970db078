/**
 * The reopening time of a downtime window as the DOWNTIME error names it (spec section 8:
 * "We're closed for upgrades - Please try again on Monday at 10 am!"): the day and the time in
 * the caller's language, in the portal's time zone (Europe/Oslo).
 */
import type { Locale } from '@portal/domain';

/** The portal's time zone: the provider's head office (spec section 1). */
export const PORTAL_TIME_ZONE = 'Europe/Oslo';

/** `{ day, time }` of an instant for the DOWNTIME message: "Monday, November 30" and "10:00 AM" in en-US. */
export function reopeningParams(locale: Locale, endsAt: string): { day: string; time: string } {
  const date = new Date(endsAt);
  return {
    day: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: PORTAL_TIME_ZONE }).format(date),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: PORTAL_TIME_ZONE }).format(date),
  };
}
