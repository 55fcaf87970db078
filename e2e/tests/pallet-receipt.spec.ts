/**
 * Journeys: pallet receipts (issue 11 and 20; docs/pallet-receipts.md). ole, at the brewery's dock
 * with his phone (390 x 844), writes a receipt: his location first, the wholesaler's location as
 * the counterparty found by search, haulier and car number, two product lines with the steppers,
 * the driver's signature drawn with a finger and his own typed; saved, it records the handover
 * but waits for the wholesaler (another customer's balance moves), with its number and a QR code
 * that only shows it, and its PDF opens in a new tab. kari, at the wholesaler, follows the bell's
 * alert to it, finds it under "Awaiting my confirmation" and confirms it: now it is final. Then a
 * driver opens the QR link of a receipt to ole's own customer's external location on his phone
 * without an account, in Finnish, and confirms it; the dock's link of a receipt to the wholesaler
 * only shows it. And admin, provider staff, finds the demo's disputed receipt in the log and makes
 * it final with a reason. Approval, disputes and the count: pallet-receipt-flows.spec.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, expectAccessible, expectNothingCut, shot, signIn, signOut, test, text } from './fixtures';
import { nb } from './order-steps';

/** ole's phone at the dock. */
const PHONE = { width: 390, height: 844 };

/** Draws a stroke across the signature pad with the pointer (a finger at the dock). */
async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25));
  }
  await page.mouse.up();
}

