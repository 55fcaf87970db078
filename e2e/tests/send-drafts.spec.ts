/**
 * Journey: sending drafts in bulk (spec sections 2 and 4: "Drafts can be saved, saved and
 * closed, saved with a new one created, or sent in bulk"). ole saves one purchase draft and
 * starts a new one, saves that and closes; a third draft, made earlier with a send day in the
 * past, is already there. In the orders grid ole chooses all three and sends them: two are
 * sent, and the report names the third and why it could not be sent.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, mainMenu, signIn, test } from './fixtures';
import { menuLink, nb, pickFirstOpenDay, status } from './order-steps';

/** Fills the first product with one full stack, the first open send day and a reference. */
async function fillPurchase(page: Page, dialog: Locator, reference: string) {
  const quantity = dialog.getByRole('spinbutton').first();
  await expect(quantity).toBeEnabled();
  const step = Number(
    /(\d+)$/.exec(
      (await dialog
        .getByText(/^Full stabel: \d+$/)
        .first()
        .textContent()) ?? '',
    )?.[1],
  );
  await quantity.fill(String(step));
  await quantity.press('Tab');
  await pickFirstOpenDay(page, dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.dateSend')}`) }));
  await dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') }).fill(reference);
}

test('ole saves two purchase drafts and sends them in bulk with one that cannot be sent', async ({ page, request }) => {
  const prefix = `E2E-BULK-${Date.now()}`;

  // A draft from earlier, dated yesterday: drafts may keep any day until they are sent.
  const token = await apiToken(request, 'ole');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'nb-NO' };
  const session = (await (await request.get('/api/Status', { headers })).json()) as { data: { status: { location: { id: number } } } };
  const products = (await (
    await request.get(`/api/AvailableProducts?locationId=${session.data.status.location.id}`, { headers })
  ).json()) as {
    data: { id: number; qtyHeight: number }[];
  };
  const product = products.data[0] as { id: number; qtyHeight: number };
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const old = await request.post('/api/Orders', {
    headers,
    data: {
      transactionTypeId: 1,
      dateSend: yesterday,
      lines: [{ productId: product.id, quantityOrdered: product.qtyHeight }],
      referenceOwn: `${prefix}-old`,
      draft: true,
    },
  });
  expect(old.ok(), 'a past-dated draft is saved').toBe(true);
  const oldId = String(((await old.json()) as { data: { id: number } }).data.id);

  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.orders')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:list.title') })).toBeVisible();

  // Save one draft and start a new one; save that one and close.
  await page.getByRole('button', { name: nb('orders:list.new.purchase') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.purchase') });
  await fillPurchase(page, dialog, `${prefix}-a`);
  await dialog.getByRole('button', { name: nb('orders:dialog.saveAndNew') }).click();
  const first =
    /(\d+)/.exec(
      (await page
        .getByRole('alert')
        .filter({ hasText: new RegExp(`^${nb('orders:dialog.savedDraft', { id: '\\d+' })}`) })
        .first()
        .textContent()) ?? '',
    )?.[1] ?? '';
  await dismissToast(page, nb('orders:dialog.savedDraft', { id: first }), 'nb-NO');
  await expect(dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') })).toHaveValue('');
  await fillPurchase(page, dialog, `${prefix}-b`);
  await dialog.getByRole('button', { name: nb('orders:dialog.saveAndClose') }).click();
  await expect(dialog).toBeHidden();

  // All three drafts in the grid, chosen at once.
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(prefix);
  const grid = page.getByRole('table', { name: nb('orders:list.gridLabel') });
  const rows = grid.getByRole('row').filter({ hasText: prefix });
  await expect(page.getByText(nb('orders:list.footer', { shown: 3, total: 3 }), { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: status(0) })).toHaveCount(3);
  await grid.getByRole('checkbox', { name: nb('orders:drafts.selectAll') }).check();
  await expectAccessible(page, 'orders grid with drafts chosen');
  await page.getByRole('button', { name: nb('orders:drafts.send_other', { count: 3 }) }).click();

  // The report: two sent, the old one not, with the reason.
  const report = page.getByRole('dialog', { name: nb('orders:drafts.reportTitle') });
  await expect(report.getByText(nb('orders:drafts.sentCount_other', { count: 2 }))).toBeVisible();
  await expect(report.getByText(nb('orders:drafts.failedCount_one', { count: 1 }))).toBeVisible();
  const failure = report.getByRole('listitem');
  await expect(failure).toHaveCount(1);
  await expect(failure.getByRole('link', { name: nb('orders:detail.title', { id: oldId }) })).toBeVisible();
  await expectAccessible(page, 'send drafts report');
  await report
    .getByRole('button', { name: nb('orders:dialog.close') })
    .filter({ hasText: nb('orders:dialog.close') })
    .click();

  await expect(rows.filter({ hasText: status(1) })).toHaveCount(2);
  await expect(rows.filter({ hasText: status(0) })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${prefix}-old` })).toContainText(status(0));
});
