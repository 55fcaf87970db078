/**
 * Shared steps of the order journeys: Norwegian texts, the order page's heading block, picking
 * the first open day in a date picker, and taking a status step from the order page (the
 * button, its dialog if any, the new status and its toast).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { dismissToast, escapeRegExp, mainMenu, text } from './fixtures';

export const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

/** A status label in Norwegian. */
export const status = (id: number) => nb(`messages:status.${id}`);

/** A menu link's name: its label, then any badge ("Levering 10 uenigheter"). */
export const menuLink = (label: string) => new RegExp(`^${escapeRegExp(label)}(?:\\s|$)`);

/** The heading block of the order page: "Ordre {id}", its status and its type. */
export function orderTitleBlock(page: Page, id: string): Locator {
  return page.getByRole('heading', { level: 1, name: nb('orders:detail.title', { id }) }).locator('xpath=..');
}

/** Waits until the order page shows `statusId` for order `id`. */
export async function expectStatus(page: Page, id: string, statusId: number): Promise<void> {
  await expect(orderTitleBlock(page, id).getByText(status(statusId), { exact: true })).toBeVisible();
}

/**
 * Opens the send-day picker and picks the first day it lets the user choose (closed days and
 * days before today are disabled), going to the next month while the shown one has none left.
 */
export async function pickFirstOpenDay(page: Page, picker: Locator): Promise<string> {
  await picker.click();
  const days = page.getByRole('button', { name: /^\d{1,2}\.? \S+ \d{4}$/, disabled: false });
  for (let month = 0; month < 3; month++) {
    const found = await expect
      .poll(() => days.count(), { timeout: 3_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (found) break;
    await page.getByRole('button', { name: nb('orders:inputs.nextMonth') }).click();
  }
  const day = days.first();
  const label = (await day.getAttribute('aria-label')) ?? '';
  await day.click();
  return label;
}

/** The id of the order the page shows (/app/<area>/<id>). */
export function orderIdOf(page: Page): string {
  return /\/app\/\w+\/(\d+)$/.exec(page.url())?.[1] ?? '';
}

/**
 * Takes a step with the order page's button `action` (orders:actions.<action>); `inDialog`
 * fills the step's dialog and presses its button. Then the order shows `to`, with the toast
 * "Ordre {id}: {status}".
 */
export async function takeStep(
  page: Page,
  id: string,
  action: string,
  to: number,
  inDialog?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: nb(`orders:actions.${action}`), exact: true }).click();
  if (inDialog) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await inDialog(dialog);
    await expect(dialog).toBeHidden();
  }
  await expectStatus(page, id, to);
  await dismissToast(page, nb('orders:detail.statusChanged', { id, status: status(to) }), 'nb-NO');
}

/** Opens Dispatch > Returns through the menu (as a Norwegian user) and waits for its heading. */
export async function openReturns(page: Page): Promise<void> {
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.dispatch')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.dispatch') }) })
    .getByRole('link', { name: nb('shell:menu.returns') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:lists.returns.title') })).toBeVisible();
}
