/**
 * Journey: the orders grid loads the next page as the user scrolls (spec sections 7 and 9):
 * 50 rows at first, "{shown} of {total}" below the grid, and 50 more once the grid is scrolled
 * to within 1000 px of its bottom. On a phone the grid takes most of the window (the toolbar
 * above it fills the first screen), on a desktop it ends with the window.
 */
import { expect, type Locator } from '@playwright/test';
import { DEMO_USERS, escapeRegExp, expectAccessible, type Locale, mainMenu, shot, signIn, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

/** The grid's footer in `locale` ("{shown} av {total}" in Norwegian), with the two numbers captured. */
const footerPatternOf = (locale: Locale) =>
  new RegExp(
    `^${escapeRegExp(text(locale, 'orders:list.footer', { shown: '\u0000', total: '\u0001' }))
      .replace('\u0000', '([\\d\\s]+)')
      .replace('\u0001', '([\\d\\s]+)')}$`,
  );
const footerPattern = footerPatternOf('nb-NO');

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

for (const user of ['kari', 'mikko'] as const) {
  const locale = DEMO_USERS[user].locale;
  test(`${user} sees the orders grid fill a phone's window and end with a desktop's (${locale})`, async ({ page }) => {
    await signIn(page, user);
    const grid = page.getByRole('table', { name: text(locale, 'orders:list.gridLabel') });
    const box = grid.locator('xpath=..');
    const footer = page.getByText(footerPatternOf(locale));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/orders');
    await expect(grid.locator('tr[aria-rowindex="3"]')).toBeAttached();
    // At least 70 % of the window (useFillViewport's phone rule), not the 200 px left under the toolbar.
    await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(Math.round(844 * 0.7));
    await box.scrollIntoViewIfNeeded();
    await shot(page, `orders-grid-phone-${locale}`);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // On a desktop the box ends where the window does, its footer still in view.
    await expect
      .poll(async () => {
        const { y = 0, height = 0 } = (await box.boundingBox()) ?? {};
        return y + height;
      })
      .toBeLessThanOrEqual(800);
    await expect(footer).toBeInViewport();
    await shot(page, `orders-grid-desktop-${locale}`);
  });
}
