/**
 * Journeys: a dispute's evidence and opening a dispute where the movement is shown (issue 22;
 * docs/disputes.md, "Evidence" and "Screens"). kari, in Finnish on a phone (390 px), adds a photo
 * to her dispute of one of ole's deliveries; ole, in Swedish on a phone, sees it listed with its
 * name and who added it, and downloads it. kari opens a dispute from a row of her balance history
 * ("Dispute" on a recent delivery's entry): the dialog shows the movement's parties and lines. Every
 * screen is checked by axe.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { apiToken, expectAccessible, type Locale, signIn, signOut, test, text } from './fixtures';
import { nb } from './order-steps';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Headers = { authorization: string };
const auth = async (request: APIRequestContext, user: 'kari' | 'ole'): Promise<Headers> => ({
  authorization: `Bearer ${await apiToken(request, user)}`,
});
const json = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>) => ((await answer.json()) as { data: T }).data;

async function setLanguage(request: APIRequestContext, user: 'kari' | 'ole', locale: Locale): Promise<void> {
  const answer = await request.post('/api/Language', { data: { language: locale }, headers: await auth(request, user) });
  expect(answer.ok()).toBe(true);
}

/** Deliveries to kari (from ole's brewery, or from anyone), newest first, with no unended dispute, and kari's location. */
async function undisputedDeliveries(
  request: APIRequestContext,
  fromOle = true,
): Promise<{ kari: Headers; kariLocation: number; ids: number[] }> {
  const kari = await auth(request, 'kari');
  const ole = await auth(request, 'ole');
  const kariLocation = (await json<{ id: number }>(await request.get('/api/location', { headers: kari }))).id;
  const oleLocation = (await json<{ id: number }>(await request.get('/api/location', { headers: ole }))).id;
  const orders = await json<{ items: { id: number }[] }>(
    await request.get(
      `/api/Orders?transactionStatus=5${fromOle ? `&locationIdFrom=${oleLocation}` : ''}&locationIdTo=${kariLocation}&count=40` +
        '&orderBy%5B0%5D.field=id&orderBy%5B0%5D.descending=true',
      { headers: kari },
    ),
  );
  const ids: number[] = [];
  for (const { id } of orders.items) {
    const open = await json<unknown[]>(await request.get(`/api/Disputes?list=open&orderId=${id}`, { headers: kari }));
    if (open.length === 0) ids.push(id);
  }
  return { kari, kariLocation, ids };
}

