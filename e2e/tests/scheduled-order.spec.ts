/**
 * Journey: a scheduled purchase (spec sections 2-4; docs/domain.md "Scheduled orders"). ole sets
 * up an order every other week on Monday and Wednesday with two stacks on the default truck,
 * sees the fill degree while choosing, finds the schedule in the list with its next order day,
 * and stops it.
 */
import { expect } from '@playwright/test';
import { dismissToast, expectAccessible, mainMenu, signIn, test } from './fixtures';
import { menuLink, nb } from './order-steps';

test('ole schedules a purchase every other week on Monday and Wednesday, then stops it', async ({ page }) => {
  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.orders')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.orders') }) })
    .getByRole('link', { name: nb('shell:menu.scheduledOrders') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:scheduled.title') })).toBeVisible();
  await expectAccessible(page, 'scheduled orders');

  await page.getByRole('button', { name: nb('orders:scheduled.new') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:scheduled.newTitle') });
  const interval = dialog.getByRole('spinbutton', { name: nb('orders:scheduled.interval') });
  await interval.fill('2');
  const weekdays = dialog.getByRole('group', { name: nb('orders:scheduled.weekdays') }).getByRole('checkbox');
  await expect(weekdays).toHaveCount(5);
  await expect(weekdays.nth(0)).toBeChecked();
  await weekdays.nth(2).check();
  const quantity = dialog.getByRole('spinbutton').nth(1);
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
  // Two stacks on the default truck: a small part of it, with one decimal.
  await expect(dialog.getByText(/^\d+,\d\s?%$/)).toBeVisible();
  await expectAccessible(page, 'scheduled order dialog');
  await dialog.getByRole('button', { name: nb('orders:scheduled.save') }).click();
  await expect(dialog).toBeHidden();
  const saved = page.getByRole('alert').filter({ hasText: new RegExp(`^${nb('orders:scheduled.saved', { id: '(\\d+)' })}`) });
  const id = new RegExp(nb('orders:scheduled.saved', { id: '(\\d+)' })).exec((await saved.first().textContent()) ?? '')?.[1] ?? '';
  await dismissToast(page, nb('orders:scheduled.saved', { id }), 'nb-NO');

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });
  await expect(row).toContainText(nb('orders:scheduled.every_other', { count: 2 }));
  await expect(row).toContainText(nb('orders:scheduled.active'));
  await expectAccessible(page, 'scheduled orders with the new one');

  await row.getByRole('button', { name: nb('orders:scheduled.stopName', { id }) }).click();
  const stop = page.getByRole('dialog', { name: nb('orders:scheduled.stopTitle', { id }) });
  await stop.getByRole('button', { name: nb('orders:scheduled.stop') }).click();
  await dismissToast(page, nb('orders:scheduled.stopped', { id }), 'nb-NO');
  await expect(row).toContainText(nb('orders:scheduled.inactive'));
});
