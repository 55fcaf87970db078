/**
 * The calculators' input: carriers (trips) per year per carrier type, kept in the address
 * (`?EUR=1000&PLF=250`) so a result can be shared or bookmarked and both calculators open
 * with the same numbers.
 */
import { type CarrierTypeCode, carrierTypeCodes } from '@portal/domain';
import { useSearchParams } from 'react-router';

/** The largest number of carriers per year and type a visitor may enter. */
export const MAX_TRIPS_PER_YEAR = 10_000_000;

export type Trips = Partial<Record<CarrierTypeCode, number>>;

/** Reads the trips of the address; anything but a whole number from 1 to the maximum is left out. */
export function tripsOf(params: URLSearchParams): Trips {
  const trips: Trips = {};
  for (const code of carrierTypeCodes) {
    const raw = params.get(code);
    if (raw === null || !/^\d{1,8}$/.test(raw)) continue;
    const value = Number(raw);
    if (value > 0 && value <= MAX_TRIPS_PER_YEAR) trips[code] = value;
  }
  return trips;
}

/** The trips, a setter per carrier type (null clears it), a reset, and the query string to carry them to the other calculator. */
export function useTrips() {
  const [params, setParams] = useSearchParams();
  const trips = tripsOf(params);
  const write = (next: Trips) => {
    const query = new URLSearchParams();
    for (const code of carrierTypeCodes) if (next[code]) query.set(code, String(next[code]));
    setParams(query, { replace: true, preventScrollReset: true });
  };
  return {
    trips,
    // From the address as it is now, not as this render saw it: the inputs report after a
    // pause in typing, and another field may have changed the address meanwhile.
    setTrips: (code: CarrierTypeCode, value: number | null) =>
      write({ ...tripsOf(new URLSearchParams(window.location.search)), [code]: value ?? undefined }),
    clear: () => write({}),
    search: params.toString() ? `?${params.toString()}` : '',
  };
}
