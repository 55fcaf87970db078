/**
 * Journey: a container rental (issue 11; docs/containers.md). mikko (Pohjolan Tukku Vantaa,
 * Finnish) opens Container > Rentals from the menu and registers a rental of two containers;
 * admin, the provider's global admin (Norwegian), assigns two containers from a depot; mikko, on
 * a phone-sized screen, returns them, one needing repair with a comment and a photo; admin closes
 * the rental. axe checks every screen and dialog on the way.
 */
import { expect, type Page } from '@playwright/test';
import { dismissToast, expectAccessible, mainMenu, signIn, signOut, test, text } from './fixtures';

const fi = (key: string, values: Record<string, string | number> = {}) => text('fi-FI', `containers:${key}`, values);
const nb = (key: string, values: Record<string, string | number> = {}) => text('nb-NO', `containers:${key}`, values);

/** A 1x1 PNG: the photo of the damage. */
const PHOTO = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

/** Opens rental `id` and waits for its heading. */
async function openRental(page: Page, id: string, title: string) {
  await page.goto(`/app/containers/rentals/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('mikko rents containers that admin assigns; mikko returns them, one needing repair; admin closes the rental', async ({ page }) => {
  // Four sign-ins and nine axe runs on a shared machine.
  test.setTimeout(180_000);
  await signIn(page, 'mikko');
  await mainMenu(page, 'fi-FI')
    .getByRole('link', { name: text('fi-FI', 'shell:menu.container') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: fi('containers.title') })).toBeVisible();
  // mikko's containers out on his open rental.
  await expect(page.getByRole('link', { name: /^NPC-/ }).first()).toBeVisible();
  await expectAccessible(page, 'the containers');

  await page.goto('/app/containers/rentals');
  await expect(page.getByRole('heading', { level: 1, name: fi('rentals.title') })).toBeVisible();
  // The demo's rentals of mikko in every status.
  for (const status of ['Registered', 'Open', 'Closed']) await expect(page.getByText(fi(`rentalStatus.${status}`)).first()).toBeVisible();
  await expectAccessible(page, 'the rentals');

  await page.getByRole('button', { name: fi('register.open') }).click();
  const register = page.getByRole('dialog', { name: fi('register.title') });
  await register.getByRole('spinbutton', { name: fi('register.quantity') }).fill('2');
  await register.getByRole('textbox', { name: fi('register.comment') }).fill('Kevätkampanja');
  await expectAccessible(page, 'register a rental');
  // The create carries an idempotency key (docs/domain.md, "Idempotency keys"): a retry registers no second rental.
  const created = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/Rentals');
  await register.getByRole('button', { name: fi('register.save') }).click();
  expect((await created).postDataJSON().idempotencyKey).toMatch(/^[\w-]{8,100}$/);
  await expect(page).toHaveURL(/\/app\/containers\/rentals\/\d+$/);
  const id = /(\d+)$/.exec(page.url())?.[1] ?? '';
  await dismissToast(page, fi('register.saved', { id }), 'fi-FI');
  await expect(page.getByRole('heading', { level: 1, name: fi('rental.title', { id }) })).toBeVisible();
  await expect(page.getByText(fi('rentalStatus.Registered'), { exact: true })).toBeVisible();
  await expect(page.getByText(fi('rental.noContainers'))).toBeVisible();
  // mikko may cancel but not assign.
  await expect(page.getByRole('button', { name: fi('close.cancelOpen') })).toBeVisible();
  await expect(page.getByRole('button', { name: fi('assign.open') })).toHaveCount(0);
  await expectAccessible(page, 'the registered rental');
  await signOut(page, 'fi-FI');

  await signIn(page, 'admin');
  await openRental(page, id, nb('rental.title', { id }));
  await page.getByRole('button', { name: nb('assign.open') }).click();
  const assign = page.getByRole('dialog', { name: nb('assign.title', { id }) });
  await expect(assign.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expectAccessible(page, 'assign containers');
  await assign.getByRole('button', { name: text('nb-NO', 'containers:assign.save_other', { count: 2 }) }).click();
  await dismissToast(page, text('nb-NO', 'containers:assign.saved_other', { count: 2 }), 'nb-NO');
  await expect(page.getByText(nb('rentalStatus.Open'), { exact: true })).toBeVisible();
  const containers = page.getByRole('table', { name: nb('rental.containers') });
  await expect(containers.getByRole('row')).toHaveCount(3);
  // admin may see money: the day rent so far.
  await expect(page.getByText(nb('rental.rent'))).toBeVisible();
  await expectAccessible(page, 'the open rental');
  await signOut(page, 'nb-NO');

  // mikko returns them on his phone.
  await signIn(page, 'mikko');
  await page.setViewportSize({ width: 375, height: 800 });
  await openRental(page, id, fi('rental.title', { id }));
  await expect(page.getByText(fi('rental.rent'))).toHaveCount(0);
  await page.getByRole('button', { name: fi('return.open') }).click();
  const giveBack = page.getByRole('dialog', { name: fi('return.title', { id }) });
  // One group per container out, named by its serial number.
  const second = giveBack.getByRole('group', { name: /^NPC-/ }).nth(1);
  await second.getByRole('radio', { name: fi('containerStatus.NeedsRepair') }).check();
  await second.getByRole('textbox', { name: fi('return.comment') }).fill('Pohjalevy haljennut');
  await second.locator('input[type="file"]').setInputFiles({ name: 'vaurio.png', mimeType: 'image/png', buffer: PHOTO });
  await expectAccessible(page, 'return containers');
  await giveBack.getByRole('button', { name: text('fi-FI', 'containers:return.save_other', { count: 2 }) }).click();
  await dismissToast(page, text('fi-FI', 'containers:return.saved_other', { count: 2 }), 'fi-FI');
  await expect(page.getByText(fi('containerStatus.NeedsRepair'))).toBeVisible();
  await expect(page.getByText('Pohjalevy haljennut')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Kuva kontista NPC-/ })).toBeVisible();
  await expect(page.getByRole('button', { name: fi('return.open') })).toHaveCount(0);
  await expectAccessible(page, 'the returned rental on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page, 'fi-FI');

  await signIn(page, 'admin');
  await openRental(page, id, nb('rental.title', { id }));
  await page.getByRole('button', { name: nb('close.open') }).click();
  const close = page.getByRole('dialog', { name: nb('close.title', { id }) });
  await expectAccessible(page, 'close the rental');
  await close.getByRole('button', { name: nb('close.action') }).click();
  await dismissToast(page, nb('close.closed'), 'nb-NO');
  await expect(page.getByText(nb('rentalStatus.Closed'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: nb('close.open') })).toHaveCount(0);
  await expectAccessible(page, 'the closed rental');
});
