/**
 * Journey: the global admin switches customer (spec section 2, "Dialogs: user select/switch";
 * section 6). The switch dialog's customer list opens with every customer, not only the current
 * one (its name in the search field is no search term); typing searches; the chosen customer's
 * default location becomes the acting one, shown in the top bar.
 */
import { expect } from '@playwright/test';
import { expectAccessible, signIn, test } from './fixtures';
import { nb } from './order-steps';

test('the admin opens the full customer list, searches it and switches to another customer', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.switch') }).click();
  const dialog = page.getByRole('dialog', { name: nb('shell:switch.title') });
  const customer = dialog.getByRole('combobox', { name: nb('shell:switch.customer'), exact: true });
  await expect(customer).toHaveValue('Nordic Pallet Pool AS');

  // Opened, the list holds every customer (more than the current one), the current one marked.
  await customer.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.nth(30)).toBeAttached();
  await expect(page.getByRole('option', { name: 'Nordic Pallet Pool AS' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'switch dialog with the customer list');

  // Typing searches (the server's prefix search, after the 250 ms wait).
  await customer.fill('Fjordland');
  await expect(options).toHaveCount(1);
  await page.getByRole('option', { name: 'Fjordland Dagligvare AS' }).click();
  await expect(dialog.getByRole('combobox', { name: nb('shell:switch.location'), exact: true })).toHaveValue(/^Fjordland Dagligvare /);
  await dialog.getByRole('button', { name: nb('shell:switch.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByText('Fjordland Dagligvare AS', { exact: true })).toBeVisible();
});
