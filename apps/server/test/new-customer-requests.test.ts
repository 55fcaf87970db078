/**
 * New customer requests (issue 9, "Registration and first sign-in"; docs/registration.md): a
 * visitor sends one without signing in, it is stored and mailed to the provider's users who
 * want to hear of new customers and to the contact; spam is kept out by a honeypot and a limit
 * per address; bad input changes nothing. Global admins list, open, reject and convert requests
 * (customer, first location and admin user in one transaction, with a welcome mail); kari and
 * ole get 403.
 */
import type { NewCustomerRequestInput } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { REQUESTS_PER_ADDRESS, REQUESTS_PER_RECIPIENT } from '../src/modules/registration/request-limits.js';
import { NEW_CUSTOMER_REQUEST_LIMIT } from '../src/modules/registration/submit-new-customer-request.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { lastLinkTokenTo, outboxIdle, startTestMail } from './smtp.js';

const en = translator('en-US');
/** The demo admin writes Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');

/** A complete Swedish request, as the page sends it. */
const swedish: NewCustomerRequestInput = {
  companyName: 'Lagerbolaget i Borås AB',
  address: 'Lagergatan 5',
  postalCode: '504 30',
  postalName: 'Borås',
  country: 'SE',
  invoiceAddress: 'Box 77',
  invoicePostalCode: '501 10',
  invoicePostalName: 'Borås',
  invoiceCountry: 'SE',
  invoiceEmail: 'faktura@lagerbolaget.example.se',
  invoiceReference: 'Ref 99',
  contactPerson: 'Eva Lund',
  email: 'eva.lund@lagerbolaget.example.se',
  phone: '+46 33 10 20 30',
  vatNumber: 'SE556036079301',
  industry: 'Lager och logistik',
  need: 'Pallar för utleveranser',
  palletsPerYear: 3000,
  openingHours: 'Vardagar 07–16',
  termsAccepted: true,
  language: 'sv-SE',
};

