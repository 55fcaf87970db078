/**
 * Which location the balance screen shows, kept in the address so a view can be linked and
 * bookmarked: `?location=<id>` one location of the user's scope, `?location=all` all of them
 * summed, nothing the acting location.
 */
import { useSearchParams } from 'react-router';

/** One location by id, or every location of the user's scope. */
export type LocationChoice = number | 'all';

/** Reads a `location` parameter: 'all', a location id, or null when it names neither. */
export function parseLocationChoice(value: string | null): LocationChoice | null {
  if (value === 'all') return 'all';
  if (value && /^\d{1,10}$/.test(value) && Number(value) > 0) return Number(value);
  return null;
}

/** The choice in the address (default `actingLocationId`) and a setter that replaces the address. */
export function useLocationChoice(actingLocationId: number): [LocationChoice, (next: LocationChoice) => void] {
  const [params, setParams] = useSearchParams();
  const choice = parseLocationChoice(params.get('location')) ?? actingLocationId;
  const setChoice = (next: LocationChoice) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === actingLocationId) updated.delete('location');
        else updated.set('location', String(next));
        return updated;
      },
      { replace: true },
    );
  return [choice, setChoice];
}

/** The address of a product's history at a location (spec: "a link to the history"). */
export function historyPath(productId: number, locationId: number): string {
  return `/app/balance/${productId}?location=${locationId}`;
}
