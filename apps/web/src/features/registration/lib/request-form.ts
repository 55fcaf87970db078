/**
 * The new-customer form's values (texts as typed, country not yet chosen, terms unticked) and
 * the request they make (spec section 3 "New customer request"; the shared schema
 * ZNewCustomerRequest checks it in the browser and on the server alike).
 */
import type { Country, Locale, NewCustomerRequestInput } from '@portal/domain';

export interface RequestFormValues {
  companyName: string;
  address: string;
  postalCode: string;
  postalName: string;
  country: Country | '';
  /** The invoice address differs from the address: its fields are shown and sent. */
  differentInvoice: boolean;
  invoiceAddress: string;
  invoicePostalCode: string;
  invoicePostalName: string;
  invoiceCountry: Country | '';
  invoiceEmail: string;
  invoiceReference: string;
  contactPerson: string;
  email: string;
  phone: string;
  vatNumber: string;
  industry: string;
  need: string;
  /** Digits only (the field takes nothing else). */
  palletsPerYear: string;
  openingHours: string;
  termsAccepted: boolean;
  /** The honeypot: hidden from people, filled by some robots. */
  website: string;
}

export const emptyRequestForm: RequestFormValues = {
  companyName: '',
  address: '',
  postalCode: '',
  postalName: '',
  country: '',
  differentInvoice: false,
  invoiceAddress: '',
  invoicePostalCode: '',
  invoicePostalName: '',
  invoiceCountry: '',
  invoiceEmail: '',
  invoiceReference: '',
  contactPerson: '',
  email: '',
  phone: '',
  vatNumber: '',
  industry: '',
  need: '',
  palletsPerYear: '',
  openingHours: '',
  termsAccepted: false,
  website: '',
};

const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The request of `values` in `language`: empty optional texts left out, the invoice address only when it differs. */
export function toRequest(values: RequestFormValues, language: Locale): NewCustomerRequestInput {
  const invoice = values.differentInvoice;
  return {
    companyName: values.companyName,
    address: values.address,
    postalCode: values.postalCode,
    postalName: values.postalName,
    country: (values.country || undefined) as Country,
    invoiceAddress: invoice ? given(values.invoiceAddress) : undefined,
    invoicePostalCode: invoice ? given(values.invoicePostalCode) : undefined,
    invoicePostalName: invoice ? given(values.invoicePostalName) : undefined,
    invoiceCountry: invoice && values.invoiceCountry ? values.invoiceCountry : undefined,
    invoiceEmail: given(values.invoiceEmail),
    invoiceReference: given(values.invoiceReference),
    contactPerson: values.contactPerson,
    email: values.email,
    phone: values.phone,
    vatNumber: values.vatNumber,
    industry: given(values.industry),
    need: given(values.need),
    palletsPerYear: values.palletsPerYear === '' ? undefined : Number(values.palletsPerYear),
    openingHours: given(values.openingHours),
    termsAccepted: values.termsAccepted as true,
    website: given(values.website),
    language,
  };
}
