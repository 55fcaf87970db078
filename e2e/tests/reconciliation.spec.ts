/**
 * Journey: reconciliation against the customer's own records (issue 22; docs/reconciliation.md,
 * "Screens"). kari opens Reports > Reconciliation, uploads her ERP's export (a CSV built from her
 * statement with exactly one row short: reconciliation-file.ts), maps its columns, runs it over
 * the file's period, sees the match rate below 100 % and the different row, exports the workbook
 * and opens a dispute from that row with the row as evidence; ole's side accepts it and kari's
 * balance moves by the difference, once. mikko reads the list and a result
 * in Finnish on a phone. axe on each screen.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, escapeRegExp, expectAccessible, mainMenu, signIn, signOut, test, text } from './fixtures';
import { menuLink, nb } from './order-steps';
import { reconciliationFile, reconciliationMapping } from './reconciliation-file';

/** A Mantine select by its label (a required one's asterisk allowed): picks the option `option`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a date picker and picks `date` (yyyy-MM-dd) by its day's label, a month or two on or back as needed. */
async function pickDate(page: Page, picker: Locator, date: string): Promise<void> {
  await picker.click();
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('nb-NO', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
  const button = page.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true }).first();
  for (const step of ['nextMonth', 'nextMonth', 'previousMonth', 'previousMonth', 'previousMonth', 'previousMonth']) {
    if (await button.isVisible()) break;
    await page.getByRole('button', { name: nb(`orders:inputs.${step}`) }).click();
  }
  await button.click();
}

