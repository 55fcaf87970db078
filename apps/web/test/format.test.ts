import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/lib/format';

/** Intl writes a narrow no-break space (U+202F) or no-break space (U+00A0) in some locales; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts in minor units', () => {
  it('are shown with two decimals in the currency, in the reader’s locale', () => {
    expect(plain(formatMoney(1_234_550, 'NOK', 'nb-NO'))).toBe('12 345,50 kr');
    expect(plain(formatMoney(1_234_550, 'SEK', 'sv-SE'))).toBe('12 345,50 kr');
    expect(plain(formatMoney(1_234_550, 'EUR', 'fi-FI'))).toBe('12 345,50 €');
    expect(plain(formatMoney(-19, 'NOK', 'en-US', { currencyDisplay: 'code' }))).toBe('-NOK 0.19');
  });
});
