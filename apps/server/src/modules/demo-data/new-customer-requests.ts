/**
 * New customer requests of the demo (Admin > Customer requests; docs/registration.md): four new
 * ones from fictional companies in each country served, waiting for the provider; one rejected
 * (a private person) and one converted into the demo customer it became. Their organisation
 * and VAT numbers are made up but pass each country's check digit.
 */
import type { NewCustomerRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { addDays, at, iso, type SeedContext, type SeedWorld } from './context.js';

type SeedRequest = Omit<NewCustomerRequest, 'termsAccepted' | 'website'>;

const waiting: { daysAgo: number; data: SeedRequest }[] = [
  {
    daysAgo: 1,
    data: {
      companyName: 'Nordkyst Fiskemottak AS',
      address: 'Havnegata 14',
      postalCode: '8006',
      postalName: 'Bodø',
      country: 'NO',
      contactPerson: 'Ingrid Solberg',
      email: 'ingrid.solberg@nordkyst-fisk.example.no',
      phone: '+47 755 12 340',
      vatNumber: 'NO 928 765 431 MVA',
      industry: 'Sjømat',
      need: 'Vi sender fisk på EUR-paller til grossister i hele landet og ønsker å slippe å kjøpe nye paller.',
      palletsPerYear: 12000,
      openingHours: 'Man–fre 06–15',
      language: 'nb-NO',
    },
  },
  {
    daysAgo: 2,
    data: {
      companyName: 'Västkustens Bygghandel AB',
      address: 'Industrivägen 7',
      postalCode: '421 31',
      postalName: 'Västra Frölunda',
      country: 'SE',
      invoiceAddress: 'Box 2204',
      invoicePostalCode: '403 14',
      invoicePostalName: 'Göteborg',
      invoiceCountry: 'SE',
      invoiceEmail: 'faktura@vastkustens-bygg.example.se',
      invoiceReference: 'Inköp 4410',
      contactPerson: 'Johan Ek',
      email: 'johan.ek@vastkustens-bygg.example.se',
      phone: '031-12 34 56',
      vatNumber: '559123-4561',
      industry: 'Byggvaror',
      need: 'Returlogistik för pallar från byggarbetsplatser.',
      palletsPerYear: 4500,
      openingHours: 'Vardagar 07–16',
      language: 'sv-SE',
    },
  },
  {
    daysAgo: 4,
    data: {
      companyName: 'Fynsk Frugt ApS',
      address: 'Middelfartvej 101',
      postalCode: '5200',
      postalName: 'Odense V',
      country: 'DK',
      contactPerson: 'Mette Holm',
      email: 'mette@fynskfrugt.example.dk',
      phone: '+45 66 12 34 56',
      vatNumber: 'DK34567816',
      industry: 'Frugt og grønt',
      palletsPerYear: 2500,
      language: 'da-DK',
    },
  },
  {
    daysAgo: 6,
    data: {
      companyName: 'Pohjolan Puutarha Oy',
      address: 'Teollisuuskatu 9',
      postalCode: '33100',
      postalName: 'Tampere',
      country: 'FI',
      contactPerson: 'Aino Virtanen',
      email: 'aino.virtanen@pohjolanpuutarha.example.fi',
      phone: '+358 3 123 4567',
      vatNumber: '3123456-3',
      industry: 'Puutarhatuotteet',
      need: 'Lavapalvelu kauden huippuihin keväällä.',
      palletsPerYear: 1800,
      openingHours: 'Ma–pe 7–17',
      language: 'fi-FI',
    },
  },
];

const rejected: SeedRequest = {
  companyName: 'Ola Nordmann',
  address: 'Storgata 1',
  postalCode: '0155',
  postalName: 'Oslo',
  country: 'NO',
  contactPerson: 'Ola Nordmann',
  email: 'ola.nordmann@example.no',
  phone: '+47 900 00 000',
  vatNumber: '928765431',
  need: 'Trenger fem paller til flytting.',
  palletsPerYear: 5,
  language: 'nb-NO',
};

export async function seedNewCustomerRequests(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const admin = world.demo.admin?.userId ?? null;
  const insert = async (data: SeedRequest, status: string, daysAgo: number, customerId: number | null) => {
    const created = iso(at(addDays(ctx.today, -daysAgo), 9 * 60 + daysAgo * 37));
    const handled = status === 'new' ? null : iso(at(addDays(ctx.today, -daysAgo + 1), 10 * 60));
    await tx.execute(
      sql`INSERT INTO new_customer_requests (data, company_name, email, country_id, status, sent_from, converted_customer_id,
            handled_by_user_id, handled_at, created_at)
          VALUES (${JSON.stringify(data)}::jsonb, ${data.companyName}, ${data.email}, ${data.country}, ${status}, '192.0.2.10',
            ${customerId}, ${status === 'new' ? null : admin}, ${handled}, ${created})`,
    );
  };
  // The converted one: the youngest demo customer of Sweden, as its contact sent it.
  const became = world.customers.filter((c) => c.countryId === 'SE').at(-1);
  if (became) {
    await insert(
      {
        companyName: became.name,
        address: 'Hamngatan 3',
        postalCode: '411 06',
        postalName: 'Göteborg',
        country: 'SE',
        contactPerson: 'Karin Berg',
        email: `karin.berg@${became.domain}`,
        phone: '+46 31 700 10 00',
        vatNumber: 'SE559123456101',
        industry: 'Dagligvaror',
        palletsPerYear: 20000,
        language: 'sv-SE',
      },
      'converted',
      40,
      became.id,
    );
  }
  await insert(rejected, 'rejected', 20, null);
  for (const request of waiting) await insert(request.data, 'new', request.daysAgo, null);
}
