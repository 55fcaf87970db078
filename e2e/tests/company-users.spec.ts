/**
 * Journey: My company (issue 9). kari, a customer admin, opens My company, saves the company's
 * invoice reference and phone, goes to Users, filters the list, and creates a user. The new user
 * receives the welcome mail (the archive, read through the API, shows it without the link's
 * token; the link is read from the mail received, e2e/mail-catcher.ts), chooses a password on
 * /reset-password with its link, and signs in. A new user's first sign-in goes to the GDPR page
 * and asks for nothing the server refuses before the consent. The e2e server is shared: the
 * journeys create their own users (a login name of their own run) rather than changing demo users.
 */
import { expect } from '@playwright/test';
import { anyLocale, apiToken, dismissToast, expectAccessible, expectNothingCut, shot, signIn, signOut, test, text } from './fixtures';
import { passwordLinkTo } from './mail';
import { nb } from './order-steps';

test('kari edits the company information and creates a user, who sets a password from the welcome mail and signs in', async ({
  page,
  request,
}) => {
  // Two sign-ins, a dialog and five axe runs on a shared machine.
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const loginName = `e2e.user.${run}`;
  const email = `e2e.user.${run}@example.com`;

  await signIn(page, 'kari');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.company') }).click();
  await expect(page).toHaveURL(/\/app\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjordland Dagligvare AS' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: nb('companyUsers:logo.title') })).toBeVisible();
  await page.getByLabel(nb('companyUsers:company.invoiceReference')).fill(`REF-${run}`);
  await page.getByLabel(nb('companyUsers:company.phone')).fill('+47 22 33 44 55');
  await expectAccessible(page, 'the company page');
  await expectNothingCut(page.locator('main'), 'the company page');
  await page.getByRole('button', { name: nb('companyUsers:company.save'), exact: true }).click();
  await dismissToast(page, nb('companyUsers:company.saved'), 'nb-NO');
  await page.reload();
  await expect(page.getByLabel(nb('companyUsers:company.invoiceReference'))).toHaveValue(`REF-${run}`);

  const section = page.getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.companySection') }) });
  await section.getByRole('link', { name: nb('shell:menu.companyUsers') }).click();
  await expect(page).toHaveURL(/\/app\/company\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('companyUsers:users.title') })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'kari', exact: true })).toBeVisible();
  // Customer admins only: kari, and any admin an earlier journey made (acting-rights.spec.ts).
  const all = await page.getByRole('main').getByRole('table').locator('tbody tr').count();
  await page.getByRole('combobox', { name: nb('companyUsers:users.filters.role') }).click();
  await page.getByRole('option', { name: nb('companyUsers:user.isCustomerAdmin') }).click();
  const admins = page.getByRole('main').getByRole('table').locator('tbody tr');
  await expect(admins.filter({ hasNotText: nb('companyUsers:user.isCustomerAdmin') })).toHaveCount(0);
  await expect(admins.filter({ hasText: 'kari' })).not.toHaveCount(0);
  const count = await admins.count();
  expect(count).toBeLessThan(all);
  await expect(page.getByText(nb(`companyUsers:users.count_${count === 1 ? 'one' : 'other'}`, { count }), { exact: true })).toBeVisible();
  await expectAccessible(page, 'the users page');
  await expectNothingCut(page.locator('main'), 'the users page');

  await page.getByRole('button', { name: nb('companyUsers:users.new') }).click();
  const dialog = page.getByRole('dialog', { name: nb('companyUsers:user.newTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: anyLocale('companyUsers:user.name') }).fill('Eva Testesen');
  await dialog.getByRole('textbox', { name: anyLocale('companyUsers:user.loginName') }).fill(loginName);
  await dialog.getByRole('textbox', { name: anyLocale('companyUsers:user.email') }).fill(email);
  await dialog.getByRole('checkbox', { name: nb('companyUsers:user.notify.deviation') }).check();
  await expectAccessible(page, 'the new user dialog');
  await dialog.getByRole('button', { name: nb('companyUsers:user.create') }).click();
  await dismissToast(page, nb('companyUsers:user.created', { email }), 'nb-NO');
  await expect(dialog).toBeHidden();
  await page.goto('/app/company/users');
  await expect(page.getByRole('cell', { name: loginName, exact: true })).toBeVisible();
  await signOut(page, 'nb-NO');

  // The welcome mail in the email archive, as kari's admin view of it reads it: without the link's token.
  const token = await apiToken(request, 'kari');
  const archive = await request.get('/api/EmailArchive?topic=welcome', { headers: { authorization: `Bearer ${token}` } });
  expect(archive.ok()).toBe(true);
  const mails = ((await archive.json()) as { data: { items: { toAddress: string; body: string }[] } }).data.items;
  const mail = mails.find((m) => m.toAddress === email);
  expect(mail?.body, 'the archived welcome mail').toContain('/reset-password?token=…');
  // The new user's inbox has the link.
  const link = await passwordLinkTo(email);
  // The welcome link opens /reset-password with the welcome wording; the new user chooses a password.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: nb('accounts:reset.welcomeTitle') })).toBeVisible();
  await page.getByRole('textbox', { name: nb('accounts:reset.new'), exact: true }).fill('velkommen1');
  await page.getByRole('textbox', { name: nb('accounts:reset.confirm'), exact: true }).fill('velkommen1');
  await page.getByRole('button', { name: nb('accounts:reset.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: nb('accounts:reset.done', { loginName }) })).toBeVisible();
  await expectAccessible(page, 'the welcome page after choosing a password');

  // The new user signs in with the chosen password; a first sign-in asks for the GDPR consent.
  await page.goto('/');
  await page.getByRole('textbox', { name: anyLocale('public:login.username') }).fill(loginName);
  await page.getByLabel(anyLocale('public:login.password')).fill('velkommen1');
  await page.getByRole('button', { name: anyLocale('public:login.submit') }).click();
  await expect(page).toHaveURL(/\/gdpr/);
});

test('a new user signs in first to the GDPR page, and the app asks for nothing it may not have yet', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const loginName = `e2e.gdpr.${run}`;
  const password = 'samtycke-2026';
  // kari creates a Swedish user at her location and sets a password (the admin's way, no mail).
  const auth = { authorization: `Bearer ${await apiToken(request, 'kari')}` };
  const where = (await (await request.get('/api/location', { headers: auth })).json()) as { data: { id: number } };
  const created = await request.post('/api/Users', {
    headers: auth,
    data: {
      name: `Samtycke ${run}`,
      loginName,
      phone: '+47 912 34 567',
      email: `${loginName}@example.com`,
      language: 'sv-SE',
      isActive: true,
      locationId: where.data.id,
      secondaryLocationIds: [],
      roleIds: [],
      isGlobalAdmin: false,
      isCustomerAdmin: false,
      isSupport: false,
      supportCustomer: false,
      supportLocation: false,
      reportLevel: 0,
      financeReport: false,
      standardDraft: false,
      tasks: [],
      notifications: { autoCommit: false, deviation: false, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    },
  });
  expect(created.ok(), 'the user of this run').toBe(true);
  const userId = ((await created.json()) as { data: { id: number } }).data.id;
  expect((await request.post('/api/userPassword', { headers: auth, data: { userId, newPassword: password } })).ok()).toBe(true);

  // Every API answer 403 the browser gets (before the consent, all but the gdpr page's calls are refused).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) refused.push(new URL(response.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('textbox', { name: anyLocale('public:login.username') }).fill(loginName);
  await page.getByLabel(anyLocale('public:login.password')).fill(password);
  await page.getByRole('button', { name: anyLocale('public:login.submit') }).click();
  await expect(page).toHaveURL(/\/gdpr/);
  await expect(page.getByRole('heading', { level: 1, name: text('sv-SE', 'public:gdpr.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused, 'calls refused before the consent (issue 20: the start page asked for four)').toEqual([]);
  await shot(page, 'gdpr-sv-390');
  await expectAccessible(page, 'the GDPR page');
  await expectNothingCut(page.locator('main'), 'the GDPR page on a phone');
});
