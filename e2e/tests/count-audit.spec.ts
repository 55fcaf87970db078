/**
 * Journey: a count audit (spec section 3 "Count audit"; docs/domain.md "Count audits"). kari, a
 * customer admin, opens My company > Counting, registers today's count of two products at her
 * location and sees the ledger's figures and the differences; she signs out. admin, the
 * provider's global admin, finds it under "Counts to confirm" in his menu, confirms it, and the
 * count shows as confirmed with the corrections posted.
 */
import { expect } from '@playwright/test';
import { dismissToast, expectAccessible, expectNothingCut, signIn, signOut, test } from './fixtures';
import { nb } from './order-steps';

test('kari registers a count; admin confirms it and the count shows its corrections', async ({ page }) => {
  // Two sign-ins and six axe runs on a shared machine.
  test.setTimeout(150_000);
  await signIn(page, 'kari');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.company') }).click();
  await expect(page).toHaveURL(/\/app\/company$/);
  const section = page.getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.companySection') }) });
  await section.getByRole('link', { name: nb('shell:menu.counting') }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('counting:title') })).toBeVisible();
  // The demo's counts of her company: one awaits the provider, one was rejected with a reason.
  await expect(page.getByText(nb('counting:status.registered')).first()).toBeVisible();
  await expect(page.getByText(nb('counting:status.rejected')).first()).toBeVisible();
  await expectAccessible(page, 'the count list');

  await page.getByRole('link', { name: nb('counting:register') }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('counting:form.title') })).toBeVisible();
  const counted = page.getByRole('spinbutton');
  await expect(counted.first()).toBeVisible();
  await counted.nth(0).fill('250');
  await counted.nth(1).fill('40');
  await counted.nth(1).press('Tab');
  await expectAccessible(page, 'register count');
  await expectNothingCut(page.locator('main'), 'register count');
  // The create carries an idempotency key (docs/domain.md, "Idempotency keys"): a retry makes no second count.
  const created = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/CountAudits');
  await page.getByRole('button', { name: nb('counting:form.save') }).click();
  expect((await created).postDataJSON().idempotencyKey).toMatch(/^[\w-]{8,100}$/);
  await dismissToast(page, nb('counting:form.saved'), 'nb-NO');

  // The count with the ledger's figures: two products, counted as entered, awaiting confirmation.
  await expect(page).toHaveURL(/\/app\/company\/audit\/\d+$/);
  const id = /(\d+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toContainText(nb('counting:detail.title', { date: '' }).trim());
  await expect(page.getByRole('alert').filter({ hasText: nb('counting:detail.pendingNote') })).toBeVisible();
  const lines = page.getByRole('table', { name: nb('counting:lines.caption') });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('cell', { name: '250', exact: true }).first()).toBeVisible();
  await expect(lines.getByRole('cell', { name: '40', exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Kari Nordmann, /)).toBeVisible();
  // kari may not decide her own company's count.
  await expect(page.getByRole('button', { name: nb('counting:decide.confirm') })).toHaveCount(0);
  await expectAccessible(page, 'the registered count');
  await signOut(page, 'nb-NO');

  await signIn(page, 'admin');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${nb('shell:userMenu.countsToConfirm')}`) }).click();
  await expect(page).toHaveURL(/\/app\/company\/audit\?status=registered$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('counting:title') })).toBeVisible();
  await expectAccessible(page, 'counts to confirm');
  await page.locator(`a[href="/app/company/audit/${id}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(nb('counting:detail.title', { date: '' }).trim());

  await page.getByRole('button', { name: nb('counting:decide.confirm'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).not.toHaveCount(0);
  await expectAccessible(page, 'confirm the count');
  await dialog.getByRole('button', { name: nb('counting:decide.confirmAction') }).click();
  await dismissToast(page, nb('counting:decide.confirmed'), 'nb-NO');

  await expect(page.getByRole('alert').filter({ hasText: nb('counting:detail.confirmedTitle') })).toContainText(/\d korreksjon/);
  await expect(page.getByRole('columnheader', { name: nb('counting:lines.correction') })).toBeVisible();
  await expect(lines.getByText(new RegExp(` ${nb('counting:lines.kind.pooling')}$`)).first()).toBeVisible();
  await expect(page.getByText(/^Anders Haugen, /)).toBeVisible();
  await expect(page.getByRole('button', { name: nb('counting:decide.confirm'), exact: true })).toHaveCount(0);
  await expectAccessible(page, 'the confirmed count');
});
