/**
 * Journey: the balance (issue 8; docs/domain.md "Balance screen"). kari reads the balance of her
 * location with credit / owes and the stock-level warnings, is told "Error saving" for a lower
 * level above the upper one, sets a level and sees the warning at once, opens a product's
 * history with the keyboard and follows an order link to the order; on a phone the balance is
 * one card per product. ole, without the finance permission, sees no money column.
 */
import { expect } from '@playwright/test';
import { dismissToast, expectAccessible, expectNothingCut, mainMenu, signIn, test } from './fixtures';
import { menuLink, nb } from './order-steps';

test('kari reads her balance, sets a stock level, opens a product’s history and follows an order link', async ({ page }) => {
  // Four screens, each checked by axe, on a machine shared with other work.
  test.setTimeout(150_000);
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reports')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.reports') }) })
    .getByRole('link', { name: nb('shell:menu.balance') })
    .click();
  await expect(page).toHaveURL(/\/app\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('balance:title') })).toBeVisible();
  const table = page.getByRole('table', { name: nb('balance:caption', { location: 'Fjordland Dagligvare Alnabru' }) });
  await expect(table.getByRole('columnheader', { name: nb('balance:columns.creditOwes') })).toBeVisible();
  await expect(table.getByRole('cell', { name: /kr/ }).first()).toBeVisible();
  // The demo's stock levels: one product below its lower level, one above its upper level.
  await expect(table.getByRole('img', { name: nb('balance:levelState.below') })).toHaveCount(1);
  await expect(table.getByRole('img', { name: nb('balance:levelState.above') })).toHaveCount(1);
  await expectAccessible(page, 'balance');
  await expectNothingCut(page.getByRole('main'), 'balance');

  // A lower level above the upper one is refused: "Error saving" with the reason.
  const product = 'EUR-pall, kvalitet A';
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: product, exact: true }) });
  const lower = row.getByRole('spinbutton', { name: nb('balance:lowerFor', { product }) });
  const upper = Number(await row.getByRole('spinbutton', { name: nb('balance:upperFor', { product }) }).inputValue());
  await lower.fill(String(upper + 15));
  await lower.press('Tab');
  const reason = nb('messages:validation.levelRange');
  await expect(page.getByRole('alert').filter({ hasText: nb('balance:errorSaving') })).toContainText(reason);
  await dismissToast(page, reason, 'nb-NO');
  await expect(row.getByRole('img', { name: nb('balance:levelState.below') })).toHaveCount(0);

  // A lower level above the balance: saved, and the warning shows at once.
  const figure = async (index: number) =>
    Number(((await row.getByRole('cell').nth(index).textContent()) ?? '').replace(/\s/g, '').replace('−', '-'));
  const balance = (await figure(0)) + (await figure(1));
  // The upper level well above the balance first (the demo's levels follow its balances, which
  // may leave this product above its upper level), then the lower level above the balance.
  const upperInput = row.getByRole('spinbutton', { name: nb('balance:upperFor', { product }) });
  await upperInput.fill(String(Math.max(upper, balance + 500)));
  await upperInput.press('Enter');
  await dismissToast(page, nb('balance:saved', { product }), 'nb-NO');
  await expect(row.getByRole('img', { name: nb('balance:levelState.above') })).toHaveCount(0);
  await lower.fill(String(balance + 150));
  await lower.press('Enter');
  await dismissToast(page, nb('balance:saved', { product }), 'nb-NO');
  await expect(row.getByRole('img', { name: nb('balance:levelState.below') })).toBeVisible();

  // The product's history, opened from the keyboard.
  await row.getByRole('link', { name: product, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/balance\/\d+\?location=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${product} på Fjordland Dagligvare Alnabru` })).toBeVisible();
  await expect(page.getByRole('figure', { name: nb('balance:history.chart') })).toBeVisible();
  const entries = page.getByRole('table', {
    name: nb('balance:history.tableCaption', { product, location: 'Fjordland Dagligvare Alnabru' }),
  });
  await expect(entries.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'balance history');

  // Every order entry links to its order's page (the order target helper of spec section 2).
  const orderLink = entries.getByRole('link', { name: /^Ordre \d+$/ }).first();
  const id = /(\d+)$/.exec((await orderLink.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/app/(orders|dispatch|delivery|reception|expedition)/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:detail.title', { id }) })).toBeVisible();
});

test('on a phone the balance is one card per product, with the stock levels to edit', async ({ page }) => {
  await signIn(page, 'kari');
  // A phone (the menu becomes a select list at this width).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/balance');
  await expect(page.getByRole('heading', { level: 1, name: nb('balance:title') })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('spinbutton', { name: nb('balance:columns.lowerLevel') })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'balance on a phone');
  await expectNothingCut(page.getByRole('main'), 'balance on a phone');
});

test('ole, without the finance permission, sees his balance without any money', async ({ page }) => {
  await signIn(page, 'ole');
  await page.goto('/app/balance');
  const table = page.getByRole('table', { name: nb('balance:caption', { location: 'Tinde Bryggeri Lørenskog' }) });
  await expect(table.getByRole('columnheader', { name: nb('balance:columns.pooling') })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: nb('balance:columns.creditOwes') })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(' kr');
  await expectAccessible(page, 'balance without money');
});

test('kari picks another of her locations, then all of them, in the balance’s location picker', async ({ page }) => {
  await signIn(page, 'kari');
  await page.goto('/app/balance');
  const picker = page.getByRole('combobox', { name: nb('balance:location') });
  await picker.click();
  await page.getByRole('option', { name: 'Fjordland Dagligvare Alnabru Frysellager', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/balance\?location=\d+$/);
  await expect(
    page
      .getByRole('table', { name: nb('balance:caption', { location: 'Fjordland Dagligvare Alnabru Frysellager' }) })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await expectAccessible(page, 'balance of another location');

  await picker.click();
  await page.getByRole('option', { name: nb('balance:allLocations'), exact: true }).click();
  await expect(page).toHaveURL(/\/app\/balance\?location=all$/);
  const all = page.getByRole('table', { name: nb('balance:caption', { location: nb('balance:allLocations') }) });
  await expect(all.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'balance of all locations');
  await expectNothingCut(page.getByRole('main'), 'balance of all locations');
});
