/**
 * Organisation and VAT numbers of the four countries served (issue 9, "Registration": the new
 * customer request's VAT number, checked per country), through `stdnum`, the JavaScript port
 * of python-stdnum, which implements each register's own check:
 * - NO: organisasjonsnummer, 9 digits with a mod-11 check digit (weights 3 2 7 6 5 4 3 2,
 *   Brønnøysundregistrene); as a VAT number "NO" before and "MVA" after may be written.
 * - SE: organisationsnummer, 10 digits with a Luhn check digit (Bolagsverket / Skatteverket);
 *   the VAT number is "SE" + the 10 digits + "01".
 * - DK: CVR-nummer, 8 digits with a mod-11 check (weights 2 7 6 5 4 3 2 1, Erhvervsstyrelsen);
 *   the VAT number is "DK" + the 8 digits.
 * - FI: Y-tunnus, 7 digits and a mod-11 check digit written "1234567-8" (PRH / Verohallinto);
 *   the VAT number (ALV) is "FI" + the 8 digits.
 * Spaces, dots and dashes are ignored; letters are read in any case.
 */
import { stdnum, type Validator } from 'stdnum';
import type { Country } from './enums.js';

/** Why a number was refused: wrong number of digits, characters that do not belong, or a wrong check digit. */
export type VatNumberReason = 'length' | 'format' | 'checksum';

export type VatNumberCheck = { ok: true; orgNumber: string } | { ok: false; reason: VatNumberReason };

/** A validator of `stdnum` by country and name; the package types its table as a plain record. */
function validator(country: Country, name: string): Validator {
  const found = stdnum[country]?.[name];
  if (!found) throw new Error(`stdnum has no ${country}.${name}`);
  return found;
}

function reasonOf(error: { name: string }): VatNumberReason {
  if (error.name === 'InvalidLength') return 'length';
  if (error.name === 'InvalidChecksum') return 'checksum';
  return 'format';
}

function check(validator: Validator, input: string, write: (compact: string) => string): VatNumberCheck {
  const result = validator.validate(input);
  return result.isValid ? { ok: true, orgNumber: write(result.compact) } : { ok: false, reason: reasonOf(result.error) };
}

/**
 * Checks an organisation or VAT number of `country` (see the file comment for each country's
 * rule) and answers the organisation number as the register writes it (NO "974760673",
 * SE "556036-0793", DK "13585628", FI "2077474-0"), or why it was refused.
 */
export function checkVatNumber(country: Country, input: string): VatNumberCheck {
  const compact = input.replace(/[\s.\-/]/g, '').toUpperCase();
  if (compact === '') return { ok: false, reason: 'length' };
  switch (country) {
    case 'NO': {
      const digits = compact.replace(/^NO/, '').replace(/MVA$/, '');
      return check(validator('NO', 'orgnr'), digits, (n) => n);
    }
    case 'SE': {
      const digits = compact.replace(/^SE/, '');
      const orgnr = digits.length === 12 && digits.endsWith('01') ? digits.slice(0, 10) : digits;
      return check(validator('SE', 'orgnr'), orgnr, (n) => `${n.slice(0, 6)}-${n.slice(6)}`);
    }
    case 'DK':
      return check(validator('DK', 'cvr'), compact.replace(/^DK/, ''), (n) => n);
    case 'FI':
      return check(validator('FI', 'ytunnus'), compact.replace(/^FI/, ''), (n) => `${n.slice(0, 7)}-${n.slice(7)}`);
  }
}
