/**
 * Journey: importing purchase orders from Excel (issue 3; spec section 2, "import from Excel
 * (header row count, start row)"). ole has a spreadsheet with a title row and a header row
 * above his orders; two rows are one order, three rows have problems. He opens the dialog,
 * says the file has two header rows and starts at row 3, previews it and sees each problem
 * named, shows only the rows with problems, imports the valid rows while the dialog says it is
 * importing, and finds the new draft in the orders grid.
 */
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, dismissToast, escapeRegExp, expectAccessible, mainMenu, shot, signIn, test } from './fixtures';
import { menuLink, nb, status } from './order-steps';

test('ole previews an Excel file with bad rows, sees every problem and imports the valid rows', async ({ page, request }) => {
  const prefix = `E2E-XL-${Date.now()}`;

  // What the file names: the Oslo depot by number, ole's products by id and by name, an open day
  // in Norway (ole's and the depot's country).
  const token = await apiToken(request, 'ole');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'nb-NO' };
  const get = async <T>(url: string) => ((await (await request.get(url, { headers })).json()) as { data: T }).data;
  const session = await get<{ status: { location: { id: number } } }>('/api/Status');
  const products = await get<{ id: number; name: string; qtyHeight: number }[]>(
    `/api/AvailableProducts?locationId=${session.status.location.id}`,
  );
  const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
  expect(second, 'ole may order two products').toBeTruthy();
  const depots = await get<{ id: number; name: string; number: string }[]>('/api/locations?transactiontype=1');
  const depot = depots.find((l) => l.name === 'Nordic Pallet Pool Oslo') as (typeof depots)[0];
  const month = (offset: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 7);
  };
  const days = await get<{ date: string; isOpen: boolean }[]>(`/api/Days?from=${month(0)}&to=${month(2)}`);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const sendDate = days.find((d) => d.isOpen && d.date > tomorrow)?.date as string;

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bestilling');
  sheet.addRow(['Paller til Lørenskog, uke 12']);
  sheet.addRow(['Motpart', 'Dato', 'Produkt', 'Antall', 'Ref', 'Mottaker', 'Info']);
  sheet.addRow([depot.number, new Date(`${sendDate}T00:00:00Z`), first.id, first.qtyHeight, `${prefix}-A`, '', 'Rampe 2']); // row 3
  sheet.addRow([depot.number, sendDate, second.name, second.qtyHeight * 2, `${prefix}-A`, '', 'Rampe 2']); // row 4, same order
  sheet.addRow(['UKJENT-1', sendDate, first.id, first.qtyHeight, `${prefix}-B`, '', '']); // row 5
  sheet.addRow([depot.number, sendDate, first.id, first.qtyHeight + 1, `${prefix}-C`, '', '']); // row 6
  sheet.addRow([depot.number, sendDate, first.id, null, `${prefix}-D`, '', '']); // row 7
  const file = { name: 'bestilling.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.orders')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:list.title') })).toBeVisible();

  // The dialog: file, header rows, start row, drafts, template.
  await page.getByRole('button', { name: nb('orders:import.button') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:import.title.purchase') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: nb('orders:import.headerRows') })).toHaveValue('1');
  await expect(dialog.getByRole('spinbutton', { name: nb('orders:import.startRow') })).toHaveValue('2');
  await expect(dialog.getByRole('checkbox', { name: nb('orders:import.draft') })).toBeChecked();
  await expectAccessible(page, 'import dialog');

  // Preview without a file: the field says so.
  await dialog.getByRole('button', { name: nb('orders:import.preview') }).click();
  await expect(dialog.getByText(nb('orders:import.fileRequired'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: new RegExp(`^${escapeRegExp(nb('orders:import.file'))}`) })).toBeFocused();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: nb('orders:import.template') }).click();
  expect((await download).suggestedFilename()).toBe('orders-import-purchase.xlsx');

  await dialog.locator('input[type="file"]').setInputFiles({ ...file, buffer });
  // Two header rows: the start row follows them.
  const headerRows = dialog.getByRole('spinbutton', { name: nb('orders:import.headerRows') });
  await headerRows.fill('2');
  await headerRows.press('Tab');
  await expect(dialog.getByRole('spinbutton', { name: nb('orders:import.startRow') })).toHaveValue('3');
  await dialog.getByRole('button', { name: nb('orders:import.preview') }).click();

  // The preview: counts, and every problem by row.
  await expect(dialog.getByRole('status').filter({ hasText: nb('orders:import.validRows_other', { formatted: 2 }) })).toBeVisible();
  await expect(dialog.getByText(nb('orders:import.invalidRows_other', { formatted: 3 }), { exact: false })).toBeVisible();
  await expect(dialog.getByText(nb('orders:import.orders_one', { formatted: 1 }), { exact: false })).toBeVisible();
  const table = dialog.getByRole('table', { name: nb('orders:import.tableLabel') });
  const row = (n: number) => table.locator('tbody tr').filter({ has: page.locator(`td:first-child:text-is("${n}")`) });
  await expect(row(5)).toContainText(nb('messages:import.problems.counterpartUnknown', { value: 'UKJENT-1' }));
  await expect(row(6)).toContainText(nb('messages:errors.QUANTITY_STEP', { product: first.name, step: first.qtyHeight }));
  await expect(row(7)).toContainText(nb('messages:import.problems.quantityMissing'));
  await expect(row(3)).toContainText(nb('orders:import.noProblems'));
  await expect(row(4)).toContainText(second.name);
  await shot(page, 'excel-import-preview');
  await expectAccessible(page, 'import preview with problems');

  await dialog.getByRole('checkbox', { name: nb('orders:import.onlyProblems') }).check();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(dialog.getByText(nb('orders:import.shown', { shown: 3, total: 5 }))).toBeVisible();
  await expectAccessible(page, 'import preview, only rows with problems');

  // The import: held back a moment so the dialog's progress can be seen and checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/OrdersImport', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: nb('orders:import.submit_other', { formatted: 2 }) }).click();
  // Held back before it reaches the server, the file is still going out: the phase is said, the bar is there.
  await expect(dialog.getByRole('status').filter({ hasText: nb('orders:import.uploading') })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: nb('orders:import.uploading') })).toBeAttached();
  await expect(dialog.getByRole('button', { name: nb('orders:import.submit_other', { formatted: 2 }) })).toBeDisabled();
  await shot(page, 'excel-import-progress');
  await expectAccessible(page, 'import under way');
  release();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: nb('orders:import.done_one', { count: 1 }) })).toBeVisible();
  await shot(page, 'excel-import-done');
  await dismissToast(page, nb('orders:import.done_one', { count: 1 }), 'nb-NO');
  await page.unroute('**/api/OrdersImport');

  // The grid shows the new draft with both lines' reference.
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(prefix);
  const grid = page.getByRole('table', { name: nb('orders:list.gridLabel') });
  const rows = grid.getByRole('row').filter({ hasText: prefix });
  await expect(page.getByText(nb('orders:list.footer', { shown: 1, total: 1 }), { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${prefix}-A`);
  await expect(rows.first()).toContainText(status(0));
  await shot(page, 'excel-import-result');
  await expectAccessible(page, 'orders grid after the import');
});
