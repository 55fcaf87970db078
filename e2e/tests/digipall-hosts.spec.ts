/**
 * Journey: the digipall hosts (spec section 2, routing rules; apps/web/src/lib/digipall-hosts.ts).
 * Chromium resolves digipall.test and digipall2.test to this machine (a launch argument, so these
 * journeys run in a browser of their own). On digipall, signing in lands on the pallet receipt
 * (/app goes to /app/pallet-receipts); on digipall2 every /app path, a menu link included, goes
 * to the count at the dock (/app/pallet-receipts-inv), whose log and receipts stay reachable.
 */
import { expect } from '@playwright/test';
import { chromiumWith } from '../chromium';
import { expectAccessible, mainMenu, submitLogin, test } from './fixtures';
import { menuLink, nb } from './order-steps';

test.use({ launchOptions: chromiumWith('--host-resolver-rules=MAP digipall.test 127.0.0.1, MAP digipall2.test 127.0.0.1') });

test('digipall: signing in and /app land on the pallet receipt; other pages open as anywhere', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? 'http://localhost:3100').port;
  const origin = `http://digipall.test:${port}`;
  await page.goto(`${origin}/`);
  // A digipall host is always one the portal serves: the login page, never the old-page notice.
  await submitLogin(page, 'ole', { expectPath: /\/app\/pallet-receipts$/ });
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:handover.title') })).toBeVisible();
  await page.goto(`${origin}/app`);
  await expect(page).toHaveURL(`${origin}/app/pallet-receipts`);
  await page.goto(`${origin}/app/orders`);
  await expect(page).toHaveURL(`${origin}/app/orders`);
  await expectAccessible(page, 'orders on digipall');
});

test('digipall2: every /app path goes to the count at the dock; its log stays reachable', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? 'http://localhost:3100').port;
  const origin = `http://digipall2.test:${port}`;
  await page.goto(`${origin}/app/orders`);
  // Not signed in: the login page, returning to the address asked for, which then goes on.
  await submitLogin(page, 'ole', { expectPath: /\/app\/pallet-receipts-inv$/ });
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:inventory.title') })).toBeVisible();
  await expectAccessible(page, 'the count at the dock on digipall2');
  await page.goto(`${origin}/app/home`);
  await expect(page).toHaveURL(`${origin}/app/pallet-receipts-inv`);
  await page.goto(`${origin}/app/pallet-receipts-inv/log`);
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:inventory.logTitle') })).toBeVisible();
  // A link inside the app goes the same way.
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reports')) })
    .click();
  await expect(page).toHaveURL(`${origin}/app/pallet-receipts-inv`);
});