test('ole writes a pallet receipt on his phone with both signatures; it waits until kari confirms it', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'ole');
  await page.setViewportSize(PHONE);
  // The menu dropdown has the receipts (spec section 2 names the routes, no menu item).
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.palletReceipts') }).click();
  await expect(page).toHaveURL(/\/app\/pallet-receipts$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:handover.title') })).toBeVisible();

  // The location first, preset to his only one.
  await expect(page.getByRole('combobox', { name: nb('palletReceipts:form.location') })).toHaveValue('Tinde Bryggeri Lørenskog');
  const counterparty = page.getByRole('combobox', { name: nb('palletReceipts:counterparty.label') });
  // Searched on the server as she types.
  await counterparty.click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/PalletReceiptCounterparties') && r.url().includes('term=Fjordland')),
    counterparty.pressSequentially('Fjordland'),
  ]);
  await page.getByRole('option', { name: /^Fjordland Dagligvare Alnabru L\d+/ }).click();
  await expect(counterparty).toHaveValue('Fjordland Dagligvare Alnabru');
  await page.getByRole('textbox', { name: nb('palletReceipts:form.haulier') }).fill('Bring Cargo');
  await page.getByRole('textbox', { name: nb('palletReceipts:form.carNumber') }).fill('el 48213');
  await expect(page.getByRole('textbox', { name: nb('palletReceipts:form.carNumber') })).toHaveValue('EL 48213');

  // Two lines: 12 EUR pallets in and 4 out (typed and stepped), 3 half pallets back.
  await page.getByRole('combobox', { name: nb('palletReceipts:lines.product') }).click();
  await page.getByRole('option', { name: 'EUR-pall, kvalitet A' }).click();
  const eur = 'EUR-pall, kvalitet A';
  await page.getByRole('spinbutton', { name: nb('palletReceipts:lines.deliveredOf', { name: eur }) }).fill('12');
  const more = page.getByRole('button', {
    name: nb('palletReceipts:lines.more', { field: nb('palletReceipts:lines.returnedOf', { name: eur }) }),
  });
  for (let i = 0; i < 4; i++) await more.click();
  await expect(page.getByRole('spinbutton', { name: nb('palletReceipts:lines.returnedOf', { name: eur }) })).toHaveValue('4');
  await page.getByRole('button', { name: nb('palletReceipts:lines.add') }).click();
  await page
    .getByRole('combobox', { name: nb('palletReceipts:lines.product') })
    .nth(1)
    .click();
  await page.getByRole('option', { name: 'Halvpall, kvalitet A' }).click();
  await page.getByRole('spinbutton', { name: nb('palletReceipts:lines.returnedOf', { name: 'Halvpall, kvalitet A' }) }).fill('3');

  // The driver draws his signature; ole types his name as his.
  const driver = page.getByRole('group', { name: nb('palletReceipts:parties.handover.from') });
  await driver.getByRole('textbox', { name: nb('palletReceipts:signature.name') }).fill('Per Sjåfør');
  await drawSignature(page, driver.getByRole('img'));
  const receiver = page.getByRole('group', { name: nb('palletReceipts:parties.handover.to') });
  await expect(receiver.getByRole('textbox', { name: nb('palletReceipts:signature.name') })).toHaveValue('Ole Hansen');
  await receiver.getByText(nb('signaturePad:type'), { exact: true }).click();
  await shot(page, 'pallet-receipt-new');
  await expectAccessible(page, 'a new pallet receipt on a phone');
  await expectNothingCut(page.locator('main'), 'a new pallet receipt on a phone');

  await page.getByRole('button', { name: nb('palletReceipts:handover.save') }).click();
  const saved = page.getByRole('heading', { level: 2, name: /^Kvittering PK-\d{4}-\d{6} er lagret$/ });
  await expect(saved).toBeVisible();
  const number = /PK-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
  // Both signed at the dock, yet it moves the wholesaler's balance: it waits for them, and its QR code only shows it.
  const fjordland = 'Fjordland Dagligvare Alnabru';
  await expect(page.getByText(nb('palletReceipts:status.open'), { exact: true })).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:waits.consentTitle', { name: fjordland }))).toBeVisible();
  await expect(page.getByRole('img', { name: nb('palletReceipts:saved.qrAlt', { number }) })).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:saved.qrHintFinal'))).toBeVisible();
  await expect(page.getByRole('link', { name: /\/receipt\/[\w-]+$/ })).toBeVisible();
  await shot(page, 'pallet-receipt-saved');
  await expectAccessible(page, 'the saved receipt with its QR code');

  // The PDF opens in a new tab.
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/PalletReceipts\/\d+\/document$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: nb('palletReceipts:pdf.open') }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await expect.poll(() => popup.evaluate(() => document.contentType)).toBe('application/pdf');
  await popup.close();

  // Its page: waiting for the wholesaler, the lines, both signatures; and the log lists it first.
  await page.getByRole('link', { name: nb('palletReceipts:saved.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:detail.title', { number }) })).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:statusHint.openConsent'))).toBeVisible();
  await expect(page.getByRole('region', { name: nb('palletReceipts:confirmation.title', { name: fjordland }) })).toHaveCount(0);
  await expect(page.getByRole('img', { name: nb('palletReceipts:signature.imageAlt', { name: 'Per Sjåfør' }) })).toBeVisible();
  await expect(page.getByRole('img', { name: nb('palletReceipts:signature.imageAlt', { name: 'Ole Hansen' }) })).toBeVisible();
  await expectAccessible(page, 'the receipt page on a phone');
  await page.getByRole('link', { name: nb('palletReceipts:detail.back') }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:handover.logTitle') })).toBeVisible();
  const newest = page
    .getByRole('list', { name: nb('palletReceipts:log.title') })
    .getByRole('listitem')
    .first();
  await expect(newest).toContainText(number);
  await expect(newest).toContainText(nb('palletReceipts:log.quantities', { delivered: '12', returned: '7' }));
  await expectAccessible(page, 'the receipt log on a phone');

  // kari, at the wholesaler's office, follows the bell's alert; the log shows it awaiting her.
  await signOut(page, 'nb-NO');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'kari');
  await page.goto('/app/pallet-receipts/log');
  const awaitingMe = page.getByRole('checkbox', { name: nb('palletReceipts:log.awaitingMe') });
  await awaitingMe.click();
  await expect(page).toHaveURL(/awaiting=me/);
  await expect(awaitingMe).toBeChecked();
  const awaiting = page.getByRole('table', { name: nb('palletReceipts:log.title') });
  await expect(awaiting.getByRole('row').filter({ hasText: number })).toContainText(nb('palletReceipts:log.awaitingYou'));
  await shot(page, 'pallet-receipt-awaiting');
  await expectAccessible(page, 'the log of receipts awaiting kari');
  // The bell's popup loads on first use; a press that lands while it takes over is pressed again.
  const bell = page.getByRole('button', { name: /^Varsler, \d+ ulest/ });
  const alerts = page.getByRole('dialog', { name: text('nb-NO', 'shell:alerts.title') });
  await expect(async () => {
    if (!(await alerts.isVisible())) await bell.click();
    await expect(alerts).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const alertTitle = text('nb-NO', 'messages:palletReceipts.alert.createdTitle', { number, location: 'Tinde Bryggeri Lørenskog' });
  await page
    .getByRole('button', { name: new RegExp(alertTitle) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:detail.title', { number }) })).toBeVisible();
  const answer = page.getByRole('region', { name: nb('palletReceipts:confirmation.title', { name: fjordland }) });
  await shot(page, 'pallet-receipt-confirm');
  await expectAccessible(page, 'kari answers the receipt');
  await answer.getByRole('button', { name: nb('palletReceipts:confirmation.confirm') }).click();
  await expect(page.getByText(nb('palletReceipts:finalReason.confirmed'))).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:statusHint.final'))).toBeVisible();
  await expect(answer).toHaveCount(0);
});

test('a driver confirms a receipt through its QR link, without an account, in Finnish', async ({ page, request }) => {
  // ole writes a receipt to his own customer's external location without signatures (the API, as
  // the screen does): no other party's balance moves, so the dock's QR link (given once) answers.
  const token = await apiToken(request, 'ole');
  const headers = { authorization: `Bearer ${token}` };
  const status = (await (await request.get('/api/Status', { headers })).json()) as { data: { status: { location: { id: number } } } };
  const locationId = status.data.status.location.id;
  const parties = (await (await request.get(`/api/PalletReceiptCounterparties?locationId=${locationId}`, { headers })).json()) as {
    data: { kind: string; id: number; name: string }[];
  };
  const external = parties.data.find((p) => p.kind === 'external');
  const fjordland = parties.data.find((p) => p.kind === 'location' && p.name === 'Fjordland Dagligvare Alnabru');
  const products = (await (await request.get(`/api/AvailableProducts?locationId=${locationId}`, { headers })).json()) as {
    data: { id: number }[];
  };
  const write = async (counterparty: Record<string, number | undefined>) => {
    const created = await request.post('/api/PalletReceipts', {
      headers,
      data: {
        locationId,
        ...counterparty,
        haulier: 'Schenker',
        carNumber: 'EB 20417',
        lines: [{ productId: products.data[0]?.id, delivered: 8, returned: 2 }],
      },
    });
    expect(created.status()).toBe(200);
    return ((await created.json()) as { data: { receiptNumber: string; qrUrl: string } }).data;
  };
  // The dock's link of a receipt to the wholesaler only shows it: they answer in the portal or by the link mailed to them.
  const toFjordland = await write({ counterpartyLocationId: fjordland?.id });
  await page.setViewportSize(PHONE);
  await page.goto(new URL(toFjordland.qrUrl).pathname);
  await expect(
    page.getByText(text('da-DK', 'palletReceiptPublic:answersElsewhere', { name: 'Fjordland Dagligvare Alnabru' })),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: text('da-DK', 'palletReceiptPublic:sendConfirm') })).toHaveCount(0);
  await expectAccessible(page, 'the dock’s QR page of a receipt the counterparty answers');

  const receipt = await write({ externalLocationId: external?.id });
  const path = new URL(receipt.qrUrl).pathname;
  expect(path).toMatch(/^\/receipt\/[\w-]+$/);

  await page.goto(path);
  // localhost opens the public pages in Danish (spec section 1); the driver picks Finnish.
  await expect(
    page.getByRole('heading', { level: 1, name: text('da-DK', 'palletReceiptPublic:title', { number: receipt.receiptNumber }) }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: text('da-DK', 'language.label') }).selectOption('fi-FI');
  const fi = (key: string, values?: Record<string, string>) => text('fi-FI', key, values);
  await expect(
    page.getByRole('heading', { level: 1, name: fi('palletReceiptPublic:title', { number: receipt.receiptNumber }) }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: fi('palletReceiptPublic:lines') })).toContainText('8');
  await expectAccessible(page, 'the QR page in Finnish on a phone');
  await expectNothingCut(page.locator('main'), 'the QR page in Finnish');

  // The name is required; then the confirmation.
  await page.getByRole('button', { name: fi('palletReceiptPublic:sendConfirm') }).click();
  await expect(page.getByText(fi('palletReceiptPublic:required'))).toBeVisible();
  await page.getByRole('textbox', { name: fi('palletReceiptPublic:name') }).fill('Matti Kuljettaja');
  await page.getByRole('button', { name: fi('palletReceiptPublic:sendConfirm') }).click();
  await expect(page.getByText(fi('palletReceiptPublic:confirmedTitle'), { exact: true })).toBeVisible();
  await expect(page.getByText(fi('palletReceiptPublic:statuses.final'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: fi('palletReceiptPublic:sendConfirm') })).toHaveCount(0);
  await expectAccessible(page, 'the confirmed QR page');

  // ole sees it confirmed by the counterparty.
  const list = (await (await request.get(`/api/PalletReceipts?term=${receipt.receiptNumber}`, { headers })).json()) as {
    data: { status: string; finalReason: string }[];
  };
  expect(list.data[0]).toMatchObject({ status: 'final', finalReason: 'confirmed' });
});

