/**
 * Journey: printing the waybill of a sent order (issue 3; spec sections 3 and 5). kari opens a
 * purchase sent to her location: the order page offers "Skriv ut fraktbrev" next to the steps;
 * it opens the waybill PDF in a new tab. With popups blocked the PDF is downloaded instead, as
 * waybill-<id>.pdf. When the server refuses the waybill the tab closes again and a toast says
 * why. An order that is only Ordered has no waybill button.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, shot, signIn, test } from './fixtures';
import { expectStatus, nb } from './order-steps';

const PRINT = nb('orders:waybill.print');

/** The first order of kari's location in `status` (a purchase sent to her). */
async function kariOrder(request: Parameters<typeof apiToken>[0], status: number): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'kari')}`, 'accept-language': 'nb-NO' };
  const location = ((await (await request.get('/api/location', { headers })).json()) as { data: { id: number } }).data;
  const answer = await request.get(`/api/Orders?locationIdTo=${location.id}&transactionStatus=${status}&transactionType=1&count=1`, {
    headers,
  });
  const orders = ((await answer.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(orders.length, `kari has a purchase in status ${status}`).toBeGreaterThan(0);
  return String(orders[0]?.id);
}

/** The waybill button of the order page. */
const printButton = (page: Page) => page.getByRole('button', { name: PRINT, exact: true });

test('kari prints the waybill of a sent order: a PDF in a new tab, or a download when popups are blocked', async ({ page, request }) => {
  const sent = await kariOrder(request, 4);
  const ordered = await kariOrder(request, 1);
  await signIn(page, 'kari');

  // An order that is only Ordered has nothing loaded yet: no waybill.
  await page.goto(`/app/orders/${ordered}`);
  await expectStatus(page, ordered, 1);
  await expect(printButton(page)).toHaveCount(0);

  await page.goto(`/app/reception/${sent}`);
  await expectStatus(page, sent, 4);
  const button = printButton(page);
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleDescription(nb('orders:waybill.hint'));
  await expectAccessible(page, 'order page with the waybill button');
  await shot(page, 'waybill-button');

  // The click opens a tab at once; the PDF, fetched with the session's token, arrives in it.
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/Waybill\?id=/i.test(r.url())),
    button.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  // The tab shows a PDF (its page may not fetch the blob to look inside: the CSP's connect-src is
  // 'self'; the download below checks the bytes).
  await expect.poll(() => popup.evaluate(() => document.contentType)).toBe('application/pdf');
  await popup.close();
  await expect(button).toBeEnabled();

  // Popups blocked: the same click saves the PDF.
  await page.evaluate(() => {
    window.open = () => null;
  });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`waybill-${sent}.pdf`);
  const saved = await download.createReadStream();
  const first = await new Promise<Buffer>((resolve) => saved.once('data', (chunk) => resolve(chunk as Buffer)));
  expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  saved.destroy();

  // A refusal (here the server's answer for a line without picked quantity, spec section 5) closes
  // the tab and shows the reason.
  await page.reload();
  await expectStatus(page, sent, 4);
  const reason = 'Fraktbrevet kan ikke skrives ut: plukket antall mangler for EUR-pall, kvalitet A';
  await page.route(/\/api\/Waybill\?id=/i, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { type: 'WAYBILL', message: reason, httpDescription: 'Conflict' },
        info: { userLogin: 'kari' },
      }),
    }),
  );
  const [failedTab] = await Promise.all([page.waitForEvent('popup'), printButton(page).click()]);
  await expect.poll(() => failedTab.isClosed()).toBe(true);
  const toast = page.getByRole('alert').filter({ hasText: nb('orders:waybill.failed') });
  await expect(toast).toContainText(reason);
  // The pointer on the toast holds its 10 s auto-close (as for a reading user), so it is still
  // there to be closed by hand when axe takes long on a busy machine.
  await toast.hover();
  await expectAccessible(page, 'order page with the waybill error');
  await dismissToast(page, reason, 'nb-NO');
});
