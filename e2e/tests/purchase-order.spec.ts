/**
 * Journey: placing a purchase order and confirming it (spec sections 4 and 5). ole orders a
 * product available at the location; a quantity off the full-stack step is snapped to whole
 * stacks with a note saying so (the snapped value is valid, so the field is not marked invalid);
 * only an open day can be picked as the send day; the sent order is Ordered. The global admin then opens it and confirms it: Confirmed, with both steps in
 * the status history.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, dismissToast, escapeRegExp, expectAccessible, mainMenu, shot, signIn, signOut, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);
const ORDERED = nb('messages:status.1');
const CONFIRMED = nb('messages:status.2');

/** The Orders item of the menu row (its name may go on with a badge). */
const ordersLink = new RegExp(`^${escapeRegExp(nb('shell:menu.orders'))}(?:\\s|$)`);

/** Types `term` in the orders list's search and answers the one grid row it finds. */
async function searchOrders(page: Page, term: string): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:list.title') })).toBeVisible();
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(term);
  const row = page
    .getByRole('table', { name: nb('orders:list.gridLabel') })
    .getByRole('row')
    .filter({ hasText: term });
  await expect(row).toHaveCount(1);
  return row;
}

/** The heading block of the order detail page: "Ordre {id}", its status and its type. */
function orderTitleBlock(page: Page, id: string): Locator {
  return page.getByRole('heading', { level: 1, name: nb('orders:detail.title', { id }) }).locator('xpath=..');
}

/**
 * Opens the send-day picker and picks the first day it lets the user choose (closed days and
 * days before today are disabled), going to the next month while the shown one has none left.
 */
async function pickFirstOpenDay(page: Page, picker: Locator): Promise<string> {
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

test('ole places a purchase order and the global admin confirms it', async ({ page }) => {
  // Three users' sessions and a dozen screens, each checked by axe, on a machine shared with other work.
  test.setTimeout(150_000);
  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO').getByRole('link', { name: ordersLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:list.title') })).toBeVisible();

  // The dialog lists the products available at ole's location, each with its full stack.
  await page.getByRole('button', { name: nb('orders:list.new.purchase') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.purchase') });
  const quantity = dialog.getByRole('spinbutton').first();
  await expect(quantity).toBeVisible();
  await expect(dialog.getByText(`${nb('orders:dialog.recipient')}:`, { exact: true })).toBeVisible();
  const stackHint = new RegExp(`^${escapeRegExp(nb('orders:dialog.stackHint', { step: '\u0000' })).replace('\u0000', '(\\d+)')}$`);
  await expect(quantity).toHaveAccessibleDescription(stackHint);
  const step = Number(stackHint.exec((await dialog.getByText(stackHint).first().textContent()) ?? '')?.[1]);
  expect(step, 'full stack of the first product').toBeGreaterThan(1);
  await expectAccessible(page, 'new order dialog');

  // A quantity that is not a whole number of stacks: snapped down to one stack, with a note;
  // the value is valid, so no error stays on the field.
  const snapNote = dialog.getByText(nb('orders:dialog.snapped', { typed: step + 1, value: step, step }));
  await quantity.fill(String(step + 1));
  await quantity.press('Tab');
  await expect(quantity).toHaveValue(String(step));
  await expect(snapNote).toBeVisible();
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(nb('orders:dialog.quantityStep', { step }))).toHaveCount(0);
  await shot(page, 'order-dialog-step-snapped');
  await expectAccessible(page, 'new order dialog with the quantity snapped to whole stacks');

  // Two full stacks typed: the note goes.
  await quantity.fill(String(step * 2));
  await quantity.press('Tab');
  await expect(snapNote).toBeHidden();
  await expect(quantity).toHaveValue(String(step * 2));
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');

  // The send day: only open days can be picked.
  const datePicker = dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.dateSend')}`) });
  const day = await pickFirstOpenDay(page, datePicker);
  await expect(datePicker).not.toHaveText(nb('orders:dialog.chooseDate'));
  const reference = `E2E-${Date.now()}`;
  await dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') }).fill(reference);
  await shot(page, 'order-dialog-filled');
  await expectAccessible(page, `new order dialog, filled (send day ${day})`);

  await dialog.getByRole('button', { name: nb('orders:dialog.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/orders\/\d+$/);
  const id = /\/app\/orders\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await dismissToast(page, nb('orders:dialog.sent', { id }), 'nb-NO');
  await expect(orderTitleBlock(page, id).getByText(ORDERED, { exact: true })).toBeVisible();
  const lines = page.getByRole('table', { name: nb('orders:detail.lines') });
  await expect(lines.getByRole('row').nth(1)).toContainText(String(step * 2));
  await expect(page.getByText(reference)).toBeVisible();
  await shot(page, 'order-sent');
  await expectAccessible(page, 'order detail, ordered');

  // The order is in ole's list, found by its reference, as Ordered.
  await page.getByRole('link', { name: nb('orders:detail.backTo', { list: nb('orders:list.title').toLocaleLowerCase('nb-NO') }) }).click();
  const row = await searchOrders(page, reference);
  await expect(row).toContainText(id);
  await expect(row).toContainText(ORDERED);
  await expectAccessible(page, 'orders list searched by reference');

  // The global admin, at the depot the order comes from, finds it in the list and confirms it.
  await signOut(page, 'nb-NO');
  await signIn(page, 'admin');
  await mainMenu(page, 'nb-NO').getByRole('link', { name: ordersLink }).click();
  await (await searchOrders(page, reference)).click();
  await expect(page).toHaveURL(new RegExp(`/app/orders/${id}$`));
  const title = orderTitleBlock(page, id);
  await expect(title.getByText(ORDERED, { exact: true })).toBeVisible();
  await expectAccessible(page, 'order detail for the global admin');
  await page.getByRole('button', { name: nb('orders:actions.confirm') }).click();
  await expect(title.getByText(CONFIRMED, { exact: true })).toBeVisible();
  await dismissToast(page, nb('orders:detail.statusChanged', { id, status: CONFIRMED }), 'nb-NO');
  await expect(page.getByRole('button', { name: nb('orders:actions.confirm') })).toHaveCount(0);

  // The history shows both steps, oldest first: ordered by Ole, confirmed by the admin.
  const history = page.getByRole('table', { name: nb('orders:detail.history') }).getByRole('row');
  const change = (who: string, from: string, to: string) =>
    new RegExp(`^.+ ${escapeRegExp(who)} ${escapeRegExp(from)} ${escapeRegExp(nb('orders:detail.arrowTo'))} ${escapeRegExp(to)}$`);
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toHaveAccessibleName(change(DEMO_USERS.ole.name, nb('orders:detail.created'), ORDERED));
  await expect(history.nth(2)).toHaveAccessibleName(change(DEMO_USERS.admin.name, ORDERED, CONFIRMED));
  await shot(page, 'order-confirmed');
  await expectAccessible(page, 'order detail, confirmed');
});
