/**
 * Journey: a visitor registers and the provider turns the request into a customer (issue 9,
 * "Registration and first sign-in"; docs/registration.md). A Finnish visitor on a phone (375
 * px) opens "New customer? Register here", is told what is missing and that a Norwegian
 * organisation number does not fit Finland, fixes it, accepts the terms and sends the request.
 * admin, the provider's global admin, opens Customer requests from his menu, opens the request
 * and creates the customer with its first location and administrator.
 */
import { expect } from '@playwright/test';
import { dismissToast, escapeRegExp, expectAccessible, expectNothingCut, shot, signIn, test, text, useLocale } from './fixtures';

const fi = (key: string, values: Record<string, string | number> = {}) => text('fi-FI', key, values);
const nb = (key: string, values: Record<string, string | number> = {}) => text('nb-NO', key, values);
/** A field's whole label (a required field's asterisk allowed). */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}(?:\\s*\\*)?$`);
const field = (key: string) => label(fi(`messages:registration.fields.${key}`));

test('a Finnish visitor registers on a phone; admin turns the request into a customer', async ({ page }) => {
  test.setTimeout(150_000);
  const company = `Lahden Lava Oy ${Date.now().toString(36)}`;
  await useLocale(page, 'fi-FI');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('link', { name: fi('public:login.newCustomer') }).click();
  await expect(page).toHaveURL(/\/new-customer$/);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: fi('registration:page.title') })).toBeVisible();

  // Sent empty: the required fields say so, and nothing is sent.
  await main.getByRole('button', { name: fi('registration:page.submit') }).click();
  await expect(main.getByText(fi('messages:validation.required')).first()).toBeVisible();
  await expect(main.getByText(fi('messages:registration.termsRequired'))).toBeVisible();
  await expectAccessible(page, 'the new-customer form with its messages');

  await main.getByRole('textbox', { name: field('companyName') }).fill(company);
  // The shared address fields: country first, then the code, whose place the register fills in.
  await main.getByLabel(label(fi('address:street'))).fill('Mukkulankatu 19');
  await main.getByRole('combobox', { name: label(fi('address:country')) }).click();
  await page
    .getByRole('listbox', { name: label(fi('address:country')) })
    .getByRole('option', { name: /^(Suomi|Finland)$/ })
    .click();
  await main.getByLabel(label(fi('address:postalCode'))).fill('15110');
  await expect(main.getByLabel(label(fi('address:postalName')))).toHaveValue(/^lahti$/i);
  // A Norwegian organisation number does not pass as a Finnish business ID.
  await main.getByRole('textbox', { name: field('vatNumber') }).fill('974760673');
  await main.getByRole('textbox', { name: field('contactPerson') }).fill('Aino Laine');
  await main.getByRole('textbox', { name: field('email') }).fill('aino.laine@lahdenlava.example.fi');
  await main.getByRole('textbox', { name: field('phone') }).fill('+358 3 812 3456');
  await main.getByRole('textbox', { name: field('palletsPerYear') }).fill('2400');
  await main.getByRole('textbox', { name: field('need') }).fill('Lavoja vientiin Baltiaan.');
  await main.getByRole('checkbox', { name: label(fi('registration:page.terms')) }).check();
  await main.getByRole('button', { name: fi('registration:page.submit') }).click();
  await expect(main.getByText(fi('messages:registration.vatFI'))).toBeVisible();
  await main.getByRole('textbox', { name: field('vatNumber') }).fill('FI20774740');

  // The terms open in a dialog.
  await main.getByRole('button', { name: fi('registration:page.readTerms') }).click();
  const terms = page.getByRole('dialog', { name: fi('registration:page.termsTitle') });
  await expect(terms.getByText(fi('registration:page.termsP3'))).toBeVisible();
  await expectAccessible(page, 'the terms');
  await terms
    .getByRole('button', { name: fi('registration:page.close') })
    .last()
    .click();
  await expect(terms).toBeHidden();
  await expectNothingCut(main, 'the new-customer form at 375 px in Finnish');
  await shot(page, 'new-customer-fi-375');

  await main.getByRole('button', { name: fi('registration:page.submit') }).click();
  await expect(main.getByText(fi('registration:page.successTitle'))).toBeVisible();
  await expect(main.getByText(fi('registration:page.successText', { email: 'aino.laine@lahdenlava.example.fi' }))).toBeVisible();
  await expectAccessible(page, 'the request sent');

  // The provider's side, on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.removeItem('locale'));
  await signIn(page, 'admin');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${nb('registration:requests.menu')}`) }).click();
  await expect(page).toHaveURL(/\/app\/global\/customer-requests$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('registration:requests.title') })).toBeVisible();
  const table = page.getByRole('table', { name: nb('registration:requests.caption') });
  await expect(table.getByRole('button', { name: 'Nordkyst Fiskemottak AS' })).toBeVisible();
  await expectAccessible(page, 'the customer requests');

  await table.getByRole('button', { name: company }).click();
  const dialog = page.getByRole('dialog', { name: company });
  await expect(dialog.getByRole('cell', { name: '2077474-0' })).toBeVisible();
  await dialog.getByRole('combobox', { name: nb('registration:detail.customerType') }).selectOption('supplier');
  await expect(dialog.getByRole('combobox', { name: nb('registration:detail.locationType') })).toHaveValue('LEV');
  const number = `FI-LAHTI-${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: label(nb('registration:detail.locationNumber')) }).fill(number);
  // A login name in use is refused on its field.
  await dialog.getByRole('textbox', { name: label(nb('registration:detail.loginName')) }).fill('kari');
  await dialog.getByRole('button', { name: nb('registration:detail.convert') }).click();
  await expect(dialog.getByText(nb('messages:registration.loginNameTaken'))).toBeVisible();
  await expectAccessible(page, 'the request dialog');
  await dialog.getByRole('textbox', { name: label(nb('registration:detail.loginName')) }).fill(`aino.${Date.now().toString(36)}`);
  await dialog.getByRole('button', { name: nb('registration:detail.convert') }).click();
  await dismissToast(page, nb('registration:detail.converted', { company, name: 'Aino Laine' }), 'nb-NO');
  await expect(dialog.getByText(nb('registration:detail.becameCustomer', { name: company }))).toBeVisible();
  await expect(dialog.getByText(nb('registration:requests.badge.converted')).first()).toBeVisible();
  await dialog.getByRole('button', { name: nb('registration:page.close') }).click();

  // The request has left the list of new ones and is among the customers.
  await expect(table.getByRole('button', { name: company })).toHaveCount(0);
  await page.getByRole('combobox', { name: nb('registration:requests.status') }).selectOption('converted');
  await expect(table.getByRole('button', { name: company })).toBeVisible();
});
