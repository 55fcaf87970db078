/**
 * Journey: Support (issue 10). lise, at a Swedish returns-scheme store, opens a case about a
 * broken crate and pastes a photo of it into the description; the admin opens the case, answers
 * it from an answer template; lise finds the answer in her bell, which opens the case with it.
 * ole reports a problem from one of his orders: the new case links the order. The e2e server is
 * shared: each case is new, lise's with a topic of this run.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, escapeRegExp, expectAccessible, expectNothingCut, shot, signIn, signOut, test, text } from './fixtures';

const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);
const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

/** A small PNG photo (a gradient) pasted into `target` as the clipboard's image, as Ctrl+V of a screenshot does. */
async function pastePhoto(page: Page, selector: string) {
  await page.locator(selector).evaluate(async (element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 40, 30);
    gradient.addColorStop(0, '#964');
    gradient.addColorStop(1, '#c93');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 40, 30);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'image.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

test('lise opens a case with a photo, the admin answers from a template, lise reads the answer from her bell', async ({ page }) => {
  // Three sign-ins and several axe runs on a shared machine.
  test.setTimeout(180_000);
  const topic = `Trasig back ${Date.now().toString(36)}`;

  await signIn(page, 'lise');
  await page.goto('/app/support/tickets');
  await expect(page.getByRole('heading', { level: 1, name: sv('support:title') })).toBeVisible();
  await expectAccessible(page, 'the case list');
  await page.getByRole('button', { name: sv('support:new') }).click();
  const dialog = page.getByRole('dialog', { name: sv('support:dialog.title') });
  // Sent empty, both required fields say so; each message goes as its field is filled in (issue 20: they stayed).
  await dialog.getByRole('button', { name: sv('support:dialog.submit') }).click();
  const required = dialog.getByText(sv('support:dialog.required'));
  await expect(required).toHaveCount(2);
  await dialog.getByRole('textbox', { name: sv('support:dialog.topic') }).fill(topic);
  await expect(required).toHaveCount(1);
  await dialog.getByRole('textbox', { name: sv('support:dialog.description') }).fill('Backen var sprucken i botten, se fotot.');
  await expect(required).toHaveCount(0);
  await pastePhoto(page, '[role="dialog"] textarea');
  const pasted = `${sv('support:dialog.pastedName')}-1.png`;
  await expect(dialog.getByText(pasted)).toBeVisible();
  await dialog.getByRole('combobox', { name: sv('support:dialog.category') }).click();
  await page.getByRole('option', { name: sv('support:category.delivery') }).click();
  await expectAccessible(page, 'the new-case dialog');
  await shot(page, 'support-new-case');
  // The create carries an idempotency key (docs/domain.md, "Idempotency keys"): a retry opens no second case.
  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/SupportTickets',
  );
  await dialog.getByRole('button', { name: sv('support:dialog.submit') }).click();
  expect((await created).postDataJSON().idempotencyKey).toMatch(/^[\w-]{8,100}$/);
  await expect(page).toHaveURL(/\/app\/support\/tickets\/\d+$/);
  const caseUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
  await expect(page.getByRole('button', { name: pasted })).toBeVisible();
  await expect(page.getByText(sv('support:status.New'), { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'lise’s case');
  await expectNothingCut(page.locator('main'), 'lise’s case');
  await signOut(page, 'sv-SE');

  // The admin (Norwegian) answers from the Swedish template for damaged carriers.
  await signIn(page, 'admin');
  await page.goto(caseUrl);
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
  await page.getByRole('combobox', { name: nb('support:detail.fromTemplate') }).click();
  await page.getByRole('option', { name: /Skadad bärare/ }).click();
  const answer = page.getByRole('textbox', { name: nb('support:detail.comment') });
  await expect(answer).toHaveValue(/Ställ den skadade bäraren åt sidan/);
  await expectAccessible(page, 'the case for provider staff');
  await shot(page, 'support-admin-answer');
  await page.getByRole('button', { name: nb('support:detail.send') }).click();
  await expect(page.getByRole('list', { name: nb('support:detail.thread') }).getByText(/Ställ den skadade bäraren/)).toBeVisible();
  await expect(page.getByText(nb('support:status.Open'), { exact: true }).first()).toBeVisible();
  await signOut(page, 'nb-NO');

  // lise's bell names the answer; it opens the case with the answer in the thread.
  await signIn(page, 'lise');
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(sv('shell:alerts.title'))}`) })
    .first()
    .click();
  const alert = page.getByRole('button', { name: new RegExp(escapeRegExp(topic)) }).first();
  await expect(alert).toBeVisible();
  await expectAccessible(page, 'the bell with the answer');
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`${caseUrl}$`));
  await expect(page.getByText(/Ställ den skadade bäraren åt sidan/)).toBeVisible();
  await shot(page, 'support-lise-answer');

  // On her phone (375 px) the list is one card per case, nothing cut off.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/app/support/tickets');
  await expect(page.getByRole('list', { name: sv('support:list.caption') }).getByRole('link', { name: topic })).toBeVisible();
  await expectAccessible(page, 'the case list on a phone');
  await expectNothingCut(page.locator('main'), 'the case list on a phone');
  await shot(page, 'support-phone-list');
  await page.goto(caseUrl);
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
  await expectNothingCut(page.locator('main'), 'the case on a phone');
  await shot(page, 'support-phone-case');
});

test('ole reports a problem from an order’s page: the case links the order', async ({ page, request }) => {
  test.setTimeout(120_000);
  // One of ole's orders: the one his demo case is about.
  const token = await apiToken(request, 'ole');
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/SupportTickets?text=Mottatt', { headers });
  const [seeded] = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows;
  const detail = await request.get(`/api/SupportTickets/${seeded?.id}`, { headers });
  const { orderId, orderTarget } = ((await detail.json()) as { data: { orderId: number; orderTarget: string } }).data;
  expect(orderTarget).toBeTruthy();

  await signIn(page, 'ole');
  await page.goto(`/app/${orderTarget}`);
  await page.getByRole('button', { name: nb('support:reportProblem') }).click();
  const dialog = page.getByRole('dialog', { name: nb('support:dialog.title') });
  await expect(dialog.getByText(nb('support:dialog.aboutOrder', { id: orderId }))).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: nb('support:dialog.topic') })).toHaveValue(
    nb('support:dialog.orderTopic', { id: orderId }),
  );
  await dialog.getByRole('textbox', { name: nb('support:dialog.description') }).fill('To paller var skadet ved levering.');
  await expectAccessible(page, 'the new-case dialog on an order');
  await dialog.getByRole('button', { name: nb('support:dialog.submit') }).click();
  await expect(page).toHaveURL(/\/app\/support\/tickets\/\d+$/);
  const link = page.getByRole('link', { name: nb('support:detail.orderLink', { id: orderId }) });
  await expect(link).toHaveAttribute('href', `/app/${orderTarget}`);
});