test('admin finds the disputed receipt in the log and makes it final with a reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await page.goto('/app/pallet-receipts/log');
  await expect(page.getByRole('heading', { level: 1, name: nb('palletReceipts:handover.logTitle') })).toBeVisible();
  // The demo's receipt that ole's counterparty objected to.
  await page.getByRole('combobox', { name: nb('palletReceipts:log.status') }).click();
  await page.getByRole('option', { name: nb('palletReceipts:status.disputed') }).click();
  const table = page.getByRole('table', { name: nb('palletReceipts:log.title') });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'the receipt log filtered to disputed');
  await table.getByRole('link').first().click();
  await expect(page.getByText(nb('palletReceipts:statusHint.disputed'))).toBeVisible();
  const decision = page.getByRole('region', { name: nb('palletReceipts:decision.title') });
  // The reason is required.
  await decision.getByRole('button', { name: nb('palletReceipts:decision.final') }).click();
  await expect(decision.getByText(nb('palletReceipts:form.required'))).toBeVisible();
  await decision.getByRole('textbox', { name: nb('palletReceipts:decision.comment') }).fill('Sjåførens telling stemmer med fraktbrevet.');
  await expectAccessible(page, 'deciding a disputed receipt');
  await decision.getByRole('button', { name: nb('palletReceipts:decision.final') }).click();
  await expect(page.getByText(nb('palletReceipts:finalReason.provider'))).toBeVisible();
  await expect(page.getByText(nb('palletReceipts:statusHint.final'))).toBeVisible();
  await expect(decision).toHaveCount(0);
});
