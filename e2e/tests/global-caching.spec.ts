/**
 * Journey: Global > Caching (issue 10; docs/caching.md). admin, a global admin, opens the
 * caches of the server, sees the product catalogue cached after the start page read it, empties
 * that cache (a toast confirms, its entries drop to 0) and then all caches; on a phone the caches
 * are cards. ole, no global admin, is sent to the start page. Each empty is logged (kind
 * cacheEmpty; caches.test.ts checks the row), and admin finds the last one in Global > Log.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, expectNothingCut, shot, signIn, test } from './fixtures';
import { nb } from './order-steps';

/** The row of a cache in the table. */
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

test('admin empties the product cache and then every cache', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Fill the product cache through the API, as any screen listing products does.
  const token = await apiToken(request, 'admin');
  expect((await request.get('/api/products', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);

  await signIn(page, 'admin');
  await page.goto('/app/global/caching');
  await expect(page.getByRole('heading', { level: 1, name: nb('caching:title') })).toBeVisible();
  const table = page.getByRole('table', { name: nb('caching:caption') });
  await expect(table).toBeVisible();
  for (const name of ['sessions', 'products', 'truckTypes', 'days', 'countries', 'mailTexts'])
    await expect(row(page, nb(`caching:names.${name}`))).toBeVisible();
  const products = row(page, nb('caching:names.products'));
  await expect(products.getByRole('cell').first()).not.toHaveText('0');
  await expectAccessible(page, 'the caching page');
  await expectNothingCut(page.locator('main'), 'the caching page', { oneLineLabels: true });
  await shot(page, 'caching-wide');

  await products.getByRole('button', { name: nb('caching:emptyOne', { name: nb('caching:names.products') }) }).click();
  await dismissToast(page, nb('caching:emptied', { name: nb('caching:names.products') }), 'nb-NO');
  await expect(products.getByRole('cell').first()).toHaveText('0');
  await expect(products.getByRole('cell').nth(1)).toHaveText(nb('caching:age.empty'));

  await page.getByRole('button', { name: nb('caching:emptyAll'), exact: true }).click();
  await dismissToast(page, nb('caching:emptiedAll'), 'nb-NO');
  await expect(row(page, nb('caching:names.truckTypes')).getByRole('cell').first()).toHaveText('0');

  // On a phone: one card per cache, nothing cut, the same buttons.
  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByRole('list', { name: nb('caching:caption') });
  await expect(cards.getByRole('listitem')).toHaveCount(6);
  await expectAccessible(page, 'the caching page on a phone');
  await expectNothingCut(page.locator('main'), 'the caching page on a phone');
  await shot(page, 'caching-phone');
  await cards
    .getByRole('listitem')
    .filter({ hasText: nb('caching:names.days') })
    .getByRole('button', { name: nb('caching:emptyOne', { name: nb('caching:names.days') }) })
    .click();
  await dismissToast(page, nb('caching:emptied', { name: nb('caching:names.days') }), 'nb-NO');

  // The empty is in Global > Log: found by its text, in Norwegian, and opened.
  await page.goto('/app/global/log');
  await expect(page.getByRole('heading', { level: 1, name: nb('log:log.title') })).toBeVisible();
  await page.getByRole('textbox', { name: nb('log:log.filters.text') }).fill('Cache emptied: days');
  const line = nb('log:log.cacheEmpty.one', { name: nb('caching:names.days') });
  await expect(page.getByText(line).first()).toBeVisible();
  await expectAccessible(page, 'the log with the cache empty, on a phone');
  await page
    .getByRole('link', { name: nb('log:log.kinds.cacheEmpty') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/global\/log\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('log:log.kinds.cacheEmpty') })).toBeVisible();
  await expect(page.getByText(line)).toBeVisible();
});

test('a user who is no global admin does not get the caching page', async ({ page }) => {
  await signIn(page, 'ole');
  await page.goto('/app/global/caching');
  await expect(page).toHaveURL(/\/app\/home$/);
});
