/** The registry numbers of the demo customers and locations (customers.ts, external-locations.ts). */
import { type Country, gs1CheckDigit } from '@portal/domain';
import type { SeedContext } from './context.js';

/** The GS1 prefix of each country. */
const glnPrefix: Record<Country, string> = { NO: '70', SE: '73', DK: '57', FI: '64' };

/** A GLN: GS1 country prefix, company number, location reference, check digit. */
export function gln(country: Country, company: string, ref: number): string {
  const body = `${glnPrefix[country]}${company}${String(ref).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** A company registration number in the country's format, drawn from `rng`. */
export function orgNumber(country: Country, rng: SeedContext['rng']): string {
  if (country === 'NO') return `9${rng.digits(8)}`;
  if (country === 'SE') return `556${rng.digits(3)}-${rng.digits(4)}`;
  if (country === 'DK') return `DK${rng.int(1, 9)}${rng.digits(7)}`;
  return `${rng.int(1, 3)}${rng.digits(6)}-${rng.digits(1)}`;
}
