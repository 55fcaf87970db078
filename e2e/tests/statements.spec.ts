/**
 * Journey: the statement (issue 22, "Statements and balance confirmations"). kari opens Reports >
 * Statement for her location: the balances per product and account, the movements in the grid and
 * the Excel workbook; mikko reads his in Finnish on a phone. axe on each screen.
 */
import { expect } from '@playwright/test';
import { expectAccessible, expectNothingCut, mainMenu, signIn, test, text } from './fixtures';
import { menuLink, nb } from './order-steps';

test('kari reads her location’s statement and exports it to Excel', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reports')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.reports') }) })
    .getByRole('link', { name: nb('shell:menu.statements') })
    .click();
  await expect(page).toHaveURL(/\/app\/statements$/);
  await expect(
    page.getByRole('heading', { level: 1, name: nb('statements:heading', { location: 'Fjordland Dagligvare Alnabru' }) }),
  ).toBeVisible();
  const balances = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: nb('statements:columns.opening') }) });
  await expect(balances.getByRole('rowheader', { name: 'EUR-pall, kvalitet A' }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: nb('statements:movementsLabel') })).toBeVisible();
  await expectAccessible(page, 'statement');
  await expectNothingCut(page.getByRole('main'), 'statement');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: nb('statements:excel') }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('mikko reads his statement in Finnish on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'mikko');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/statements');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${text('fi-FI', 'statements:title')}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: text('fi-FI', 'statements:pdf.open') })).toBeVisible();
  await expectAccessible(page, 'statement (fi-FI, phone)');
});