test('kari reconciles her ERP export, finds the short row, exports it and disputes the row', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, 'kari');
  const ole = await apiToken(request, 'ole');
  const oleLocation = (
    (await (await request.get('/api/location', { headers: { authorization: `Bearer ${ole}` } })).json()) as {
      data: { id: number };
    }
  ).data.id;
  // A fresh delivery from ole's brewery, received by kari today (the demo's are the disputes journeys'): the
  // file's short row, never disputed before, so ole's side answers for it.
  const oleHeaders = { authorization: `Bearer ${ole}`, 'accept-language': 'nb-NO' };
  const kariLocation = (
    (await (await request.get('/api/location', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: number };
    }
  ).data.id;
  const month = (offset: number) =>
    new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  const days = (await (await request.get(`/api/Days?from=${month(0)}&to=${month(1)}`, { headers: oleHeaders })).json()) as {
    data: { date: string; isOpen: boolean }[];
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const products = (await (await request.get('/api/products?all=true', { headers: oleHeaders })).json()) as {
    data: { id: number; name: string }[];
  };
  const sent = await request.post('/api/Orders', {
    headers: oleHeaders,
    data: {
      transactionTypeId: 3,
      locationIdTo: kariLocation,
      dateSend: days.data.find((d) => d.isOpen && d.date >= tomorrow)?.date,
      draft: false,
      lines: [{ productId: products.data.find((p) => p.name === 'EUR-pall, kvalitet A')?.id, quantityOrdered: 30 }],
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const sentId = ((await sent.json()) as { data: { id: number } }).data.id;
  const received = await request.post('/api/OrderStatus', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: sentId, transactionStatusId: 5 },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const file = await reconciliationFile(request, token, { partnerLocationId: oleLocation });
  expect(file.different.orderId).toBe(sentId);
  const kariHeaders = { authorization: `Bearer ${token}` };
  const balanceOf = async () => {
    const inventory = (await (await request.get(`/api/Inventory?locationId=${file.locationId}`, { headers: kariHeaders })).json()) as {
      data: { lines: { productId: number; poolingBalance: number; commissionBalance: number }[] };
    };
    const line = inventory.data.lines.find((l) => l.productId === file.different.productId);
    return (line?.poolingBalance ?? 0) + (line?.commissionBalance ?? 0);
  };
  const balanceBefore = await balanceOf();

  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reports')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.reports') }) })
    .getByRole('link', { name: nb('shell:menu.reconciliation') })
    .click();
  await expect(page).toHaveURL(/\/app\/reconciliation$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('reconciliation:title') })).toBeVisible();
  await expectAccessible(page, 'the saved reconciliations');

  await page.getByRole('link', { name: nb('reconciliation:new.button') }).click();
  await expect(page).toHaveURL(/\/app\/reconciliation\/new$/);
  await page.locator('input[type=file]').setInputFiles({ name: file.fileName, mimeType: 'text/csv', buffer: file.csv });
  const preview = page.getByRole('table', { name: nb('reconciliation:preview.caption', { file: file.fileName }) });
  await expect(preview.getByRole('columnheader', { name: 'A: Dato' })).toBeVisible();

  // The columns: date, the order number as reference, the counterparty, the product, one signed quantity.
  await choose(page, nb('reconciliation:mapping.dateColumn'), 'A: Dato');
  await choose(page, nb('reconciliation:mapping.referenceColumn'), 'B: Ordrenr');
  await choose(page, nb('reconciliation:mapping.counterpartyColumn'), 'C: Motpart');
  await choose(page, nb('reconciliation:mapping.productColumn'), 'D: Vare');
  await page.getByRole('radio', { name: nb('reconciliation:mapping.oneColumn') }).check();
  await choose(page, nb('reconciliation:mapping.quantityColumn'), 'E: Antall');
  // The file's product names are the portal's: each is matched already.
  await expect(
    page.getByRole('combobox', { name: nb('reconciliation:products.value', { value: file.different.productName }) }),
  ).toHaveValue(new RegExp(`^${escapeRegExp(file.different.productName)}`));
  // The file is her location's: that one of the customer's five.
  const locations = page.getByRole('combobox', { name: nb('reconciliation:run.locations') });
  await locations.click();
  await page.getByRole('option', { name: /^Fjordland Dagligvare Alnabru(?: \(|$)/ }).click();
  await locations.press('Escape');
  await pickDate(page, page.getByRole('button', { name: new RegExp(`^${nb('reconciliation:run.from')}`) }), file.from);
  await pickDate(page, page.getByRole('button', { name: new RegExp(`^${nb('reconciliation:run.to')}`) }), file.to);
  await expectAccessible(page, 'a new reconciliation, mapped');

  const created = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Reconciliations');
  await page.getByRole('button', { name: nb('reconciliation:new.run') }).click();
  await created;
  await expect(page).toHaveURL(/\/app\/reconciliation\/\d+$/);

  // Below 100 %: one row differs by quantity, shown by default (everything not matched).
  const rate = page.getByText(nb('reconciliation:list.matchRate'), { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(rate).toHaveText(/^\d{1,2},\d\s%$/);
  const rows = page.getByRole('table', { name: nb('reconciliation:rows.label', { filter: nb('reconciliation:filters.unmatched') }) });
  const different = rows
    .getByRole('row')
    .filter({ hasText: nb('reconciliation:outcomes.different') })
    .filter({ hasText: String(file.different.orderId) });
  await expect(different).toHaveCount(1);
  const difference = new Intl.NumberFormat('nb-NO', { signDisplay: 'always' }).format(
    file.different.fileQuantity - file.different.ledgerQuantity,
  );
  await expect(different).toContainText(nb('reconciliation:differences.quantity', { difference }));
  await expectAccessible(page, 'the reconciliation');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: nb('reconciliation:excel') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // A dispute of the order, the row written into the comment.
  await different.getByRole('button', { name: nb('reconciliation:dispute.rowLabel', { row: file.different.row }) }).click();
  const dialog = page.getByRole('dialog', { name: nb('disputes:open.title') });
  await expect(dialog.getByLabel(nb('disputes:open.order'))).toHaveValue(String(file.different.orderId));
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  const evidence = nb('reconciliation:evidence.text', { id, row: file.different.row, file: '', ledger: '' }).split(':')[0] ?? '';
  await expect(dialog.getByLabel(new RegExp(`^${nb('disputes:columns.comment')}`))).toHaveValue(new RegExp(`^${escapeRegExp(evidence)}: `));
  const line = dialog.getByRole('spinbutton', { name: new RegExp(escapeRegExp(file.different.productName)) });
  await line.fill(String(file.different.fileQuantity));
  await line.press('Tab');
  await expectAccessible(page, 'the dispute dialog from a reconciliation row');
  await dialog.getByRole('button', { name: nb('disputes:open.submit') }).click();
  await expect(page).toHaveURL(/\/app\/disputes\/\d+$/);
  const disputeUrl = new URL(page.url()).pathname;

  // ole's side accepts it: the correction posts once, and kari's balance moves by the difference, once.
  await signOut(page, 'nb-NO');
  await signIn(page, 'ole');
  await page.goto(disputeUrl);
  await page.getByRole('button', { name: nb('disputes:steps.accept') }).click();
  await expect(page.getByText(nb('disputes:status.accepted')).first()).toBeVisible();
  await expectAccessible(page, 'the dispute accepted by ole');
  await expect.poll(balanceOf).toBe(balanceBefore + file.different.fileQuantity - file.different.ledgerQuantity);
  await page.reload();
  await expect(page.getByText(nb('disputes:status.accepted')).first()).toBeVisible();
  expect(await balanceOf()).toBe(balanceBefore + file.different.fileQuantity - file.different.ledgerQuantity);
});

test('mikko reads the reconciliations and a result in Finnish on a phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const fi = (key: string, values?: Record<string, string | number>) => text('fi-FI', key, values);
  // A reconciliation of mikko's customer through the API: a row the ledger has not, dated in the period.
  const headers = { authorization: `Bearer ${await apiToken(request, 'mikko')}` };
  const to = new Date().toISOString().slice(0, 10);
  const from = `${to.slice(0, 8)}01`;
  const day = `${to.slice(8, 10)}.${to.slice(5, 7)}.${to.slice(0, 4)}`;
  const created = await request.post('/api/Reconciliations', {
    headers,
    multipart: {
      file: { name: 'toiminnanohjaus.csv', mimeType: 'text/csv', buffer: Buffer.from(`Päivämäärä;Viite;Tuote;Määrä\n${day};X-1;EUR;5\n`) },
      request: JSON.stringify({
        locationIds: [],
        from,
        to,
        toleranceDays: 3,
        idempotencyKey: `e2e-fi-${Date.now()}`,
        mapping: { ...reconciliationMapping, counterpartyColumn: null, productColumn: 2, quantityColumn: 3 },
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, 'mikko');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/reconciliation');
  await expect(page.getByRole('heading', { level: 1, name: fi('reconciliation:title') })).toBeVisible();
  await expect(page.getByRole('link', { name: fi('reconciliation:new.button') })).toBeVisible();
  await expectAccessible(page, 'the reconciliations (fi-FI, phone)');
  await page
    .getByRole('region', { name: fi('reconciliation:list.caption') })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/reconciliation\/\d+$/);
  await expect(page.getByRole('radiogroup', { name: fi('reconciliation:filters.label') })).toBeVisible();
  await expect(
    page.getByRole('list', { name: fi('reconciliation:rows.label', { filter: fi('reconciliation:filters.unmatched') }) }),
  ).toBeVisible();
  await expectAccessible(page, 'a reconciliation (fi-FI, phone)');
});