describe.each(backends)('new customer requests (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  let address = 0;
  /** Another client address per request, so the per-address limit only counts where a test wants it. */
  const nextAddress = () => `203.0.113.${++address % 250}`;

  beforeAll(async () => {
    // No ledger check after each test: requests and conversions write no order, ledger entry or balance.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
  });
  afterAll(() => ctx.close());

  const submit = (body: unknown, remoteAddress = nextAddress(), language = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/NewCustomerRequests',
      payload: body as object,
      remoteAddress,
      headers: { 'accept-language': language },
    });
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);
  const mailsTo = (address: string) =>
    rows<{ topic: string; subject: string; body: string; toUserId: number | null }>(
      ctx.database.db,
      sql`SELECT topic, subject, body, to_user_id AS "toUserId" FROM email_archive WHERE to_address = ${address} ORDER BY id`,
    );

  it('a visitor’s request is stored and mailed to every provider user with the “new customer” notification and to the contact', async () => {
    const watchers = await rows<{ id: number; email: string; language: string }>(
      ctx.database.db,
      sql`SELECT u.id, u.email, u.language FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE c.is_provider AND u.is_active AND u.notify_new_customer AND u.email IS NOT NULL ORDER BY u.id`,
    );
    expect(watchers.length).toBeGreaterThan(0);
    const response = await submit(swedish);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ received: true });

    const [stored] = await rows<{ status: string; companyName: string; email: string; countryId: string; data: Record<string, unknown> }>(
      ctx.database.db,
      sql`SELECT status, company_name AS "companyName", email, country_id AS "countryId", data FROM new_customer_requests
          WHERE company_name = ${swedish.companyName}`,
    );
    expect(stored).toMatchObject({ status: 'new', companyName: swedish.companyName, email: swedish.email, countryId: 'SE' });
    const data = typeof stored?.data === 'string' ? JSON.parse(stored.data) : stored?.data;
    expect(data).toMatchObject({ vatNumber: swedish.vatNumber, invoiceReference: 'Ref 99', palletsPerYear: 3000 });
    expect(data).not.toHaveProperty('website');

    for (const watcher of watchers) {
      const mails = (await mailsTo(watcher.email)).filter((m) => m.topic === 'newCustomerRequest');
      expect(mails.at(-1)?.subject).toBe(
        translator(watcher.language as 'nb-NO')('registration.providerMail.subject', { company: swedish.companyName }),
      );
      expect(mails.at(-1)?.body).toContain(swedish.vatNumber);
      expect(Number(mails.at(-1)?.toUserId)).toBe(Number(watcher.id));
    }
    // The confirmation is in the page's language (Swedish), whatever the browser's, and repeats
    // nothing the visitor wrote: the form must not relay text to whatever address was typed.
    const [confirmation] = await mailsTo(swedish.email);
    expect(confirmation?.topic).toBe('newCustomerConfirmation');
    expect(confirmation?.subject).toBe(translator('sv-SE')('registration.confirmationMail.subject'));
    expect(confirmation?.body).toContain(translator('sv-SE')('registration.confirmationMail.notYou'));
    for (const [field, value] of Object.entries(swedish)) {
      if (typeof value === 'string' && value.length > 2 && field !== 'language' && field !== 'country' && field !== 'invoiceCountry')
        expect(`${confirmation?.subject}\n${confirmation?.body}`, field).not.toContain(value);
    }
    expect(confirmation?.body).not.toContain('SE556036079301');
  });

  it('a request with the hidden honeypot field filled in is answered alike and stores and sends nothing', async () => {
    const [requests, mails] = [await count('new_customer_requests'), await count('email_archive')];
    const response = await submit({ ...swedish, companyName: 'Spam AB', website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ received: true });
    expect(await count('new_customer_requests')).toBe(requests);
    expect(await count('email_archive')).toBe(mails);
  });

  it('checks the VAT number against the country chosen, with a translated field message, and writes nothing', async () => {
    const [requests, mails] = [await count('new_customer_requests'), await count('email_archive')];
    const cases: [Partial<NewCustomerRequestInput>, string, string][] = [
      [{ country: 'NO', postalCode: '0150', vatNumber: '974760674' }, 'vatNumber', 'registration.vatNO'],
      [{ country: 'DK', postalCode: '5200', vatNumber: '13585627' }, 'vatNumber', 'registration.vatDK'],
      [{ country: 'FI', postalCode: '33100', vatNumber: '2077474-1' }, 'vatNumber', 'registration.vatFI'],
      [{ vatNumber: '556036-0794' }, 'vatNumber', 'registration.vatSE'],
      [{ postalCode: '5043' }, 'postalCode', 'validation.postalCode'],
      [{ termsAccepted: false as true }, 'termsAccepted', 'registration.termsRequired'],
      [{ email: 'eva at lagerbolaget' }, 'email', 'accounts.email'],
      [{ palletsPerYear: -1 }, 'palletsPerYear', 'validation.tooSmall'],
    ];
    for (const [change, field, key] of cases) {
      const response = await submit({ ...swedish, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields[field]).toBe(en(key));
    }
    // Danish, Norwegian and Finnish numbers that pass are taken.
    for (const change of [
      { country: 'NO', postalCode: '0150', vatNumber: 'NO 974 760 673 MVA' },
      { country: 'DK', postalCode: '5200', vatNumber: 'DK13585628' },
      { country: 'FI', postalCode: '33100', vatNumber: 'FI20774740' },
    ] as const) {
      const checked = { ...swedish, ...change, companyName: `Checked ${change.country}`, email: `checked.${change.country}@example.com` };
      expect((await submit(checked)).statusCode).toBe(200);
    }
    expect(await count('new_customer_requests')).toBe(requests + 3);
    expect(await count('email_archive')).toBeGreaterThan(mails);
    // Messages in the caller's language.
    const finnish = await submit({ ...swedish, vatNumber: '1' }, nextAddress(), 'fi-FI');
    expect(finnish.json().error.fields.vatNumber).toBe(translator('fi-FI')('registration.vatSE'));
  });

  it('limits requests per client address: past the limit 429, while another address still gets through', async () => {
    const from = '198.51.100.77';
    for (let i = 0; i < NEW_CUSTOMER_REQUEST_LIMIT.max; i++) {
      expect((await submit({ ...swedish, website: 'honeypot: nothing stored' }, from)).statusCode).toBe(200);
    }
    const over = await submit(swedish, from);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.type).toBe('RATE_LIMITED');
    expect((await submit({ ...swedish, website: 'x' }, '198.51.100.78')).statusCode).toBe(200);
  });

  it('global admins list requests by status and open one; kari and ole get 403', async () => {
    const all = await ctx.call('GET', '/api/NewCustomerRequests', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(7);
    const waiting = await ctx.call('GET', '/api/NewCustomerRequests?status=new', { token: tokens.admin });
    expect(waiting.body.data.items.every((r: { status: string }) => r.status === 'new')).toBe(true);
    expect(waiting.body.data.items[0].companyName).toBe('Checked FI');
    const converted = await ctx.call('GET', '/api/NewCustomerRequests?status=converted', { token: tokens.admin });
    expect(converted.body.data.items.length).toBeGreaterThan(0);
    const one = await ctx.call('GET', `/api/NewCustomerRequests/${converted.body.data.items[0].id}`, { token: tokens.admin });
    expect(one.body.data.convertedCustomerName).toBe(one.body.data.companyName);

    for (const who of ['kari', 'ole'] as const) {
      expect((await ctx.call('GET', '/api/NewCustomerRequests', { token: tokens[who] })).status).toBe(403);
      expect((await ctx.call('GET', `/api/NewCustomerRequests/${converted.body.data.items[0].id}`, { token: tokens[who] })).status).toBe(
        403,
      );
      const id = waiting.body.data.items[0].id;
      expect(
        (await ctx.call('POST', '/api/NewCustomerRequestStatus', { token: tokens[who], body: { id, status: 'rejected' } })).status,
      ).toBe(403);
      const conversion = { id, customerType: 'supplier', locationNumber: `X-${who}`, locationTypeId: 'LEV', loginName: `x.${who}` };
      expect((await ctx.call('POST', '/api/NewCustomerRequestConversion', { token: tokens[who], body: conversion })).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/NewCustomerRequests', {})).status).toBe(401);
    expect((await ctx.call('GET', '/api/NewCustomerRequests/2147483647', { token: tokens.admin })).status).toBe(404);
  });

  it('a rejected request is marked with who rejected it, and cannot be handled again', async () => {
    const id = await requestId('Checked DK');
    const rejected = await ctx.call('POST', '/api/NewCustomerRequestStatus', { token: tokens.admin, body: { id, status: 'rejected' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', handledByName: expect.any(String) });
    const again = await ctx.call('POST', '/api/NewCustomerRequestStatus', { token: tokens.admin, body: { id, status: 'rejected' } });
    expect(again.status).toBe(409);
    const conversion = { id, customerType: 'retail', locationNumber: 'DK-NEW-1', locationTypeId: 'BUT', loginName: 'mette.dk' };
    expect((await ctx.call('POST', '/api/NewCustomerRequestConversion', { token: tokens.admin, body: conversion })).status).toBe(409);
  });

  async function requestId(companyName: string): Promise<number> {
    const [row] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM new_customer_requests WHERE company_name = ${companyName}`,
    );
    return Number(row?.id);
  }

  it('a login name or location number in use writes nothing', async () => {
    const id = await requestId(swedish.companyName);
    const before = await Promise.all(['customers', 'locations', 'users', 'email_archive'].map(count));
    const [taken] = await rows<{ number: string }>(ctx.database.db, sql`SELECT number FROM locations ORDER BY id LIMIT 1`);
    const base = { id, customerType: 'wholesale', locationNumber: 'SE-BORAS-1', locationTypeId: 'GRS', loginName: 'eva.lund' };
    const kariTaken = await ctx.call('POST', '/api/NewCustomerRequestConversion', {
      token: tokens.admin,
      body: { ...base, loginName: 'KARI' },
    });
    expect(kariTaken.status).toBe(400);
    expect(kariTaken.body.error.fields.loginName).toBe(nb('registration.loginNameTaken'));
    const numberTaken = await ctx.call('POST', '/api/NewCustomerRequestConversion', {
      token: tokens.admin,
      body: { ...base, locationNumber: taken?.number },
    });
    expect(numberTaken.status).toBe(400);
    expect(numberTaken.body.error.fields.locationNumber).toBe(nb('registration.locationNumberTaken'));
    expect(await Promise.all(['customers', 'locations', 'users', 'email_archive'].map(count))).toEqual(before);
    expect((await ctx.call('GET', `/api/NewCustomerRequests/${id}`, { token: tokens.admin })).body.data.status).toBe('new');
  });

  it('converting a request creates the customer, its first location and admin user in one step', async () => {
    const id = await requestId(swedish.companyName);
    const body = { id, customerType: 'wholesale', locationNumber: 'SE-BORAS-1', locationTypeId: 'GRS', loginName: 'eva.lund' };
    // The portal's SMTP delivery to a real SMTP server: the welcome link reaches only the new administrator.
    const smtp = await startTestMail(ctx.database.db);
    let converted: Awaited<ReturnType<typeof ctx.call>>;
    try {
      converted = await ctx.call('POST', '/api/NewCustomerRequestConversion', { token: tokens.admin, body });
      await outboxIdle(ctx.database.db);
    } finally {
      await smtp.close();
    }
    expect(converted.status).toBe(200);
    expect(converted.body.data).toMatchObject({
      status: 'converted',
      convertedCustomerName: swedish.companyName,
      orgNumber: '556036-0793',
    });
    const customerId = converted.body.data.convertedCustomerId;
    const [customer] = await rows(
      ctx.database.db,
      sql`SELECT name, country_id AS "countryId", org_number AS "orgNumber", customer_type AS "customerType", contact_email AS "contactEmail",
            invoice_email AS "invoiceEmail", invoice_reference AS "invoiceReference", agreement_required AS "agreementRequired"
          FROM customers WHERE id = ${customerId}`,
    );
    expect(customer).toEqual({
      name: swedish.companyName,
      countryId: 'SE',
      orgNumber: '556036-0793',
      customerType: 'wholesale',
      contactEmail: swedish.email,
      invoiceEmail: swedish.invoiceEmail,
      invoiceReference: 'Ref 99',
      agreementRequired: true,
    });
    const [location] = await rows<Record<string, unknown>>(
      ctx.database.db,
      sql`SELECT id, number, type_id AS "typeId", street, postal_code AS "postalCode", postal_name AS "postalName", is_default AS "isDefault",
            is_pooling AS "isPooling", (SELECT count(*)::int FROM location_products WHERE location_id = l.id) AS products
          FROM locations l WHERE customer_id = ${customerId}`,
    );
    expect(location).toMatchObject({
      number: 'SE-BORAS-1',
      typeId: 'GRS',
      street: 'Lagergatan 5',
      postalCode: '504 30',
      isDefault: true,
      isPooling: true,
    });
    expect(Number(location?.products)).toBeGreaterThan(0);
    const [user] = await rows<Record<string, unknown>>(
      ctx.database.db,
      sql`SELECT id, name, login_name AS "loginName", email, language, is_customer_admin AS "isCustomerAdmin", location_id AS "locationId"
          FROM users WHERE customer_id = ${customerId}`,
    );
    expect(user).toMatchObject({ name: 'Eva Lund', loginName: 'eva.lund', email: swedish.email, language: 'sv-SE', isCustomerAdmin: true });
    expect(Number(user?.locationId)).toBe(Number(location?.id));
    // The welcome mail, in her language, with the link to set a password; it works once.
    const welcome = (await mailsTo(swedish.email)).filter((m) => m.topic === 'welcome');
    expect(welcome).toHaveLength(1);
    expect(Number(welcome[0]?.toUserId)).toBe(Number(user?.id));
    expect(welcome[0]?.body).toContain('/reset-password?token=…');
    const token = lastLinkTokenTo(smtp.received, swedish.email);
    expect(token).toBeTruthy();
    const [link] = await rows<{ purpose: string }>(
      ctx.database.db,
      sql`SELECT purpose FROM password_links WHERE user_id = ${Number(user?.id)} AND used_at IS NULL AND expires_at > now()`,
    );
    expect(link?.purpose).toBe('welcome');
    // Nobody can sign in with a guessed password before the welcome link is used.
    expect((await ctx.call('POST', '/api/Login', { body: { userLoginName: 'eva.lund', password: 'demo1234' } })).status).toBe(401);
    // With the link she sets her password and signs in as her company's administrator.
    const reset = await ctx.call('POST', '/api/PasswordReset', {
      body: { token: decodeURIComponent(token ?? ''), newPassword: 'lager-2026' },
    });
    expect(reset.status).toBe(200);
    const signIn = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'eva.lund', password: 'lager-2026' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.status.customer.name).toBe(swedish.companyName);
    // Converted once.
    expect((await ctx.call('POST', '/api/NewCustomerRequestConversion', { token: tokens.admin, body })).status).toBe(409);
  });

  it('a link or text typed into the form reaches no one but the provider', async () => {
    const spam = {
      ...swedish,
      companyName: 'Win a prize at https://evil.example/claim',
      contactPerson: 'Click https://evil.example/login',
      need: 'Your account is locked: https://evil.example/unlock',
      email: 'victim@example.org',
    };
    expect((await submit(spam)).statusCode).toBe(200);
    const [confirmation, ...more] = await mailsTo('victim@example.org');
    expect(more).toEqual([]);
    expect(`${confirmation?.subject} ${confirmation?.body}`).not.toMatch(/evil|prize|locked/);
    expect(confirmation?.subject).toBe(translator('sv-SE')('registration.confirmationMail.subject'));
  });

  it('counts requests per client address in the database, so every server process keeps one limit', async () => {
    const from = '198.51.100.90';
    // Another process stored this address's requests of the last hour.
    await ctx.database.db.execute(sql`INSERT INTO new_customer_requests (data, company_name, email, country_id, status, sent_from)
      SELECT '{}'::jsonb, 'Elsewhere ' || i, 'x' || i || '@elsewhere.example', 'SE', 'new', ${from}
      FROM generate_series(1, ${REQUESTS_PER_ADDRESS.max}) AS i`);
    const [requests, mails] = [await count('new_customer_requests'), await count('email_archive')];
    const over = await submit({ ...swedish, companyName: 'One too many AB', email: 'too.many@example.com' }, from);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.type).toBe('RATE_LIMITED');
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect([await count('new_customer_requests'), await count('email_archive')]).toEqual([requests, mails]);
    // An hour later the address may send again.
    await ctx.database.db.execute(
      sql`UPDATE new_customer_requests SET created_at = now() - interval '61 minutes' WHERE sent_from = ${from}`,
    );
    expect((await submit({ ...swedish, companyName: 'Later AB', email: 'later@example.com' }, from)).statusCode).toBe(200);
  });

  it('sends one address at most 3 requests a day, from any client address', async () => {
    const email = 'often@lagerbolaget.example.se';
    for (let i = 0; i < REQUESTS_PER_RECIPIENT.max; i++)
      expect((await submit({ ...swedish, email, companyName: `Often ${i} AB` })).statusCode).toBe(200);
    const [requests, mails] = [await count('new_customer_requests'), await count('email_archive')];
    const over = await submit({ ...swedish, email: ` ${email.toUpperCase()} `, companyName: 'Often again AB' });
    expect(over.statusCode).toBe(429);
    expect([await count('new_customer_requests'), await count('email_archive')]).toEqual([requests, mails]);
    expect((await mailsTo(email)).filter((m) => m.topic === 'newCustomerConfirmation')).toHaveLength(REQUESTS_PER_RECIPIENT.max);
  });
});
