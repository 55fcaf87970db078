/**
 * Shared steps of the browser journeys: the interface texts of the web app (read from its locale
 * files, so journeys follow the real labels), signing in and out through the UI, an axe check of
 * every screen a journey visits (no serious or critical WCAG violation), a check that nothing a
 * user must read is cut off, and `test`, whose page fails the journey on any console warning or
 * error (React Router's warnings, a text key shown instead of its text, a script error).
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

/** Every demo user's password. */
export const PASSWORD = 'demo1234';

export const LOCALES = ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

/** The demo users (README; apps/server/src/modules/demo-data/demo-users.ts): name and stored language. */
export const DEMO_USERS = {
  admin: { name: 'Anders Haugen', locale: 'nb-NO' },
  kari: { name: 'Kari Nordmann', locale: 'nb-NO' },
  ole: { name: 'Ole Hansen', locale: 'nb-NO' },
  lise: { name: 'Lise Andersson', locale: 'sv-SE' },
  mikko: { name: 'Mikko Korhonen', locale: 'fi-FI' },
} as const satisfies Record<string, { name: string; locale: Locale }>;
export type DemoUser = keyof typeof DEMO_USERS;

const appLocales = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const sharedMessages = path.resolve(import.meta.dirname, '../../packages/domain/src/messages');
const resources = new Map<string, Record<string, unknown>>();

function resource(locale: Locale, namespace: string): Record<string, unknown> {
  const key = `${locale}/${namespace}`;
  let found = resources.get(key);
  if (!found) {
    const file =
      namespace === 'messages' ? path.join(sharedMessages, `${locale}.json`) : path.join(appLocales, locale, `${namespace}.json`);
    found = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    resources.set(key, found);
  }
  return found;
}

