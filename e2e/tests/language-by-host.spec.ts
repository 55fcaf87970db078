/**
 * Journey: the language by host (spec section 1: ".se Swedish, .dk Danish, .fi Finnish,
 * otherwise Norwegian"). Chromium resolves the portal's country hosts to this machine (a launch
 * argument, so these journeys run in a browser of their own), and a first visit without a
 * stored choice shows the login page in the host's language.
 */
import { expect } from '@playwright/test';
import { chromiumWith } from '../chromium';
import { expectAccessible, expectHtmlLang, type Locale, shot, test, text } from './fixtures';

test.use({
  launchOptions: chromiumWith('--host-resolver-rules=MAP *.se 127.0.0.1,MAP *.fi 127.0.0.1,MAP *.dk 127.0.0.1,MAP *.no 127.0.0.1'),
});

const hosts: [host: string, locale: Locale][] = [
  ['portal.example.se', 'sv-SE'],
  ['portal.example.fi', 'fi-FI'],
  ['portal.example.dk', 'da-DK'],
  ['portal.example.no', 'nb-NO'],
];

for (const [host, locale] of hosts) {
  test(`${host} opens the login page in ${locale}`, async ({ page, baseURL }) => {
    const port = new URL(baseURL ?? 'http://localhost:3100').port;
    await page.goto(`http://${host}:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: text(locale, 'public:login.title') })).toBeVisible();
    await expectHtmlLang(page, locale);
    await expect(page.getByRole('textbox', { name: text(locale, 'public:login.username') })).toBeVisible();
    await expect(page.getByRole('button', { name: text(locale, 'public:login.submit') })).toBeVisible();
    await expect(page.getByRole('combobox', { name: text(locale, 'language.label') })).toHaveValue(locale);
    await expect(page).toHaveTitle(`${text(locale, 'titles.login')} | ${text(locale, 'productTitle')}`);
    await shot(page, `login-${host}`);
    await expectAccessible(page, `login page on ${host}`);
  });
}
