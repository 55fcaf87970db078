/**
 * Organisation and VAT numbers of a new customer request (issue 9, "Registration"): each
 * country's format and check digit, through `checkVatNumber` and the request schema.
 */
import { describe, expect, it } from 'vitest';
import { checkVatNumber, type NewCustomerRequestInput, ZNewCustomerRequest } from '../src/index.js';

describe('organisation and VAT numbers per country', () => {
  it('takes a Norwegian organisation number with or without NO and MVA, and refuses a wrong check digit', () => {
    expect(checkVatNumber('NO', '974 760 673')).toEqual({ ok: true, orgNumber: '974760673' });
    expect(checkVatNumber('NO', 'NO974760673MVA')).toEqual({ ok: true, orgNumber: '974760673' });
    expect(checkVatNumber('NO', 'no 974760673 mva')).toEqual({ ok: true, orgNumber: '974760673' });
    expect(checkVatNumber('NO', '974760674')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkVatNumber('NO', '97476067')).toEqual({ ok: false, reason: 'length' });
    expect(checkVatNumber('NO', '97476067X')).toMatchObject({ ok: false });
  });

  it('takes a Swedish organisation number or SE VAT number (Luhn), and refuses a wrong one', () => {
    expect(checkVatNumber('SE', '556036-0793')).toEqual({ ok: true, orgNumber: '556036-0793' });
    expect(checkVatNumber('SE', 'SE556036079301')).toEqual({ ok: true, orgNumber: '556036-0793' });
    expect(checkVatNumber('SE', '556036-0794')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkVatNumber('SE', '55603607')).toEqual({ ok: false, reason: 'length' });
  });

  it('takes a Danish CVR number with or without DK (mod 11), and refuses a wrong one', () => {
    expect(checkVatNumber('DK', '13585628')).toEqual({ ok: true, orgNumber: '13585628' });
    expect(checkVatNumber('DK', 'DK 13 58 56 28')).toEqual({ ok: true, orgNumber: '13585628' });
    expect(checkVatNumber('DK', '13585627')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('takes a Finnish business ID or FI VAT number, and refuses a wrong check digit', () => {
    expect(checkVatNumber('FI', '2077474-0')).toEqual({ ok: true, orgNumber: '2077474-0' });
    expect(checkVatNumber('FI', 'FI20774740')).toEqual({ ok: true, orgNumber: '2077474-0' });
    expect(checkVatNumber('FI', '2077474-1')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('checks the number against the country chosen: a valid Danish number is no Norwegian one', () => {
    expect(checkVatNumber('NO', '13585628').ok).toBe(false);
    expect(checkVatNumber('DK', '974760673').ok).toBe(false);
  });
});

describe('the new customer request schema', () => {
  const request: NewCustomerRequestInput = {
    companyName: 'Lagerbolaget AB',
    address: 'Hamngatan 1',
    postalCode: '411 06',
    postalName: 'Göteborg',
    country: 'SE',
    contactPerson: 'Eva Lund',
    email: 'eva@lagerbolaget.se',
    phone: '+46 31 123 45',
    vatNumber: 'SE556036079301',
    termsAccepted: true,
  };
  const fieldMessages = (input: unknown) => {
    const result = ZNewCustomerRequest.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a complete request', () => {
    expect(fieldMessages(request)).toEqual({});
  });

  it('names the country rule for a VAT number of another country, and the postal code that does not fit', () => {
    expect(fieldMessages({ ...request, vatNumber: '974760673' })).toEqual({ vatNumber: 'registration.vatSE' });
    expect(fieldMessages({ ...request, postalCode: '4110' })).toEqual({ postalCode: 'validation.postalCode' });
  });

  it('wants the terms accepted, and a whole invoice address once its street is given', () => {
    expect(fieldMessages({ ...request, termsAccepted: false })).toEqual({ termsAccepted: 'registration.termsRequired' });
    expect(fieldMessages({ ...request, invoiceAddress: 'Box 12' })).toEqual({
      invoicePostalCode: 'validation.required',
      invoicePostalName: 'validation.required',
      invoiceCountry: 'validation.required',
    });
    expect(
      fieldMessages({ ...request, invoiceAddress: 'Box 12', invoicePostalCode: '0150', invoicePostalName: 'Oslo', invoiceCountry: 'NO' }),
    ).toEqual({});
  });
});
