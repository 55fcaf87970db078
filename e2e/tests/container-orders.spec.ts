/**
 * Journey: container orders (issue 11, "Container orders"; docs/container-orders.md). mikko, at a
 * Finnish location with the container feature, opens Container > Container orders, orders 3
 * containers for an open day and sees the order Open; he signs out. admin, the provider's global
 * admin, finds the order in his list, confirms it and delivers it, which registers its rental.
 * mikko signs in again and sees his order Delivered, with the link to its rental. axe on each screen.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { dismissToast, expectAccessible, signIn, signOut, test, text } from './fixtures';

const fi = (key: string, values?: Record<string, string | number>) => text('fi-FI', key, values);
const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

/** Opens a date picker and picks the first day it lets the user choose, going on a month while the shown one has none. */
async function pickFirstOpenDay(page: Page, picker: Locator, nextMonth: string): Promise<void> {
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
    await page.getByRole('button', { name: nextMonth }).click();
  }
  await days.first().click();
}

test('mikko orders 3 containers; admin confirms and delivers; mikko sees it Delivered with its rental', async ({ page }) => {
  // Three sign-ins and seven axe runs on a shared machine.
  test.setTimeout(180_000);
  await signIn(page, 'mikko');
  const section = page.getByRole('link', { name: fi('shell:menu.container'), exact: true });
  await section.first().click();
  await page
    .getByRole('link', { name: fi('shell:menu.containerOrders') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/containers\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: fi('containerOrders:title') })).toBeVisible();
  // The demo's orders of his location, in every status.
  const grid = page.getByRole('table', { name: fi('containerOrders:list.gridLabel') });
  for (const status of ['Open', 'Confirmed', 'Delivered', 'Cancelled']) {
    await expect(grid.getByText(fi(`containerOrders:status.${status}`), { exact: true }).first()).toBeVisible();
  }
  await expectAccessible(page, 'the container order list');

  await page.getByRole('button', { name: fi('containerOrders:new') }).click();
  const dialog = page.getByRole('dialog', { name: fi('containerOrders:dialog.title') });
  await expect(dialog.getByRole('combobox', { name: fi('containerOrders:dialog.location') })).toHaveValue('Pohjolan Tukku Vantaa');
  await dialog.getByRole('spinbutton', { name: fi('containerOrders:dialog.quantity') }).fill('3');
  await dialog.getByRole('textbox', { name: fi('containerOrders:dialog.reference') }).fill('E2E-3');
  await pickFirstOpenDay(
    page,
    dialog.getByRole('button', { name: fi('containerOrders:dialog.wantedDate') }),
    fi('orders:inputs.nextMonth'),
  );
  await expectAccessible(page, 'the new container order dialog');
  // The create carries an idempotency key (docs/domain.md, "Idempotency keys"): a retry makes no second order.
  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/ContainerOrders',
  );
  await dialog.getByRole('button', { name: fi('containerOrders:dialog.submit') }).click();
  expect((await created).postDataJSON().idempotencyKey).toMatch(/^[\w-]{8,100}$/);

  await expect(page).toHaveURL(/\/app\/containers\/orders\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  await dismissToast(page, fi('containerOrders:dialog.saved', { id }), 'fi-FI');
  await expect(page.getByRole('heading', { level: 1, name: fi('containerOrders:detail.title', { id }) })).toBeVisible();
  await expect(page.getByText(fi('containerOrders:status.Open'), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Mikko Korhonen, /).first()).toBeVisible();
  // The ordering side changes or cancels an Open order; only the provider confirms it.
  await expect(page.getByRole('button', { name: fi('containerOrders:step.action.Cancelled') })).toBeVisible();
  await expect(page.getByRole('button', { name: fi('containerOrders:step.action.Confirmed'), exact: true })).toHaveCount(0);
  await expectAccessible(page, 'the open container order');
  await signOut(page, 'fi-FI');

  await signIn(page, 'admin');
  await page.goto('/app/containers/orders');
  await expect(page.getByRole('heading', { level: 1, name: nb('containerOrders:title') })).toBeVisible();
  await page.getByRole('textbox', { name: nb('containerOrders:filters.term') }).fill('E2E-3');
  const row = page.getByRole('link', { name: nb('containerOrders:list.number', { id }) });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'the provider’s container order list');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: nb('containerOrders:detail.title', { id }) })).toBeVisible();

  await page.getByRole('button', { name: nb('containerOrders:step.action.Confirmed'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: nb('containerOrders:step.title.Confirmed', { id }) });
  await expectAccessible(page, 'the confirm dialog');
  await confirm.getByRole('button', { name: nb('containerOrders:step.action.Confirmed'), exact: true }).click();
  await dismissToast(page, nb('containerOrders:step.done.Confirmed', { id }), 'nb-NO');

  await page.getByRole('button', { name: nb('containerOrders:step.action.Delivered'), exact: true }).click();
  const deliver = page.getByRole('dialog', { name: nb('containerOrders:step.title.Delivered', { id }) });
  await deliver.getByRole('button', { name: nb('containerOrders:step.action.Delivered'), exact: true }).click();
  await dismissToast(page, nb('containerOrders:step.done.Delivered', { id }), 'nb-NO');
  await expect(page.getByRole('link', { name: /^Åpne leieforhold \d+$/ })).toBeVisible();
  await expectAccessible(page, 'the delivered order (provider)');
  await signOut(page, 'nb-NO');

  await signIn(page, 'mikko');
  await page.goto(`/app/containers/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: fi('containerOrders:detail.title', { id }) })).toBeVisible();
  await expect(page.getByText(fi('containerOrders:status.Delivered'), { exact: true }).first()).toBeVisible();
  const rental = page.getByRole('link', { name: /^Avaa vuokraus \d+$/ });
  await expect(rental).toHaveAttribute('href', /^\/app\/containers\/rentals\/\d+$/);
  // The history: ordered, confirmed and delivered, each with who did it.
  await expect(page.getByText(`${fi('containerOrders:status.Open')} → ${fi('containerOrders:status.Confirmed')}`)).toBeVisible();
  await expect(page.getByText(`${fi('containerOrders:status.Confirmed')} → ${fi('containerOrders:status.Delivered')}`)).toBeVisible();
  await expect(page.getByText(/^Anders Haugen, /).first()).toBeVisible();
  await expectAccessible(page, 'the delivered order (mikko)');
});
