/** Post codes against the country masks (spec sections 3 and 5; docs/postal-registers.md). */
import { describe, expect, it } from 'vitest';
import { formatPostalCode, postalCodeMatchesMask, postalDigits, postalMasks } from '../src/index.js';

describe('post codes', () => {
  it('writes a code as the first mask with its number of digits, spaces ignored', () => {
    expect(formatPostalCode('11455', postalMasks.SE)).toBe('114 55');
    expect(formatPostalCode(' 114 55 ', postalMasks.SE)).toBe('114 55');
    expect(formatPostalCode('0150', postalMasks.NO)).toBe('0150');
    expect(formatPostalCode('00 100', postalMasks.FI)).toBe('00100');
    expect(formatPostalCode('2200', postalMasks.DK)).toBe('2200');
  });

  it('refuses a code that fits no mask', () => {
    expect(formatPostalCode('123', postalMasks.NO)).toBeNull();
    expect(formatPostalCode('1145', postalMasks.SE)).toBeNull();
    expect(formatPostalCode('ABCDE', postalMasks.FI)).toBeNull();
    expect(formatPostalCode('', postalMasks.DK)).toBeNull();
    expect(postalCodeMatchesMask('114 5', postalMasks.SE)).toBe(false);
  });

  it('ignores spaces anywhere', () => {
    expect(postalDigits(' 1 14\t55 ')).toBe('11455');
  });
});
