/**
 * Journey: a balance confirmation round (issue 22). The global admin starts a round for kari's
 * and mikko's customers under Global > Confirmations; kari's accounts department opens the
 * mailed link on a phone (no sign-in), sees its closing balances per location and confirms them
 * with a name; the admin sees the answer and reminds the customer that has not answered. axe on
 * each screen.
 */
import { expect } from '@playwright/test';
import { expectAccessible, signIn, test, text } from './fixtures';
import { confirmationLinkTo } from './mail';
import { nb } from './order-steps';

test('the provider asks two customers to confirm their balances; one confirms through the mailed link', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  await page.goto('/app/global/confirmations');
  await expect(page.getByRole('heading', { level: 1, name: nb('confirmations:rounds.title') })).toBeVisible();
  const name = `Årsslutt ${Date.now()}`;
  await page.getByRole('textbox', { name: nb('confirmations:rounds.name') }).fill(name);
  const customers = page.getByLabel(nb('confirmations:rounds.customers'), { exact: false }).first();
  for (const customer of ['Fjordland Dagligvare AS', 'Pohjolan Tukku Oy']) {
    await customers.fill(customer.split(' ')[0] as string);
    await page.getByRole('option', { name: customer }).click();
  }
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'confirmation rounds');
  await page.getByRole('button', { name: nb('confirmations:rounds.start') }).click();
  await expect(page).toHaveURL(/\/app\/global\/confirmations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: nb('confirmations:round.remind_other', { count: 2 }) })).toBeEnabled();

  // kari's customer mails its statements to its accounts department (the demo's setting): the link goes there.
  const link = await confirmationLinkTo('regnskap@');
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: /Fjordland Dagligvare AS/ })).toBeVisible();
  await expect(phone.getByRole('heading', { level: 2, name: 'Fjordland Dagligvare Alnabru', exact: true })).toBeVisible();
  await expectAccessible(phone, 'confirmation link (phone)');
  // The public pages speak the host's language: Danish on localhost (spec section 1).
  const da = (key: string) => text('da-DK', key);
  await phone.getByRole('textbox', { name: da('confirmations:link.name') }).fill('Kari Nordmann');
  await phone.getByRole('button', { name: da('confirmations:link.sendConfirm') }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Kari Nordmann' })).toBeVisible();
  await phoneContext.close();

  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Fjordland Dagligvare AS' }) });
  await expect(row).toContainText(nb('confirmations:status.confirmed'));
  await expect(row).toContainText('Kari Nordmann');
  await page.getByRole('button', { name: nb('confirmations:round.remind_one', { count: 1 }) }).click();
  await expect(page.getByText(nb('confirmations:round.reminded_one', { count: 1 }))).toBeVisible();
  await expectAccessible(page, 'confirmation round');
});
