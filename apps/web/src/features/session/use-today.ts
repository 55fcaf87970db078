/**
 * The date of the acting location (docs/domain.md, "Today"): every default or bounding date of
 * the web app (a rental's start, an order's send date, a count's day, report and history
 * periods, the "not after today" of the filters) is today in the location's country, as the
 * server reads it (`todayIn` of @portal/domain), never the browser's own date: from 22:00 or
 * 23:00 UTC the Nordic date is already tomorrow's while a browser set to UTC (or west of it)
 * still says today, and the server would call that day the past.
 */
import { type SessionStatus, todayIn } from '@portal/domain';
import { useOptionalSession } from './use-session';

/**
 * The country whose calendar the session's dates follow: the acting location's, else null
 * (a session without a location, or outside /app), which `todayIn` reads as Oslo's, the provider's home.
 */
export function sessionCountry(status: Pick<SessionStatus, 'location'> | null | undefined): string | null {
  return status?.location?.countryId ?? null;
}

/** Today (yyyy-MM-dd) at the session's location at the instant `now` (default: the clock's). */
export function sessionToday(status: Pick<SessionStatus, 'location'> | null | undefined, now: Date = new Date()): string {
  return todayIn(sessionCountry(status), now);
}

/**
 * Today (yyyy-MM-dd) at the acting location by the server's clock (the browser's corrected by
 * the session's `clockOffsetMs`), read at each render (a page open across the location's
 * midnight shows the new day on its next render). Works outside /app too (Oslo's date).
 */
export function useToday(): string {
  const session = useOptionalSession();
  return sessionToday(session?.status, new Date(Date.now() + (session?.clockOffsetMs ?? 0)));
}
