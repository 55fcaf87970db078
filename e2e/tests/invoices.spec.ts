/**
 * Journey: invoices (issue 8). kari (finance-report permission) opens her pooling invoices: a
 * table of the last twelve months with an overdue one marked; switches to commission and to
 * unpaid ones; opens an invoice with its lines, VAT and total; opens its PDF from the keyboard
 * (a new tab with the PDF the server answered). ole (no finance permission) is told he has no
 * access, and no call with money is made; the server answers him 403. An order of his with a
 * freight on it opens without any money: no money card, no price labels, nulls from the server;
 * kari sees the same kind of order with its money card.
 */
import { expect } from '@playwright/test';
import { apiToken, expectAccessible, shot, signIn, test } from './fixtures';
import { nb, orderTitleBlock } from './order-steps';

test('kari reads her invoices, opens one and its PDF', async ({ page, request }) => {
  await signIn(page, 'kari');
  await page.goto('/app/reports/invoices/pooling');
  await expect(page.getByRole('heading', { level: 1, name: nb('invoices:title') })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(10);
  await expect(table.getByText(nb('invoices:status.overdue'), { exact: true }).first()).toBeVisible();
  // Each invoice number on one line, even where the table is narrowest (issue 20: they wrapped at their hyphens).
  await page.setViewportSize({ width: 1000, height: 800 });
  const numbers = table.getByRole('link');
  // Lines each number takes: its height over its line height.
  const lines = await numbers.evaluateAll((links) =>
    links.map((link) => Math.round(link.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(link).lineHeight))),
  );
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.every((count) => count === 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page, 'pooling invoices');
  await shot(page, 'invoices-pooling');

  // Commission, unpaid only: the address keeps the filters.
  await page.getByText(nb('invoices:types.commission'), { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/reports\/invoices\/commission/);
  await page.getByRole('combobox', { name: nb('invoices:filters.payment') }).click();
  await page.getByRole('option', { name: nb('invoices:filters.open'), exact: true }).click();
  await expect(page).toHaveURL(/paid=false/);
  await expect(table.getByText(nb('invoices:status.due'), { exact: true }).first()).toBeVisible();
  await expect(table.getByText(new RegExp(`^${nb('invoices:status.paid')} \\d`))).toHaveCount(0);
  await expectAccessible(page, 'unpaid commission invoices');

  // Back to all and into the newest commission invoice.
  await page.getByRole('combobox', { name: nb('invoices:filters.payment') }).click();
  await page.getByRole('option', { name: nb('invoices:filters.all'), exact: true }).click();
  const first = table.getByRole('link').first();
  const number = (await first.textContent()) ?? '';
  expect(number).toMatch(/^NO-\d{6}$/);
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: nb('invoices:detail.title', { number }) })).toBeVisible();
  await expect(page.getByRole('cell', { name: nb('invoices:kind.commissionSale') }).first()).toBeVisible();
  await expect(page.getByRole('rowheader', { name: nb('invoices:detail.inclVat') })).toBeVisible();
  await expectAccessible(page, 'commission invoice');
  await shot(page, 'invoice-detail');

  // The PDF, from the keyboard: a new tab with what the server answered.
  const button = page.getByRole('button', { name: nb('invoices:pdf.open') });
  await expect(button).toHaveAccessibleDescription(nb('invoices:pdf.hint'));
  await button.focus();
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/Invoices\/\d+\/document$/.test(r.url())),
    page.keyboard.press('Enter'),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  // The same document as the API answers it: a PDF.
  const pdf = await request.get(new URL(response.url()).pathname, {
    headers: { authorization: `Bearer ${await apiToken(request, 'kari')}` },
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The way back keeps the list's filters.
  await page.getByRole('link', { name: nb('invoices:detail.back.commission') }).click();
  await expect(page).toHaveURL(/\/app\/reports\/invoices\/commission\?from=/);
});

test('kari, with the finance permission, sees the money of an order', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'kari')}` };
  const list = await request.get('/api/Orders?count=50&transactionType=1&transactionStatus=1,2,3,4,5', { headers });
  let priced: { id: number; freight: number; currency: string } | undefined;
  for (const { id } of (await list.json()).data.items as { id: number }[]) {
    const order = (await (await request.get(`/api/Orders/${id}`, { headers })).json()).data;
    if (order.freight !== null) {
      priced = order;
      break;
    }
  }
  if (!priced) throw new Error('no order of kari with a freight in the demo data');
  await signIn(page, 'kari');
  await page.goto(`/app/orders/${priced.id}`);
  await expect(page.getByRole('heading', { name: nb('orders:detail.money') })).toBeVisible();
  const freight = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: priced.currency, minimumFractionDigits: 2 }).format(
    priced.freight / 100,
  );
  await expect(page.getByText(nb('orders:detail.freight'), { exact: true })).toBeVisible();
  await expect(page.getByText(freight, { exact: true })).toBeVisible();
});

test('ole, without the finance permission, has no access and loads no money', async ({ page, request }) => {
  const moneyCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/Invoice/.test(r.url())) moneyCalls.push(r.url());
  });
  await signIn(page, 'ole');
  await page.goto('/app/reports/invoices/pooling');
  await expect(page.getByText(nb('invoices:noAccess.title'))).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'invoices without access');
  expect(moneyCalls).toEqual([]);
  const answer = await request.get('/api/Invoices?type=pooling&from=2020-01-01&to=2030-01-01', {
    headers: { authorization: `Bearer ${await apiToken(request, 'ole')}` },
  });
  expect(answer.status()).toBe(403);

  // An order of his location that the provider put a freight on: ole reads the order, never its money.
  const as = async (user: 'admin' | 'ole') => ({ authorization: `Bearer ${await apiToken(request, user)}` });
  const list = await request.get('/api/Orders?count=50&transactionType=1&transactionStatus=1,2,3,4,5', { headers: await as('ole') });
  let priced: { id: number; freight: number } | undefined;
  for (const { id } of (await list.json()).data.items as { id: number }[]) {
    const order = (await (await request.get(`/api/Orders/${id}`, { headers: await as('admin') })).json()).data;
    if (order.freight !== null) {
      priced = order;
      break;
    }
  }
  if (!priced) throw new Error('no order of ole with a freight in the demo data');
  const id = String(priced.id);
  const read = page.waitForResponse((r) => r.url().endsWith(`/api/Orders/${id}`));
  await page.goto(`/app/orders/${id}`);
  expect((await (await read).json()).data).toMatchObject({ freight: null, price: null, amount: null, transportFee: null, currency: null });
  await expect(orderTitleBlock(page, id)).toBeVisible();
  await expect(page.getByRole('table', { name: nb('orders:detail.lines') })).toBeVisible();
  await expect(page.getByRole('heading', { name: nb('orders:detail.money') })).toHaveCount(0);
  for (const label of ['orders:detail.price', 'orders:detail.amount', 'orders:detail.freight', 'orders:detail.transportFee'])
    await expect(page.getByText(nb(label), { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'order detail without money');
});
