/**
 * Journey: a sale sorted at a depot with a shortage (domain.md, "Order status machine"; spec
 * sections 2-5). ole sells two stacks of EUR pallets to the provider; the global admin at the
 * Oslo depot (a sorting depot) confirms, picks and sends the order with a waybill, registers
 * its arrival (Arrived, not sorted), sorts it and finds fewer pallets than were sent, and sends
 * the result with the shortage. ole finds it under Dispatch > Returns and agrees: Delivered.
 */
import { expect } from '@playwright/test';
import { expectAccessible, mainMenu, signIn, signOut, test } from './fixtures';
import { expectStatus, menuLink, nb, openReturns, orderIdOf, pickFirstOpenDay, takeStep } from './order-steps';

test('ole sells pallets, the depot sorts them with a shortage and ole agrees to it', async ({ page }) => {
  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.dispatch')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:lists.sales.title') })).toBeVisible();
  await expectAccessible(page, 'dispatch orders');

  // The pickup: two full stacks of the first product, on the first open day.
  await page.getByRole('button', { name: nb('orders:list.new.sale') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.sale') });
  const quantity = dialog.getByRole('spinbutton').first();
  await expect(quantity).toBeEnabled();
  const step = Number(
    /(\d+)$/.exec(
      (await dialog
        .getByText(/^Full stabel: \d+$/)
        .first()
        .textContent()) ?? '',
    )?.[1],
  );
  await quantity.fill(String(step * 2));
  await quantity.press('Tab');
  await pickFirstOpenDay(page, dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.datePickup')}`) }));
  const reference = `E2E-SALE-${Date.now()}`;
  await dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') }).fill(reference);
  await expectAccessible(page, 'new pickup dialog');
  await dialog.getByRole('button', { name: nb('orders:dialog.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/dispatch\/\d+$/);
  const id = orderIdOf(page);
  await expectStatus(page, id, 1);

  // The provider handles it at the depot.
  await signOut(page, 'nb-NO');
  await signIn(page, 'admin');
  await page.goto(`/app/dispatch/${id}`);
  await expectStatus(page, id, 1);
  await takeStep(page, id, 'confirm', 2);
  await takeStep(page, id, 'pick', 3, async (pick) => {
    await expect(pick.getByRole('spinbutton')).toHaveValue(String(step * 2));
    await expectAccessible(page, 'picking dialog');
    await pick.getByRole('button', { name: nb('orders:steps.pick.submit') }).click();
  });
  await takeStep(page, id, 'ship', 4, async (waybill) => {
    await waybill.getByRole('textbox', { name: nb('orders:detail.carNumber') }).fill('EL 12345');
    await waybill.getByRole('textbox', { name: nb('orders:detail.trailer') }).fill('TR 998');
    // The car type is labelled as the order page labels it (never with its text key).
    await waybill.getByLabel(nb('orders:detail.truckType'), { exact: true }).fill('Semitrailer');
    await waybill.getByRole('textbox', { name: nb('orders:detail.cartman') }).fill('Kystfrakt AS');
    await waybill.getByRole('textbox', { name: nb('orders:detail.sealing') }).fill('S-0042');
    await expectAccessible(page, 'waybill dialog');
    await waybill.getByRole('button', { name: nb('orders:steps.ship.submit') }).click();
  });
  await expect(page.getByText('EL 12345')).toBeVisible();
  // Oslo sorts what it receives: the arrival waits for sorting.
  await takeStep(page, id, 'arrive', 9);
  await takeStep(page, id, 'startSorting', 10);
  const sorted = step * 2 - 3;
  await takeStep(page, id, 'sort', 12, async (sort) => {
    await sort.getByRole('spinbutton').first().fill(String(sorted));
    await expectAccessible(page, 'sorting dialog');
    await sort.getByRole('button', { name: nb('orders:steps.sort.submit') }).click();
  });
  await takeStep(page, id, 'sendSorted', 14, async (send) => {
    await expect(send.getByText(nb('orders:steps.sendSorted.shortage', { missing: 3 }), { exact: false })).toBeVisible();
    await send.getByRole('button', { name: nb('orders:steps.sendSorted.submitShortage') }).click();
  });
  await expectAccessible(page, 'order sorted with a shortage');

  // ole finds it among the returns and agrees to the shortage.
  await signOut(page, 'nb-NO');
  await signIn(page, 'ole');
  await openReturns(page);
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(reference);
  const row = page
    .getByRole('table', { name: nb('orders:list.gridLabel') })
    .getByRole('row')
    .filter({ hasText: reference });
  await expect(row).toContainText(nb('messages:status.14'));
  await expectAccessible(page, 'returns list');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/app/dispatch/${id}$`));
  await takeStep(page, id, 'agree', 5, async (agree) => {
    await expect(agree.getByText(String(sorted), { exact: false })).toBeVisible();
    await agree.getByRole('button', { name: nb('orders:actions.agree') }).click();
  });
  const lines = page.getByRole('table', { name: nb('orders:detail.lines') });
  await expect(lines.getByRole('row').nth(1)).toContainText(String(sorted));
  await expectAccessible(page, 'order delivered after the agreed shortage');
});
