/**
 * Journeys: Reports (issue 8, "Reports"). Kari opens the transactions report from the menu,
 * narrows it to purchases, sorts it and exports it to Excel (the workbook is read back with
 * exceljs: Norwegian header, the filter on top, real dates); Ole, who has no finance-report
 * permission, sees the pooling report without a money column and the index without invoices
 * or a promise of amounts;
 * Lise reads Shop accounting in Swedish on a phone; kari reads the transactions and pooling
 * reports in Finnish on 1366 and 1920 px windows with their key columns and totals in view, and
 * on a phone.
 */
import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, escapeRegExp, expectAccessible, type Locale, mainMenu, shot, signIn, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

test('kari filters the transactions report, sorts it and exports it to Excel', async ({ page }) => {
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: new RegExp(`^${nb('shell:menu.reports')}(?:\\s|$)`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('reports:index.title') })).toBeVisible();
  // Kari may see money: the invoices are listed too, and the reports say they show amounts.
  await expect(page.getByRole('link', { name: nb('reports:titles.invoicesPooling') })).toBeVisible();
  await expect(page.getByText(nb('reports:descriptions.pooling'), { exact: true })).toBeVisible();
  await expectAccessible(page, 'reports index');

  await page.getByRole('link', { name: nb('reports:titles.transactions'), exact: true }).click();
  await expect(page).toHaveURL(/\/app\/reports\/transactions$/);
  const grid = page.getByRole('table', { name: nb('reports:grid.label', { report: nb('reports:titles.transactions') }) });
  await expect(grid.getByRole('columnheader', { name: nb('messages:reports.columns.balance') })).toBeVisible();
  await expect(grid.locator('tbody tr[data-index]').first()).toBeVisible();
  await expectAccessible(page, 'transactions report');

  // Only purchases: every order row is a purchase.
  await page.getByRole('combobox', { name: nb('reports:filters.orderKind') }).click();
  await page.getByRole('option', { name: nb('reports:filters.kinds.1') }).click();
  await expect(page).toHaveURL(/transactionTypeId=1/);
  await expect(grid.getByRole('cell', { name: nb('messages:reports.orderKinds.1'), exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('cell', { name: nb('messages:reports.orderKinds.2'), exact: true })).toHaveCount(0);
  await expect(
    page.getByText(new RegExp(`^${escapeRegExp(nb('reports:grid.rows_other', { formattedCount: 'X' })).replace('X', '[\\d\\s]+')}$`)),
  ).toBeVisible();

  // Sorting by the balance: the header says so.
  const balanceHeader = grid.getByRole('columnheader', { name: nb('messages:reports.columns.balance') });
  await balanceHeader.getByRole('button').click();
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'ascending');
  await balanceHeader.getByRole('button').click();
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'descending');
  await shot(page, 'reports-transactions');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: nb('reports:export.button') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transaksjoner-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await file.path()) as string) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe(nb('messages:reports.titles.transactions'));
  const rowOf = (label: string) => {
    for (let i = 1; i <= (sheet?.rowCount ?? 0); i++) if (sheet?.getRow(i).getCell(1).value === label) return sheet.getRow(i);
    return undefined;
  };
  expect(rowOf(nb('messages:reports.filters.transactionTypeId'))?.getCell(2).value).toBe(nb('messages:reports.orderKinds.1'));
  const header = rowOf(nb('messages:reports.columns.bookingDate'));
  expect(((header?.values ?? []) as unknown[]).slice(1)).toContain(nb('messages:reports.columns.balance'));
  expect(sheet?.getRow((header?.number ?? 0) + 1).getCell(1).value).toBeInstanceOf(Date);
});

test('ole, without the finance-report permission, sees no money in the reports', async ({ page }) => {
  await signIn(page, 'ole');
  await page.goto('/app/reports');
  await expect(page.getByRole('heading', { level: 1, name: nb('reports:index.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: nb('reports:titles.invoicesPooling') })).toHaveCount(0);
  // The index promises him no amounts he will not see (issue 20).
  for (const report of ['pooling', 'commissions', 'purchases']) {
    await expect(page.getByText(nb(`reports:descriptionsWithoutAmounts.${report}`), { exact: true })).toBeVisible();
    await expect(page.getByText(nb(`reports:descriptions.${report}`), { exact: true })).toHaveCount(0);
  }
  await page.getByRole('link', { name: nb('reports:titles.pooling'), exact: true }).click();
  await expect(page.getByText(nb('reports:descriptionsWithoutAmounts.pooling'), { exact: true })).toBeVisible();
  const grid = page.getByRole('table', { name: nb('reports:grid.label', { report: nb('reports:titles.pooling') }) });
  await expect(grid.getByRole('columnheader', { name: nb('messages:reports.columns.closingBalance') })).toBeVisible();
  for (const key of ['receiverFee', 'tripFee', 'dayHire', 'fee', 'currency']) {
    await expect(grid.getByRole('columnheader', { name: nb(`messages:reports.columns.${key}`) })).toHaveCount(0);
  }
  await expect(page.getByText(nb('reports:grid.noMoney'))).toBeVisible();
  await expectAccessible(page, 'pooling report without money');
});

test('lise reads Shop accounting in Swedish on a phone', async ({ page }) => {
  const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);
  await signIn(page, 'lise');
  // A phone: the menu becomes a select list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/reports/shop-transactions');
  const nav = page.getByRole('navigation', { name: sv('reports:nav.shopAccounting') });
  await expect(nav.getByRole('link', { name: sv('reports:titles.shop-transactions') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: sv('reports:titles.shop-transactions') })).toBeVisible();
  await expect(
    page.getByRole('table', { name: sv('reports:grid.label', { report: sv('reports:titles.shop-transactions') }) }),
  ).toBeVisible();
  await expectAccessible(page, 'shop transactions on a phone');
  await nav.getByRole('link', { name: sv('reports:titles.retail-transactions') }).click();
  await expect(page).toHaveURL(/\/app\/reports\/retail-transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: sv('reports:titles.retail-transactions') })).toBeVisible();
  await expectAccessible(page, 'retail transactions on a phone');
  await shot(page, 'reports-retail-phone-sv');
});

test('kari opens the commission, locations, purchases and users reports from the index', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kari');
  for (const report of ['commissions', 'locations', 'purchases', 'users'] as const) {
    await page.goto('/app/reports');
    await page.getByRole('link', { name: nb(`reports:titles.${report}`), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: nb(`reports:titles.${report}`) })).toBeVisible();
    const grid = page.getByRole('table', { name: nb('reports:grid.label', { report: nb(`reports:titles.${report}`) }) });
    await expect(grid.locator('tbody tr[data-index]').first()).toBeVisible();
    await expectAccessible(page, `${report} report`);
    await shot(page, `reports-${report}`);
  }
});

