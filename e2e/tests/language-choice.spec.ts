/**
 * Journey: the language by choice. On the login page the picker switches the page to the
 * chosen language, which is kept in browser storage and survives a reload (spec section 1).
 * Signed in, the top bar's picker stores the language for the user on the server, keeps it in
 * the browser and reloads (spec section 4, "Language change posts, stores the locale and
 * reloads"), so the user's next sign-in, anywhere, opens in that language too.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, expectAccessible, expectHtmlLang, type Locale, mainMenu, shot, signIn, submitLogin, test, text } from './fixtures';

async function expectLoginPageIn(page: Page, locale: Locale) {
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'public:login.title') })).toBeVisible();
  await expectHtmlLang(page, locale);
  await expect(page.getByRole('textbox', { name: text(locale, 'public:login.username') })).toBeVisible();
  await expect(page.getByRole('combobox', { name: text(locale, 'language.label') })).toHaveValue(locale);
  await expect(page).toHaveTitle(`${text(locale, 'titles.login')} | ${text(locale, 'productTitle')}`);
}

test('the login page switches to the language picked and keeps it after a reload', async ({ page }) => {
  await page.goto('/');
  // localhost without a stored choice: Danish (spec section 1).
  await expectLoginPageIn(page, 'da-DK');
  await expectAccessible(page, 'login page, Danish');

  await page.getByRole('combobox', { name: text('da-DK', 'language.label') }).selectOption('fi-FI');
  await expectLoginPageIn(page, 'fi-FI');
  await shot(page, 'login-picked-finnish');
  await expectAccessible(page, 'login page, Finnish');

  await page.reload();
  await expectLoginPageIn(page, 'fi-FI');

  await page.getByRole('combobox', { name: text('fi-FI', 'language.label') }).selectOption('en-US');
  await expectLoginPageIn(page, 'en-US');
  await page.reload();
  await expectLoginPageIn(page, 'en-US');
});

test.describe('signed in', () => {
  // ole's stored language is Norwegian; whatever happens in the journey, it is Norwegian again after it.
  test.afterEach(async ({ request }) => {
    const token = await apiToken(request, 'ole');
    await request.post('/api/Language', { data: { language: 'nb-NO' }, headers: { authorization: `Bearer ${token}` } });
  });

  test('the top bar language picker stores the language for the user and reloads in it', async ({ page, browser }) => {
    await signIn(page, 'ole');
    await expect(mainMenu(page, 'nb-NO').getByRole('link', { name: /^Ordre(?:\s|$)/ })).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await page.getByRole('combobox', { name: text('nb-NO', 'language.label') }).selectOption('en-US');
    await reloaded;
    await expectHtmlLang(page, 'en-US');
    const menu = mainMenu(page, 'en-US');
    await expect(menu.getByRole('link', { name: new RegExp(`^${text('en-US', 'shell:menu.orders')}(?:\\s|$)`) })).toBeVisible();
    await expect(page.getByRole('button', { name: text('en-US', 'shell:logout') })).toBeVisible();
    await expect(page.getByRole('combobox', { name: text('en-US', 'language.label') })).toHaveValue('en-US');
    await shot(page, 'home-switched-to-english');
    await expectAccessible(page, 'start page after switching to English');

    // Kept after a reload: the session's language (from the server) is now English too.
    await page.reload();
    await expectHtmlLang(page, 'en-US');
    await expect(menu).toBeVisible();

    // Stored for the user: a sign-in in a fresh browser (nothing stored there) opens in English.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto('/');
      await expect(other.getByRole('heading', { level: 1, name: text('da-DK', 'public:login.title') })).toBeVisible();
      await submitLogin(other, 'ole', { locale: 'en-US' });
    } finally {
      await elsewhere.close();
    }

    // And back to Norwegian the same way.
    const reloadedAgain = page.waitForEvent('load');
    await page.getByRole('combobox', { name: text('en-US', 'language.label') }).selectOption('nb-NO');
    await reloadedAgain;
    await expectHtmlLang(page, 'nb-NO');
    await expect(mainMenu(page, 'nb-NO')).toBeVisible();
    await expect(page.getByRole('button', { name: text('nb-NO', 'shell:logout') })).toBeVisible();
  });
});

test('a signed-in user opens the portal in her language with one session call, sent before the app has loaded', async ({ page }) => {
  // On the Danish login page (localhost), kari (Norwegian) signs in: the login page keeps her language.
  await signIn(page, 'kari');
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('nb-NO');

  // A fresh load of the start page: the boot script of app.html posts the initial actions once,
  // the app uses that answer, and only Norwegian texts are fetched (no Danish ones first).
  const actions: string[] = [];
  const texts: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/Actions$/i.test(new URL(request.url()).pathname)) actions.push(request.method());
    const textChunk = /\/assets\/texts-([a-z]{2}-[A-Z]{2})-/.exec(request.url());
    if (textChunk?.[1]) texts.push(textChunk[1]);
  });
  await page.reload();
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();
  await expectHtmlLang(page, 'nb-NO');
  expect(actions).toEqual(['POST']);
  expect([...new Set(texts)]).toEqual(['nb-NO']);
  expect(await page.evaluate(() => (window as { __portalBoot?: { calls: Record<string, unknown> } }).__portalBoot?.calls)).toEqual({});
});
