/** GLN length (spec section 9). */
export const GLN_LENGTH = 13;

export type GlnReason = 'length' | 'digits' | 'checkDigit';

/**
 * Checks a Global Location Number: exactly 13 digits whose last digit is the GS1 mod-10
 * check digit (GS1 General Specifications, 7.9.1: weights 3 and 1 from the right, excluding
 * the check digit). An empty value counts as valid (spec section 5).
 */
export function validateGln(gln: string): { ok: true } | { ok: false; reason: GlnReason } {
  if (gln === '') return { ok: true };
  if (!/^\d+$/.test(gln)) return { ok: false, reason: 'digits' };
  if (gln.length !== GLN_LENGTH) return { ok: false, reason: 'length' };
  return gs1CheckDigit(gln.slice(0, -1)) === Number(gln.at(-1)) ? { ok: true } : { ok: false, reason: 'checkDigit' };
}

/** The GS1 mod-10 check digit of a digit string without its check digit. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}