/**
 * The interface text of `key` in `locale`, as the app shows it: `namespace:path.to.key`
 * (namespace `common` when left out), `{{name}}` placeholders filled from `values`.
 */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, keyPath] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = resource(locale, namespace);
  for (const part of keyPath.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text ${key} in ${locale}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The whole text of `key` in any of the five locales (a required field's asterisk allowed). */
export function anyLocale(key: string): RegExp {
  const texts = [...new Set(LOCALES.map((locale) => text(locale, key)))].map(escapeRegExp);
  return new RegExp(`^(?:${texts.join('|')})(?:\\s*\\*)?$`);
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA tags of axe. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules of those tags that axe marks experimental and so leaves out even when the tags are
 * asked for, among them WCAG 2.5.3 "label in name" (label-content-name-mismatch): switched on.
 */
const experimentalWcagRules = Object.fromEntries(
  axe
    .getRules(WCAG_TAGS)
    .filter((rule) => rule.tags.includes('experimental'))
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

/** Runs axe on the page (WCAG 2.0/2.1/2.2 A and AA, experimental rules included) and fails on serious or critical findings. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).options({ rules: experimentalWcagRules }).withTags(WCAG_TAGS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/** Starts the page in `locale` unless the page has stored a choice of its own already. */
export async function useLocale(page: Page, locale: Locale = 'en-US'): Promise<void> {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', value);
  }, locale);
}

/** The page's `<html lang>` is `locale`. */
export async function expectHtmlLang(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The shell's main menu (the numbered links) in `locale`. */
export function mainMenu(page: Page, locale: Locale) {
  return page.getByRole('navigation', { name: text(locale, 'shell:menu.label'), exact: true });
}

/**
 * Fills and sends the login form, whatever language it is in (the page must show it), then
 * waits until the shell is ready at `expectPath` (home by default) in `locale` (by default the
 * language stored for the demo user).
 */
export async function submitLogin(
  page: Page,
  user: DemoUser,
  {
    password = PASSWORD,
    expectPath = /\/app\/home$/,
    locale = DEMO_USERS[user].locale,
  }: { password?: string; expectPath?: RegExp; locale?: Locale } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: anyLocale('public:login.username') }).fill(user);
  await page.getByLabel(anyLocale('public:login.password')).fill(password);
  await page.getByRole('button', { name: anyLocale('public:login.submit') }).click();
  await expect(page).toHaveURL(expectPath);
  // The app switches to the user's stored language once the session has loaded.
  await expect(mainMenu(page, locale)).toBeVisible();
  await expectHtmlLang(page, locale);
}

/** Opens the login page and signs in as a demo user; waits for the start page in the user's language. */
export async function signIn(page: Page, user: DemoUser, options: Parameters<typeof submitLogin>[2] = {}): Promise<void> {
  await page.goto('/');
  await submitLogin(page, user, options);
}

/** Signs out with the top bar's button; waits for the login page. */
export async function signOut(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('button', { name: text(locale, 'shell:logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: anyLocale('public:login.submit') })).toBeVisible();
}

/** The session token the app keeps in browser storage after sign-in. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('No token stored: not signed in');
  return token;
}

/** Signs in through the API (no browser), for set-up and clean-up around a journey. */
export async function apiToken(request: APIRequestContext, user: DemoUser): Promise<string> {
  const answer = await request.post('/api/Login', { data: { userLoginName: user, password: PASSWORD } });
  expect(answer.ok(), `API sign-in as ${user}`).toBe(true);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** With E2E_SHOTS=<dir> set, saves a screenshot of the page there (for looking at screens while writing journeys). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Sees the toast with `message` and closes it with its close button (toasts sit bottom-right, over the page). */
export async function dismissToast(page: Page, message: string, locale: Locale): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: text(locale, 'actions.close') }).click();
  await expect(toast).toBeHidden();
}

/**
 * Console lines a journey may meet: for an HTTP error answer of 4xx that the app handles and
 * shows (a refused step, a wrong password, a poll answered 401 after sign-out), Chromium's own
 * line and the app's warning trace of the call (spec section 7: errors "are logged as a warning
 * trace"). A 5xx is still a failure.
 */
const expectedConsole = [/^Failed to load resource: the server responded with a status of 4\d\d\b/, /^API call failed \S+ \S+ 4\d\d\b/];

/**
 * Playwright's `test` whose `page` fails the journey, at its end, on every console warning or
 * error and every uncaught script error of the page: React Router's warnings, i18next's report of
 * a text key without a text (apps/web/src/i18n), React's warnings. A journey that meets other
 * answers on purpose (a maintenance window's 503 DOWNTIME) matches their lines with
 * `allowedConsole` (`test.use({ allowedConsole: /.../ })`).
 */
export const test = base.extend<{ allowedConsole: RegExp | null }>({
  allowedConsole: [null, { option: true }],
  page: async ({ page, allowedConsole }, use) => {
    const problems: string[] = [];
    const allowed = allowedConsole ? [...expectedConsole, allowedConsole] : expectedConsole;
    page.on('console', (message) => {
      if (message.type() !== 'warning' && message.type() !== 'error') return;
      if (allowed.some((pattern) => pattern.test(message.text()))) return;
      problems.push(`${message.type()} at ${new URL(page.url()).pathname}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`script error at ${new URL(page.url()).pathname}: ${error.message}`));
    await use(page);
    expect(problems, 'console warnings and errors').toEqual([]);
  },
});

/**
 * Nothing a user must read inside `scope` is cut off: no label, heading, column header, button,
 * input or select shows less than its text (its content is wider than its box), and none of them, nor a
 * badge, is clipped by a box around it that hides what overflows. Cells that end in an ellipsis
 * on purpose (the grid's long names, with the full text on hover) are not looked at. With
 * `oneLineLabels` (a wide screen), no field label outside a fieldset wraps either: a wrapped
 * label (or its required asterisk on a line of its own) pushes its input out of line with its
 * neighbours'.
 */
export async function expectNothingCut(scope: Locator, label: string, { oneLineLabels = false } = {}): Promise<void> {
  const cut = await scope.evaluateAll((roots, oneLine) => {
    const selector =
      'label, legend, h1, h2, h3, th, button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), .mantine-Indicator-indicator, .mantine-Badge-root';
    const measure = document.createElement('canvas').getContext('2d');
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element instanceof HTMLInputElement ? element.value || element.placeholder : (element.textContent ?? '')).trim().slice(0, 40)}"`;
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll(selector)]) {
        if (!element.matches(selector) || !(element instanceof HTMLElement)) continue;
        const box = element.getBoundingClientRect();
        // Not shown, or only to screen readers (a 1 px visually hidden label).
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
        // A native select shows its chosen option's text, which its scrollWidth does not count.
        if (element instanceof HTMLSelectElement && measure) {
          const style = getComputedStyle(element);
          measure.font = style.font;
          const shown = element.selectedOptions[0]?.textContent ?? '';
          const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          const needs = Math.ceil(measure.measureText(shown).width);
          if (needs > room + 1) found.push(`select "${shown.trim()}": needs ${needs} px, has ${Math.floor(room)} px`);
          continue;
        }
        if (element.scrollWidth > element.clientWidth + 1) {
          found.push(`${name(element)}: needs ${element.scrollWidth} px, has ${element.clientWidth} px`);
          continue;
        }
        // A fieldset's fields (the product quantities) line their inputs up at the bottom instead.
        if (oneLine && element.tagName === 'LABEL' && !element.closest('fieldset')) {
          const lines = Math.round(box.height / Number.parseFloat(getComputedStyle(element).lineHeight));
          if (lines > 1) found.push(`${name(element)}: wraps onto ${lines} lines`);
        }
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
          const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
          // A fixed box (a dialog's layer) escapes the boxes around it, the page's scroll lock included.
          if (!clipsX && !clipsY) {
            if (style.position === 'fixed') break;
            continue;
          }
          const frame = parent.getBoundingClientRect();
          const outX = clipsX && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5);
          const outY = clipsY && (box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5);
          if (outX || outY) {
            found.push(`${name(element)}: clipped by ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`);
            break;
          }
          if (style.position === 'fixed') break;
        }
      }
    }
    return found;
  }, oneLineLabels);
  expect(cut, `nothing cut off on ${label}`).toEqual([]);
}
