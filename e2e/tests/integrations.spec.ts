/**
 * Journey: webhooks (issue 23). kari registers an endpoint under My company > Integrations (the
 * secret shown once), an order of her customer is written, the portal's sender delivers it to a
 * receiver this test runs (its signature checked with the Standard Webhooks library), kari sees
 * it delivered in the endpoint's log and sends it again; the receiver gets it twice. axe on the
 * page, its dialog and the log; the page at phone width in Swedish.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiToken, expectAccessible, signIn, test, text } from './fixtures';
import { nb } from './order-steps';

test('kari registers a webhook endpoint, sees a delivery in its log and sends it again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/erp`;
  try {
    await signIn(page, 'kari');
    await page.goto('/app/company/integrations');
    await expect(page.getByRole('heading', { level: 1, name: nb('integrations:title') })).toBeVisible();
    await expectAccessible(page, 'integrations');
    await page.getByRole('button', { name: nb('integrations:add') }).click();
    const dialog = page.getByRole('dialog', { name: nb('integrations:dialog.newTitle') });
    await dialog.getByRole('textbox', { name: nb('integrations:fields.url') }).fill(url);
    await expectAccessible(page, 'integrations dialog');
    await dialog.getByRole('button', { name: nb('integrations:dialog.save') }).click();
    const secretDialog = page.getByRole('dialog', { name: nb('integrations:secret.title') });
    const secret = ((await secretDialog.locator('pre').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: nb('integrations:secret.done') }).click();
    await expect(page.getByRole('region', { name: url })).toBeVisible();

    // An order of kari's customer: a delivery draft from her location.
    const headers = { authorization: `Bearer ${await apiToken(request, 'kari')}`, 'accept-language': 'nb-NO' };
    const month = (offset: number) =>
      new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const days = (await (await request.get(`/api/Days?from=${month(0)}&to=${month(1)}`, { headers })).json()) as {
      data: { date: string; isOpen: boolean }[];
    };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const products = (await (await request.get('/api/products?all=true', { headers })).json()) as { data: { id: number; name: string }[] };
    const order = await request.post('/api/Orders', {
      headers,
      data: {
        transactionTypeId: 1,
        dateSend: days.data.find((d) => d.isOpen && d.date >= tomorrow)?.date,
        draft: true,
        lines: [{ productId: products.data.find((p) => p.name === 'EUR-pall, kvalitet A')?.id, quantityOrdered: 15 }],
      },
    });
    expect(order.ok(), await order.text()).toBe(true);
    const orderId = ((await order.json()) as { data: { id: number } }).data.id;

    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const payload = new Webhook(secret).verify(received[0]?.body ?? '', received[0]?.headers ?? {}) as {
      id: string;
      type: string;
      orderId: number;
    };
    expect(payload).toMatchObject({ type: 'order.created', orderId });

    const endpoint = page.getByRole('region', { name: url });
    await endpoint.getByRole('button', { name: nb('integrations:log.show') }).click();
    const log = endpoint.getByRole('region', { name: nb('integrations:log.label', { url }) });
    await expect(log.getByText(nb('integrations:log.statuses.delivered'))).toBeVisible();
    await expectAccessible(page, 'integrations log');
    await log
      .getByRole('button', { name: nb('integrations:log.resendLabel', { action: nb('integrations:log.resend'), id: payload.id }) })
      .click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
    await expect(log.getByText(nb('integrations:log.statuses.delivered'))).toHaveCount(2, { timeout: 15_000 });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('kari reads Integrations in Swedish on a phone', async ({ page, request }) => {
  // kari's stored language decides the app's; Swedish for this test, Norwegian again after it (workers: 1).
  const headers = { authorization: `Bearer ${await apiToken(request, 'kari')}` };
  await request.post('/api/Language', { data: { language: 'sv-SE' }, headers });
  try {
    await signIn(page, 'kari', { locale: 'sv-SE' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/company/integrations');
    await expect(page.getByRole('heading', { level: 1, name: text('sv-SE', 'integrations:title') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('sv-SE', 'integrations:add') })).toBeVisible();
    await expectAccessible(page, 'integrations in Swedish on a phone');
  } finally {
    await request.post('/api/Language', { data: { language: 'nb-NO' }, headers });
  }
});
