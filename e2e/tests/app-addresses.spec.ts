/**
 * Journey: addresses typed by hand under /app (spec section 2, "Screens and routes", and section
 * 6, "Menu"). Built areas open (Reports, Support, Pallet receipts, My company); an unknown /app
 * path goes to login (which, signed in, says so and opens the app again); the old addresses
 * /app/message/{id} and /app/account/login go on to messages/{id} (the Messages section) and
 * login without a warning in the console; and a page the user's menu does not offer opens the start page
 * instead: lise, at a returns-scheme store, has no Orders or Dispatch.
 */
import { expect } from '@playwright/test';
import { DEMO_USERS, expectAccessible, signIn, test, text } from './fixtures';

test('kari: built areas open, unknown /app paths go to login, old addresses go on', async ({ page }) => {
  const locale = DEMO_USERS.kari.locale;
  await signIn(page, 'kari');

  // Reports is built (issue 8): its index opens.
  await page.goto('/app/reports');
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'reports:index.title') })).toBeVisible();
  // Support is built (issue 10): a case that is not there (or another customer's) says so.
  await page.goto('/app/support/tickets/2147483647');
  await expect(page.getByText(text(locale, 'support:detail.notFound'))).toBeVisible();
  await expectAccessible(page, 'a support case that is not there');
  // Pallet receipts are built (issue 11): the log opens.
  await page.goto('/app/pallet-receipts/log');
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'palletReceipts:handover.logTitle') })).toBeVisible();
  // My company is in kari's menu dropdown (a customer admin): its pages are built (issue 9).
  await page.goto('/app/company/users');
  await expect(page).toHaveURL(/\/app\/company\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'companyUsers:users.title') })).toBeVisible();

  // No route of spec section 2: login, which finds kari signed in and opens the app again.
  await page.goto('/app/no-such-page');
  await expect(page.getByText(text(locale, 'public:login.alreadyTitle'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);

  // Old addresses (the console stays quiet: the page fixture fails the journey on any warning).
  await page.goto('/app/message/5');
  await expect(page).toHaveURL(/\/app\/messages\/5$/);
  await expect(
    page.getByRole('navigation', { name: text(locale, 'shell:menu.section', { name: text(locale, 'news:section') }) }),
  ).toBeVisible();
  await page.goto('/app/account/login');
  await expect(page.getByText(text(locale, 'public:login.alreadyTitle'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);

  // Admin (Global) is only in a global admin's dropdown.
  await page.goto('/app/global/publishing');
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('lise, at a returns-scheme store, typing /app/orders lands on the start page', async ({ page }) => {
  const locale = DEMO_USERS.lise.locale;
  await signIn(page, 'lise');
  for (const path of ['/app/orders', '/app/orders/scheduled', '/app/dispatch/returns']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/home$/);
    // The start page greets her by name.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_USERS.lise.name.split(' ')[0] ?? '');
  }
  // Delivery is hers: it opens.
  await page.goto('/app/delivery');
  await expect(page).toHaveURL(/\/app\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'orders:lists.deliveries.title') })).toBeVisible();
});