test.describe('evidence and disputes from the balance history', () => {
  test.afterEach(async ({ request }) => {
    await setLanguage(request, 'kari', 'nb-NO');
    await setLanguage(request, 'ole', 'nb-NO');
  });

  test('kari adds a photo in Finnish on a phone; ole sees and downloads it in Swedish', async ({ page, request }) => {
    test.setTimeout(150_000);
    const { kari, ids } = await undisputedDeliveries(request);
    let disputeId = 0;
    for (const id of ids) {
      const movement = await request.get(`/api/DisputeMovement?orderId=${id}`, { headers: kari });
      if (!movement.ok()) continue;
      const line = (await json<{ lines: { productId: number; quantity: number }[] }>(movement)).lines.find((l) => l.quantity > 0);
      if (!line) continue;
      const opened = await request.post('/api/Disputes', {
        headers: kari,
        data: {
          orderId: id,
          problem: 'quantity',
          comment: 'Yksi lava puuttui',
          idempotencyKey: `e2e-evidence-${id}`,
          lines: [{ productId: line.productId, quantity: line.quantity - 1 }],
        },
      });
      if (opened.ok()) {
        disputeId = (await json<{ id: number }>(opened)).id;
        break;
      }
    }
    expect(disputeId, 'a dispute kari could open').toBeGreaterThan(0);
    await setLanguage(request, 'kari', 'fi-FI');
    await setLanguage(request, 'ole', 'sv-SE');
    const fi = (key: string, values?: Record<string, string | number>) => text('fi-FI', key, values);
    const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);

    await signIn(page, 'kari', { locale: 'fi-FI' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/disputes/${disputeId}`);
    const evidence = page.getByRole('region', { name: fi('disputes:evidence.title'), exact: true });
    await expect(evidence.getByText(fi('disputes:evidence.none'))).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await evidence.getByRole('button', { name: fi('disputes:evidence.add') }).click();
    await (await chooser).setFiles({ name: 'lavat laiturilla.png', mimeType: 'image/png', buffer: PNG });
    const table = evidence.getByRole('table', { name: fi('disputes:evidence.files') });
    await expect(table.getByRole('button', { name: fi('disputes:evidence.download', { name: 'lavat laiturilla.png' }) })).toBeVisible();
    await expect(page.getByText(fi('disputes:history.evidenceAdded'))).toBeVisible();
    await expectAccessible(page, 'a dispute with its evidence, in Finnish on a phone');
    // On a desktop again: sign-out and sign-in use the top bar and the main menu.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOut(page, 'fi-FI');

    await signIn(page, 'ole', { locale: 'sv-SE' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/disputes/${disputeId}`);
    const seen = page.getByRole('region', { name: sv('disputes:evidence.title'), exact: true });
    const file = seen.getByRole('button', { name: sv('disputes:evidence.download', { name: 'lavat laiturilla.png' }) });
    await expect(file).toBeVisible();
    await expect(seen.getByText('Kari Nordmann')).toBeVisible();
    const download = page.waitForEvent('download');
    await file.click();
    expect((await download).suggestedFilename()).toBe('lavat laiturilla.png');
    // ole is a party too: he may add his own.
    await expect(seen.getByRole('button', { name: sv('disputes:evidence.add') })).toBeVisible();
    await expectAccessible(page, 'a dispute with evidence, in Swedish on a phone');
    // Withdrawn again, so the later journeys (disputes.spec.ts) find ole's delivery undisputed.
    const dispute = await json<{ version: number }>(await request.get(`/api/Disputes/${disputeId}`, { headers: kari }));
    await request.post('/api/DisputeWithdrawal', { headers: kari, data: { id: disputeId, version: dispute.version } });
  });

  test('kari opens a dispute from an order’s row of her balance history', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { kari, kariLocation, ids } = await undisputedDeliveries(request, false);
    let found: { orderId: number; productId: number; quantity: number } | null = null;
    for (const id of ids) {
      const movement = await request.get(`/api/DisputeMovement?orderId=${id}`, { headers: kari });
      if (!movement.ok()) continue;
      const data = await json<{ windowEnd: string; lines: { productId: number; quantity: number }[] }>(movement);
      // Still in its window (a day's margin for the time zones), so within the history's period too.
      if (data.windowEnd <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)) continue;
      const line = data.lines.find((l) => l.quantity > 0);
      if (line) {
        found = { orderId: id, productId: line.productId, quantity: line.quantity };
        break;
      }
    }
    expect(found, 'an order of ole’s kari may dispute').not.toBeNull();
    if (!found) return;
    await signIn(page, 'kari');
    await page.goto(`/app/balance/${found.productId}?location=${kariLocation}`);
    const source = nb('disputes:source.order', { id: found.orderId });
    await page
      .getByRole('button', { name: nb('disputes:open.fromEntryLabel', { source }) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: nb('disputes:open.titleSource', { source }) });
    await expect(dialog.getByText(/Fjordland Dagligvare Alnabru/)).toBeVisible();
    const first = dialog.getByRole('spinbutton').first();
    await expect(first).toBeVisible();
    await first.fill(String(Number(await first.inputValue()) - 1));
    await first.press('Tab');
    await dialog.getByLabel(nb('disputes:columns.comment')).fill('Én pall mindre enn bokført');
    await expectAccessible(page, 'the dispute dialog from the balance history');
    await dialog.getByRole('button', { name: nb('disputes:open.submit') }).click();
    await expect(page).toHaveURL(/\/app\/disputes\/\d+$/);
    const disputeId = Number(/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: nb('disputes:number', { id: disputeId }) })).toBeVisible();
    // Withdrawn again, so the other journeys find the delivery undisputed.
    const dispute = await json<{ version: number }>(await request.get(`/api/Disputes/${disputeId}`, { headers: kari }));
    await request.post('/api/DisputeWithdrawal', { headers: kari, data: { id: disputeId, version: dispute.version } });
  });
});
