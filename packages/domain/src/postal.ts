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

/**
 * Whether a postal code has the length of one of the masks, spaces ignored (spec section 5).
 */
export function postalCodeMatchesMask(postalCode: string, zipCodeMask: string): boolean {
  const code = postalCode.replace(/\s/g, '');
  if (!/^\d+$/.test(code)) return false;
  return zipCodeMask.split('|').some((mask) => mask.replace(/\s/g, '').length === code.length);
}
