/**
 * Journeys: what issue 20 added to pallet receipts (docs/pallet-receipts.md). admin, provider
 * staff, finds the demo's receipt that waits for approval (a counterparty ole's brewery does not
 * trade with) and approves it with a reason: its counterparty is told now. ole, on his phone
 * (390 px), disputes a final receipt with the carriers it should be; admin books the correction,
 * which the receipt lists while its lines stay as written. And a count at the dock shows no QR code.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, expectAccessible, expectNothingCut, shot, signIn, signOut, test } from './fixtures';
import { nb } from './order-steps';

const PHONE = { width: 390, height: 844 };

/** The receipt `id`'s page, waited for. */
async function openReceipt(page: Page, id: number, number: string): Promise<void> {
  await page.goto(`/app/pallet-receipts/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:detail.title', { number }) })).toBeVisible();
}

test('admin approves the receipt that waits for approval; its counterparty is told', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await page.goto('/app/pallet-receipts/log');
  await page.getByRole('combobox', { name: nb('palletReceipts:log.status') }).click();
  await page.getByRole('option', { name: nb('palletReceipts:status.approval') }).click();
  const table = page.getByRole('table', { name: nb('palletReceipts:log.title') });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link').first().click();
  await expect(page.getByText(nb('palletReceipts:waits.approvalTitle'))).toBeVisible();
  const approval = page.getByRole('region', { name: nb('palletReceipts:approval.title') });
  await approval.getByRole('button', { name: nb('palletReceipts:approval.approve') }).click();
  await expect(approval.getByText(nb('palletReceipts:form.required'))).toBeVisible();
  await approval.getByRole('textbox', { name: nb('palletReceipts:decision.comment') }).fill('Kjent transportør, avtalt med begge parter.');
  await shot(page, 'pallet-receipt-approval');
  await expectAccessible(page, 'approving a receipt');
  await approval.getByRole('button', { name: nb('palletReceipts:approval.approve') }).click();
  await expect(approval).toHaveCount(0);
  await expect(page.getByText(nb('palletReceipts:waits.consentTitle', { name: 'Handelshuset Norden Uppsala' }))).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:detail.toldAt'))).toBeVisible();
});

test('ole disputes a final receipt on his phone; admin books the correction and the receipt stays as written', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo's final receipt whose window passed, without a dispute yet.
  const headers = { authorization: `Bearer ${await apiToken(request, 'ole')}` };
  const finals = (await (await request.get('/api/PalletReceipts?status=final&inventory=false', { headers })).json()) as {
    data: { id: number; receiptNumber: string; finalReason: string }[];
  };
  const lapsed = finals.data.find((r) => r.finalReason === 'receptionDays');
  expect(lapsed).toBeDefined();
  const { id, receiptNumber: number } = lapsed as { id: number; receiptNumber: string };

  await signIn(page, 'ole');
  await page.setViewportSize(PHONE);
  await openReceipt(page, id, number);
  const form = page.getByRole('region', { name: nb('palletReceipts:dispute.title') });
  const returned = form.getByRole('spinbutton').nth(1);
  const before = Number(await returned.inputValue());
  // Nothing changed: the form says so before asking the server.
  await form.getByRole('textbox', { name: nb('palletReceipts:dispute.reason') }).fill('Vi leverte bare 34 tilbake, to ble stående igjen.');
  await form.getByRole('button', { name: nb('palletReceipts:dispute.send') }).click();
  await expect(form.getByText(nb('palletReceipts:dispute.noChange'))).toBeVisible();
  await returned.fill(String(before - 2));
  await shot(page, 'pallet-receipt-dispute');
  await expectAccessible(page, 'disputing a receipt on a phone');
  await expectNothingCut(page.locator('main'), 'disputing a receipt on a phone');
  await form.getByRole('button', { name: nb('palletReceipts:dispute.send') }).click();
  const disputes = page.getByRole('region', { name: nb('palletReceipts:dispute.listTitle') });
  await expect(disputes.getByText(nb('palletReceipts:dispute.status.open'), { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);

  // admin books the correction.
  await signOut(page, 'nb-NO');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  await openReceipt(page, id, number);
  const decide = page.getByRole('region', { name: nb('palletReceipts:dispute.decideTitle') });
  await decide.getByRole('textbox', { name: nb('palletReceipts:decision.comment') }).fill('Bekreftet av sjåføren.');
  await expectAccessible(page, 'deciding a dispute of a final receipt');
  await decide.getByRole('button', { name: nb('palletReceipts:dispute.correct') }).click();
  await expect(disputes.getByText(nb('palletReceipts:dispute.status.corrected'), { exact: true })).toBeVisible();
  await expect(decide).toHaveCount(0);
  // The receipt's own lines are as written; the correction is a posting of its own.
  await expect(page.getByRole('table', { name: nb('palletReceipts:lines.title') })).toContainText(String(before));
  await shot(page, 'pallet-receipt-corrected');
});

test('a count at the dock shows no QR code', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'ole');
  await page.setViewportSize(PHONE);
  await page.goto('/app/pallet-receipts-inv');
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:inventory.title') })).toBeVisible();
  await page
    .getByRole('group', { name: nb('palletReceipts:form.counted') })
    .getByRole('spinbutton')
    .first()
    .fill('17');
  await page.getByRole('button', { name: nb('palletReceipts:inventory.save') }).click();
  const saved = page.getByRole('heading', { level: 2, name: /PK-\d{4}-\d{6}/ });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('img', { name: /QR/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\/receipt\// })).toHaveCount(0);
  await expectAccessible(page, 'a saved count at the dock');
});
