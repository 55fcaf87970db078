/**
 * The values the API page's example calls are filled in with (exampleCalls in @portal/domain):
 * the portal's own address, the acting location, a product it may order (GET
 * AvailableProducts) in two stacks, and the next open day after today in the location's country.
 */
import { type ApiExampleValues, addPlainDays, type Country } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../session/use-session';
import { sessionToday } from '../../session/use-today';

interface AvailableProduct {
  id: number;
  qtyHeight: number;
}

/** The example values; placeholder product 1 and 10 carriers until (or unless) a product is known. */
export function useExampleValues(): ApiExampleValues {
  const { status, clockOffsetMs } = useSession();
  const locationId = status.location?.id ?? 0;
  const products = useQuery({
    queryKey: ['api', 'example-products', locationId],
    queryFn: ({ signal }) => api<AvailableProduct[]>('GET', 'AvailableProducts', { signal, query: { locationId } }),
    enabled: locationId > 0,
    staleTime: 5 * 60_000,
  });
  const product = products.data?.[0];
  const tomorrow = addPlainDays(sessionToday(status, new Date(Date.now() + clockOffsetMs)), 1);
  const country = (status.location?.countryId ?? 'NO') as Country;
  let dateSend = tomorrow;
  try {
    dateSend = nextOpenDay(tomorrow, country);
  } catch {
    // A country without a calendar: tomorrow will do for an example.
  }
  return {
    baseUrl: window.location.origin,
    locationId,
    productId: product?.id ?? 1,
    quantity: (product?.qtyHeight ?? 5) * 2,
    dateSend,
  };
}
