/**
 * Shared steps of the browser journeys: signing in through the login page, and an axe
 * check of every screen a journey visits (no serious or critical WCAG violation).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every demo user's password. */
export const PASSWORD = 'demo1234';

/** Runs axe on the page (WCAG 2.0/2.1/2.2 A and AA) and fails on serious or critical findings. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/** Keeps the interface in English for journeys that read English labels. */
export async function useLocale(page: Page, locale = 'en-US'): Promise<void> {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', value);
  }, locale);
}

/** Signs in through the login page and waits for the start page. */
export async function signIn(page: Page, user: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home/);
}
