/**
 * Journey: the API page and Controls (issue 10; docs/api.md). ole opens API from the menu,
 * makes a key (shown once), copies it with the copy button, uses it from outside the browser,
 * and revokes it after a confirmation: the key answers 401 from then on. The page also works
 * at phone width. The global admin opens Controls from the menu (ole's menu does not offer it)
 * and from there the order longest waiting for automatic commit.
 */
import { expect } from '@playwright/test';
import { dismissToast, expectAccessible, expectNothingCut, signIn, signOut, test } from './fixtures';
import { nb } from './order-steps';

test('ole makes an API key, copies it, uses it and revokes it; the admin opens Controls', async ({ page, request, context }) => {
  // Two sign-ins, two dialogs and five axe runs on a shared machine.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `E2E ERP ${Date.now().toString(36)}`;

  await signIn(page, 'ole');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await expect(page.getByRole('menuitem', { name: nb('shell:userMenu.controls') })).toHaveCount(0);
  await page.getByRole('menuitem', { name: nb('shell:userMenu.api'), exact: true }).click();
  await expect(page).toHaveURL(/\/app\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('api:title') })).toBeVisible();
  await expect(page.getByRole('link', { name: nb('api:connect.docs').match(/<docs>(.*?)<\/docs>/)?.[1] ?? '' })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  // What a key cannot do, and that a password change ends every key (issue 20).
  await expect(page.getByText(nb('api:connect.identity'))).toBeVisible();
  await expect(page.getByText(nb('api:keys.passwordEnds'))).toBeVisible();
  // The example order is filled in with ole's own location.
  await expect(page.getByText(/curl -X POST '.*\/api\/Orders'/)).toBeVisible();
  await expectAccessible(page, 'the API page');
  await expectNothingCut(page.locator('main'), 'the API page');

  await page.getByRole('textbox', { name: new RegExp(`^${nb('api:keys.name')}`) }).fill(name);
  await page.getByRole('button', { name: nb('api:keys.create') }).click();
  const created = page.getByRole('dialog', { name: nb('api:created.title', { name }) });
  await expect(created).toBeVisible();
  const key = ((await created.getByTestId('api-key-token').textContent()) ?? '').trim();
  expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'the new key dialog');
  await created.getByRole('button', { name: nb('api:created.copy') }).click();
  await expect(created.getByRole('button', { name: nb('api:created.copied') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await created.getByRole('button', { name: nb('api:created.done') }).click();
  await expect(created).toBeHidden();

  // The key works from outside the browser, as ole.
  const withKey = { headers: { authorization: `Bearer ${key}` } };
  const used = await request.get('/api/Inventory', withKey);
  expect(used.status()).toBe(200);

  // Listed as working; the key itself is not on the page any more.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(nb('api:keys.states.active'))).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole('button', { name: nb('api:keys.revokeNamed', { name }) }).click();
  const confirm = page.getByRole('dialog', { name: nb('api:revoke.title', { name }) });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the revoke dialog');
  await confirm.getByRole('button', { name: nb('api:revoke.confirm') }).click();
  await dismissToast(page, nb('api:revoke.done', { name }), 'nb-NO');
  await expect(row.getByText(nb('api:keys.states.revoked'))).toBeVisible();
  expect((await request.get('/api/Inventory', withKey)).status()).toBe(401);

  // At phone width the page still shows everything (the key table scrolls sideways).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: nb('api:title') })).toBeVisible();
  await expectNothingCut(page.locator('main'), 'the API page at phone width');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page, 'nb-NO');

  await signIn(page, 'admin');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.controls') }).click();
  await expect(page).toHaveURL(/\/app\/controls$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('controls:title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: nb('controls:database.title') })).toBeVisible();
  await expect(page.getByText(nb('controls:database.kinds.pglite'))).toBeVisible();
  await expect(page.getByText('e2e', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Controls');
  await expectNothingCut(page.locator('main'), 'Controls');
  // The order longest waiting for automatic commit opens from there (the demo data has some).
  await page.getByRole('link', { name: new RegExp(`^${nb('controls:commit.order', { id: 0 }).replace('0', '\\d+')}$`) }).click();
  await expect(page).toHaveURL(/\/app\/(?:expedition|reception|delivery|orders|dispatch)\/\d+$/);
});
