/**
 * A period kept in the address (`?from=&to=`, yyyy-MM-dd), so a view can be linked: `to` defaults
 * to `today` (the location's, useToday), `from` to what `defaultFrom` makes of `to`; a value that
 * is not a plain date counts as missing. The setter replaces the address (no history entry per
 * pick). The balance history and the statement read their period this way.
 */
import { useSearchParams } from 'react-router';

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address and its setter; see the file comment. */
export function usePeriodParams(
  today: string,
  defaultFrom: (to: string) => string,
): { from: string; to: string; setPeriod: (range: { from: string | null; to: string | null }) => void } {
  const [params, setParams] = useSearchParams();
  const given = (name: string) => {
    const value = params.get(name) ?? '';
    return plainDate.test(value) ? value : null;
  };
  const to = given('to') ?? today;
  const from = given('from') ?? defaultFrom(to);
  const setPeriod = (range: { from: string | null; to: string | null }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', range.from ?? from);
        next.set('to', range.to ?? to);
        return next;
      },
      { replace: true },
    );
  return { from, to, setPeriod };
}
