/**
 * Journey: a customer admin with fewer rights than kari (issue 20; docs/company-users.md, "Acting
 * as or on another user"). kari makes a Swedish-speaking customer admin of her company without
 * the finance permission and with two menus (through the API, as her Users page would). That admin
 * signs in, finds kari marked "Rights beyond yours" on the Users page, opens her read-only (why, no
 * password actions, no Save), and is not offered kari in the switch dialog. On a desktop and at
 * 390 px. The e2e server is shared: the admin is a user of this run's own.
 */
import { expect } from '@playwright/test';
import { anyLocale, apiToken, expectAccessible, expectHtmlLang, mainMenu, shot, test, text } from './fixtures';

const sv = (key: string, values: Record<string, string | number> = {}) => text('sv-SE', key, values);

test('an admin without the finance permission sees kari read-only and cannot act as her', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const loginName = `e2e.weak.${run}`;
  const kari = await apiToken(request, 'kari');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const location = ((await (await request.get('/api/location', { headers: as(kari) })).json()) as { data: { id: number } }).data.id;
  const created = await request.post('/api/Users', {
    headers: as(kari),
    data: {
      name: 'Svea Svensson',
      loginName,
      phone: '+46 70 123 45 67',
      email: `${loginName}@example.com`,
      language: 'sv-SE',
      isActive: true,
      locationId: location,
      secondaryLocationIds: [],
      roleIds: [],
      isGlobalAdmin: false,
      isCustomerAdmin: true,
      isSupport: false,
      supportCustomer: false,
      supportLocation: false,
      reportLevel: 1,
      financeReport: false,
      standardDraft: false,
      tasks: ['ORDER', 'REPORTS'],
      notifications: { autoCommit: false, deviation: false, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const userId = ((await created.json()) as { data: { id: number } }).data.id;
  // kari sets a password for the new admin (within her rights), who confirms GDPR through the API.
  expect((await request.post('/api/userPassword', { headers: as(kari), data: { userId, newPassword: 'hemligt123' } })).ok()).toBe(true);
  const login = await request.post('/api/Login', { data: { userLoginName: loginName, password: 'hemligt123' } });
  const own = ((await login.json()) as { data: { token: string } }).data.token;
  expect((await request.post('/api/Gdpr', { headers: as(own), data: { confirmed: true } })).ok()).toBe(true);

  await page.goto('/');
  await page.getByRole('textbox', { name: anyLocale('public:login.username') }).fill(loginName);
  await page.getByLabel(anyLocale('public:login.password')).fill('hemligt123');
  await page.getByRole('button', { name: anyLocale('public:login.submit') }).click();
  await expect(mainMenu(page, 'sv-SE')).toBeVisible();
  await expectHtmlLang(page, 'sv-SE');

  await page.goto('/app/company/users');
  const kariRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'kari', exact: true }) });
  await expect(kariRow.getByText(sv('companyUsers:users.beyondRights'))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: loginName }).getByText(sv('companyUsers:users.beyondRights'))).toHaveCount(0);
  await expectAccessible(page, 'the users page with a user beyond the admin’s rights');
  await shot(page, 'acting-users-page-sv');

  await kariRow.getByRole('button', { name: 'Kari Nordmann' }).click();
  const dialog = page.getByRole('dialog', { name: sv('companyUsers:user.editTitle', { name: 'Kari Nordmann' }) });
  await expect(dialog.getByText(sv('companyUsers:user.beyondRights', { name: 'Kari Nordmann' }))).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: anyLocale('companyUsers:user.email') })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: sv('companyUsers:user.save') })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: sv('companyUsers:password.setButton') })).toHaveCount(0);
  await expectAccessible(page, 'a user beyond the admin’s rights, read-only');
  await shot(page, 'acting-user-dialog-sv');
  await dialog
    .getByRole('button', { name: sv('companyUsers:close') })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // The switch dialog offers the admin herself and weaker users, never kari.
  await page.getByRole('button', { name: sv('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: sv('shell:userMenu.switch') }).click();
  const switchDialog = page.getByRole('dialog', { name: sv('shell:switch.title') });
  await switchDialog.getByRole('combobox', { name: sv('shell:switch.user'), exact: true }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: loginName })).toHaveCount(1);
  await expect(options.filter({ hasText: '(kari)' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // On a phone.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/company/users');
  await expect(page.getByText(sv('companyUsers:users.beyondRights')).first()).toBeVisible();
  await page.getByRole('button', { name: /^Kari Nordmann/ }).click();
  await expect(page.getByText(sv('companyUsers:user.beyondRights', { name: 'Kari Nordmann' }))).toBeVisible();
  await expectAccessible(page, 'a user beyond the admin’s rights, read-only, on a phone');
  await shot(page, 'acting-user-dialog-sv-phone');
});
