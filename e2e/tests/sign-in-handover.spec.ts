/**
 * Journey: a sister portal hands a sign-in over in the `auth` query parameter (spec section 7;
 * docs/domain.md, "Sign-in"). The app exchanges it for a token of its own, takes it out of the
 * address bar and history, and the handed-over token is spent.
 */
import { expect, test } from '@playwright/test';
import { apiToken, expectAccessible, mainMenu, storedToken, text } from './fixtures';

test('a sign-in handed over in ?auth= opens the app with a token of its own and leaves no token in the address', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const token = await apiToken(request, 'kari');
  const minted = await request.post('/api/HandoverToken', { headers: { authorization: `Bearer ${token}` } });
  expect(minted.ok()).toBe(true);
  const auth = ((await minted.json()) as { data: { auth: string } }).data.auth;

  await page.goto(`/app/orders?q=Alnabru&auth=${auth}`);
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: text('nb-NO', 'orders:list.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/orders\?q=Alnabru$/);
  expect(await storedToken(page)).not.toBe(auth);
  // Nothing in this tab's history holds it: back leaves the app's pages (about:blank here).
  expect(await page.evaluate(() => window.history.length)).toBe(2);
  await expectAccessible(page, 'orders list after a hand-over');

  // Spent: a second use opens the login page (without the token in its address either).
  const again = await request.post('/api/LoginHandover', { data: { auth } });
  expect(again.status()).toBe(401);
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(`/app/orders?auth=${auth}`);
  await expect(second).toHaveURL(`/?redirect=${encodeURIComponent('/app/orders')}`);
  await expect(second.getByRole('heading', { level: 1, name: text('da-DK', 'public:login.title') })).toBeVisible();
  await other.close();
});

test('a session token an older sister portal puts in ?auth= is exchanged too, and no longer works', async ({ page, request }) => {
  const token = await apiToken(request, 'ole');
  await page.goto(`/app/home?auth=${token}`);
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);
  expect(await storedToken(page)).not.toBe(token);
  const old = await request.get('/api/Orders', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
});
