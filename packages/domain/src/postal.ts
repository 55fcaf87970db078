/**
 * Postal code masks by country (spec section 3, "Country region": several masks separated
 * by a bar). `#` is a digit. Norway 4 digits, Denmark 4, Sweden 5 (written 3+2), Finland 5.
 */
export const postalMasks: Record<'NO' | 'SE' | 'DK' | 'FI', string> = {
  NO: '####',
  SE: '### ##|#####',
  DK: '####',
  FI: '#####',
};

/** A postal code without its spaces (spec section 5: spaces in a postal code are ignored). */
export function postalDigits(postalCode: string): string {
  return postalCode.replace(/\s/g, '');
}

/**
 * Whether a postal code has the length of one of the masks, spaces ignored (spec section 5).
 */
export function postalCodeMatchesMask(postalCode: string, zipCodeMask: string): boolean {
  const code = postalDigits(postalCode);
  if (!/^\d+$/.test(code)) return false;
  return zipCodeMask.split('|').some((mask) => mask.replace(/\s/g, '').length === code.length);
}

/**
 * A postal code written as the first of the country's masks (bar-separated, `#` a digit) that
 * has its number of digits, spaces ignored: `11455` with `### ##|#####` is `114 55`. This is
 * how postal_places stores a code, so a lookup by the written form finds it.
 * @returns the written code, or null when the code fits no mask (not digits, wrong length)
 */
export function formatPostalCode(postalCode: string, zipCodeMask: string): string | null {
  const digits = postalDigits(postalCode);
  if (!/^\d+$/.test(digits)) return null;
  for (const mask of zipCodeMask.split('|')) {
    if ((mask.match(/#/g) ?? []).length !== digits.length) continue;
    let next = 0;
    return mask.replace(/#/g, () => digits[next++] ?? '').trim();
  }
  return null;
}