/** Stores `locale` as kari's language (the language she signs in to). */
async function setKariLanguage(request: Parameters<typeof apiToken>[0], locale: Locale): Promise<void> {
  const token = await apiToken(request, 'kari');
  const answer = await request.post('/api/Language', { data: { language: locale }, headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
}

/** Whether the element is wholly inside the window, left to right (no sideways scroll needed to read it). */
async function expectInWindow(page: Page, element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts in the window`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends in the window (${width} px)`).toBeLessThanOrEqual(width + 0.5);
}

test.describe('kari reads the report grids in Finnish', () => {
  // kari's stored language is Norwegian; it is Norwegian again after the journey.
  test.afterEach(async ({ request }) => setKariLanguage(request, 'nb-NO'));

  test('the key columns and their totals are in view at 1366 and 1920 px; a focused row shows its texts in full', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const fi = (key: string, values?: Record<string, string | number>) => text('fi-FI', key, values);
    await setKariLanguage(request, 'fi-FI');
    await signIn(page, 'kari', { locale: 'fi-FI' });
    const reports = [
      {
        report: 'transactions',
        keys: ['productName', 'quantityIn', 'quantityOut', 'balance'],
        totals: ['quantityIn', 'quantityOut', 'balance'],
      },
      {
        report: 'pooling',
        keys: ['locationName', 'productName', 'quantityIn', 'quantityOut', 'closingBalance', 'fee'],
        totals: ['quantityIn', 'quantityOut', 'closingBalance', 'fee'],
      },
    ] as const;
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: width === 1366 ? 768 : 1080 });
      for (const { report, keys, totals } of reports) {
        await page.goto(`/app/reports/${report}`);
        const grid = page.getByRole('table', { name: fi('reports:grid.label', { report: fi(`reports:titles.${report}`) }) });
        await expect(grid.locator('tbody tr[data-index]').first()).toBeVisible();
        const headers = grid.getByRole('columnheader');
        const labels = (await headers.allTextContents()).map((label) => label.trim());
        for (const key of keys) {
          const header = headers.filter({ hasText: new RegExp(`^${escapeRegExp(fi(`messages:reports.columns.${key}`))}$`) });
          await expectInWindow(page, header, `${report} ${key} header at ${width} px`);
        }
        // The totals row's figures under their headers, in view too.
        const footer = grid.locator('tfoot tr').first().getByRole('cell');
        await expect(footer.first()).toHaveText(fi('reports:grid.totals'));
        for (const key of totals) {
          const index = labels.indexOf(fi(`messages:reports.columns.${key}`));
          expect(index, `${report} ${key} column`).toBeGreaterThanOrEqual(0);
          const sum = footer.nth(index);
          await expect(sum).toHaveText(/\d/);
          await expectInWindow(page, sum, `${report} ${key} total at ${width} px`);
        }
        // The page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(page, `reports-${report}-fi-${width}`);
      }
    }
    // A row with the keyboard's focus shows its texts in full: no text cell of it is cut.
    const grid = page.getByRole('table', { name: fi('reports:grid.label', { report: fi('reports:titles.pooling') }) });
    await page.setViewportSize({ width: 1366, height: 768 });
    const row = grid.locator('tbody tr[data-index]').first();
    await row.focus();
    await expect(row).toBeFocused();
    const cut = await row.locator('td').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length);
    expect(cut).toBe(0);
    await expectAccessible(page, 'pooling report in Finnish, a row focused');
    await shot(page, 'reports-pooling-fi-1366-focused');

    // A phone: the grid scrolls sideways inside its box; the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/reports/pooling');
    await expect(grid.locator('tbody tr[data-index]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'pooling report in Finnish on a phone');
    await shot(page, 'reports-pooling-fi-390');
  });
});
