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
import type { Validator } from 'stdnum';
import * as dkCvr from 'stdnum/lib/cjs/dk/cvr.js';
import * as fiYtunnus from 'stdnum/lib/cjs/fi/ytunnus.js';
import * as noOrgnr from 'stdnum/lib/cjs/no/orgnr.js';
import * as seOrgnr from 'stdnum/lib/cjs/se/orgnr.js';
import type { Country } from './enums.js';

/** Why a number was refused: wrong number of digits, characters that do not belong, or a wrong check digit. */
export type VatNumberReason = 'length' | 'format' | 'checksum';

export type VatNumberCheck = { ok: true; orgNumber: string } | { ok: false; reason: VatNumberReason };

/**
 * The four validators, each imported from its own module of `stdnum` (the package's index
 * bundles every country's, some 200 kB, into the browser).
 */
const validators: Record<Country, Pick<Validator, 'validate'>> = { NO: noOrgnr, SE: seOrgnr, DK: dkCvr, FI: fiYtunnus };

function reasonOf(error: { name: string }): VatNumberReason {
  if (error.name === 'InvalidLength') return 'length';
  if (error.name === 'InvalidChecksum') return 'checksum';
  return 'format';
}

function check(validator: Pick<Validator, 'validate'>, input: string, write: (compact: string) => string): VatNumberCheck {
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
      return check(validators.NO, digits, (n) => n);
    }
    case 'SE': {
      const digits = compact.replace(/^SE/, '');
      const orgnr = digits.length === 12 && digits.endsWith('01') ? digits.slice(0, 10) : digits;
      return check(validators.SE, orgnr, (n) => `${n.slice(0, 6)}-${n.slice(6)}`);
    }
    case 'DK':
      return check(validators.DK, compact.replace(/^DK/, ''), (n) => n);
    case 'FI':
      return check(validators.FI, compact.replace(/^FI/, ''), (n) => `${n.slice(0, 7)}-${n.slice(7)}`);
  }
}
