/**
 * Journey: the orders grid loads the next page as the user scrolls (spec sections 7 and 9):
 * 50 rows at first, "{shown} of {total}" below the grid, and 50 more once the grid is scrolled
 * to within 1000 px of its bottom.
 */
import { expect, type Locator } from '@playwright/test';
import { escapeRegExp, expectAccessible, mainMenu, shot, signIn, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

/** The grid's footer in Norwegian, "{shown} av {total}", with the two numbers captured. */
const footerPattern = new RegExp(
  `^${escapeRegExp(nb('orders:list.footer', { shown: '\u0000', total: '\u0001' }))
    .replace('\u0000', '([\\d\\s]+)')
    .replace('\u0001', '([\\d\\s]+)')}$`,
);

/** The numbers of the footer ("1 234" with a non-breaking space as thousands separator). */
async function footerCounts(footer: Locator): Promise<{ shown: number; total: number }> {
  const match = footerPattern.exec((await footer.textContent()) ?? '');
  if (!match) throw new Error('The footer does not read "{shown} av {total}"');
  const number = (value = '') => Number(value.replace(/\D/g, ''));
  return { shown: number(match[1]), total: number(match[2]) };
}

/** Turns the mouse wheel over the grid's scroll box far enough to reach its bottom. */
async function scrollGridToBottom(grid: Locator) {
  await grid.locator('xpath=..').hover();
  await grid.page().mouse.wheel(0, 20_000);
}

test('kari scrolls the orders grid to the bottom and the next 50 orders appear', async ({ page }) => {
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: new RegExp(`^${nb('shell:menu.orders')}(?:\\s|$)`) })
    .click();
  await expect(page).toHaveURL(/\/app\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:list.title') })).toBeVisible();

  const grid = page.getByRole('table', { name: nb('orders:list.gridLabel') });
  const footer = page.getByText(footerPattern);
  await expect(footer).toHaveText(/^50 av /);
  const { total } = await footerCounts(footer);
  expect(total, 'kari has more than 100 orders').toBeGreaterThan(100);
  // The first order is the grid's third row (after the header and the column filters).
  await expect(grid.locator('tr[aria-rowindex="3"]')).toBeVisible();
  await expectAccessible(page, 'orders grid');

  await scrollGridToBottom(grid);
  await expect(footer).toHaveText(footerPattern);
  await expect.poll(async () => (await footerCounts(footer)).shown).toBe(100);
  expect((await footerCounts(footer)).total).toBe(total);
  // At the bottom again, the 100th order is in view.
  await scrollGridToBottom(grid);
  await expect(grid.locator('tr[aria-rowindex="102"]')).toBeVisible();
  await shot(page, 'orders-grid-100');
  await expectAccessible(page, 'orders grid after scrolling');

  // And once more: 150.
  await expect.poll(async () => (await footerCounts(footer)).shown).toBe(150);
});
