/**
 * Journey: sign-in during an attack on a user name (issue 20; docs/domain.md, "Sign-in"). The
 * browser keeps the device mark a sign-in answers and sends it with that user's next sign-in, so
 * guesses from elsewhere do not hold the user up; a sign-in that waits its turn on a new device
 * says why, in the page's language, on a phone too.
 */
import { expect } from '@playwright/test';
import { expectAccessible, shot, signOut, submitLogin, test, text } from './fixtures';

test('the browser sends the device mark of the last sign-in with the next sign-in of that user', async ({ page }) => {
  await page.goto('/');
  const first = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Login');
  await submitLogin(page, 'mikko');
  const mark = ((await (await first).json()) as { data: { deviceMark: string } }).data.deviceMark;
  expect(mark).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await signOut(page, 'fi-FI');
  const second = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/Login');
  await submitLogin(page, 'mikko');
  expect((await second).postDataJSON()).toMatchObject({ userLoginName: 'mikko', deviceMark: mark });
});

test('a sign-in that waits its turn says why, on a phone, in Finnish', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('locale', 'fi-FI'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: text('fi-FI', 'public:login.title') })).toBeVisible();
  // The server holds this sign-in for its turn (here: the browser's network holds it 5 s).
  await page.route('**/api/Login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue();
  });
  await page.getByRole('textbox', { name: text('fi-FI', 'public:login.username') }).fill('mikko');
  await page.getByLabel(text('fi-FI', 'public:login.password')).fill('demo1234');
  await page.getByRole('button', { name: text('fi-FI', 'public:login.submit') }).click();
  const note = page.getByRole('status').filter({ hasText: text('fi-FI', 'public:login.slow') });
  await expect(note).toBeVisible();
  await shot(page, 'sign-in-waits-fi-390');
  await expectAccessible(page, 'login page, a sign-in waiting its turn');
  await expect(page).toHaveURL(/\/app\/home$/);
});
