/**
 * Journey: the return dialog (spec sections 2 and 3, "return choice per line"; docs/domain.md
 * "Returns"). ole opens Dispatch > Returns and starts a new return: the sorting depot comes
 * first, then the quantities; each product with a quantity gets the choice "shall be returned"
 * (the default) or "shall not be returned". He keeps the EUR pallets coming back and lets the
 * half pallets go, sends the return, and its page shows each line's choice.
 */
import { expect } from '@playwright/test';
import { expectAccessible, signIn, test } from './fixtures';
import { expectStatus, nb, openReturns, orderIdOf, pickFirstOpenDay } from './order-steps';

const DEPOT = /^Nordic Pallet Pool Oslo/;
const EUR = 'EUR-pall, kvalitet A';
const HALF = 'Halvpall, kvalitet A';

test('ole sends a return to the sorting depot with a return choice per line', async ({ page }) => {
  await signIn(page, 'ole');
  await openReturns(page);

  await page.getByRole('button', { name: nb('orders:list.new.return') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.return') });
  // The sorting depot first: until then the quantities are off.
  await expect(dialog.getByText(nb('orders:dialog.recipientFirst'))).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: EUR })).toBeDisabled();
  await dialog.getByRole('combobox', { name: new RegExp(`^${nb('orders:returns.depot')}`) }).click();
  // Only sorting depots are offered (Bergen sorts nothing).
  await expect(page.getByRole('option', { name: /Nordic Pallet Pool Bergen/ })).toHaveCount(0);
  await page.getByRole('option', { name: DEPOT }).click();

  const eur = dialog.getByRole('spinbutton', { name: EUR });
  await expect(eur).toBeEnabled();
  await eur.fill('30');
  await eur.press('Tab');
  const half = dialog.getByRole('spinbutton', { name: HALF });
  await half.fill('40');
  await half.press('Tab');
  const halfChoice = dialog.getByRole('radiogroup', { name: nb('orders:returns.choiceFor', { product: HALF }) });
  await expect(
    dialog
      .getByRole('radiogroup', { name: nb('orders:returns.choiceFor', { product: EUR }) })
      .getByRole('radio', { name: nb('orders:returns.shall') }),
  ).toBeChecked();
  await halfChoice.getByText(nb('orders:returns.shallNot'), { exact: true }).click();
  await expect(halfChoice.getByRole('radio', { name: nb('orders:returns.shallNot') })).toBeChecked();
  await pickFirstOpenDay(page, dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.datePickup')}`) }));
  await expectAccessible(page, 'return dialog with a return choice per line');
  await dialog.getByRole('button', { name: nb('orders:dialog.send') }).click();
  await expect(dialog).toBeHidden();

  await expect(page).toHaveURL(/\/app\/dispatch\/\d+$/);
  const id = orderIdOf(page);
  await expectStatus(page, id, 1);
  const lines = page.getByRole('table', { name: nb('orders:detail.lines') });
  await expect(lines.getByRole('columnheader', { name: nb('orders:returns.choice') })).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: EUR })).toContainText(nb('orders:returns.shall'));
  await expect(lines.getByRole('row').filter({ hasText: HALF })).toContainText(nb('orders:returns.shallNot'));
  await expectAccessible(page, 'return with its return choices');
});
