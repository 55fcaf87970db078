/**
 * Journey: an app route opened without a token goes to the front page with a redirect query,
 * and signing in returns to that route (spec section 2: "Routes requiring auth without a token
 * go to / with a redirect query"; login: "After login it goes to the returnUrl query parameter
 * if present, otherwise home").
 */
import { expect } from '@playwright/test';
import { expectAccessible, signOut, submitLogin, test, text } from './fixtures';

test('an app route opened signed out returns to itself after sign-in', async ({ page }) => {
  const route = '/app/orders?q=Alnabru';
  await page.goto(route);
  await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(route)}`);
  await expect(page.getByRole('heading', { level: 1, name: text('da-DK', 'public:login.title') })).toBeVisible();
  await expectAccessible(page, 'login page with a redirect');

  await submitLogin(page, 'kari', { expectPath: /\/app\/orders\?q=Alnabru$/ });
  await expect(page.getByRole('heading', { level: 1, name: text('nb-NO', 'orders:list.title') })).toBeVisible();
  // The search of the address is the grid's search again.
  await expect(page.getByRole('searchbox', { name: text('nb-NO', 'orders:list.search') })).toHaveValue('Alnabru');
  await expectAccessible(page, 'orders list after returning');

  // Signed out again (the login page is now Norwegian, kari's language), another route the same way.
  await signOut(page, 'nb-NO');
  await page.goto('/app/orders/scheduled');
  await expect(page).toHaveURL(`/?redirect=${encodeURIComponent('/app/orders/scheduled')}`);
  await expect(page.getByRole('heading', { level: 1, name: text('nb-NO', 'public:login.title') })).toBeVisible();
  await submitLogin(page, 'kari', { expectPath: /\/app\/orders\/scheduled$/ });
  await expect(page.getByRole('heading', { level: 1, name: text('nb-NO', 'orders:scheduled.title') })).toBeVisible();
  await expectAccessible(page, 'scheduled orders after returning');
});
