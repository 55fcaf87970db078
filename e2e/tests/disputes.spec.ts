/**
 * Journey: a dispute (issue 22; docs/disputes.md). kari disputes a received order from ole's
 * brewery in Reports > Disputes ("Open a dispute": the order's number, a product's quantity, a
 * comment); ole finds it under Reports >
 * Disputes (the Reports item counts it), "Waiting for me", opens it, sees the quantities and the
 * days left, and accepts it: the dispute shows as accepted with its history and the count goes.
 * The dialog and both screens are checked by axe.
 */
import { expect } from '@playwright/test';
import { apiToken, expectAccessible, mainMenu, signIn, signOut, test } from './fixtures';
import { menuLink, nb } from './order-steps';

test('kari disputes an order; ole accepts it in Reports > Disputes', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'kari');
  const headers = { authorization: `Bearer ${token}` };
  const kariLocation = ((await (await request.get('/api/location', { headers })).json()) as { data: { id: number } }).data.id;
  const oleToken = await apiToken(request, 'ole');
  const oleLocation = (
    (await (await request.get('/api/location', { headers: { authorization: `Bearer ${oleToken}` } })).json()) as {
      data: { id: number };
    }
  ).data.id;
  const fromOle = (await (
    await request.get(`/api/Orders?transactionStatus=5&locationIdFrom=${oleLocation}&locationIdTo=${kariLocation}&count=50`, { headers })
  ).json()) as { data: { items: { id: number }[] } };
  const orderId = fromOle.data.items[0]?.id;
  expect(orderId, 'a received order from ole').toBeTruthy();

  // kari opens the dispute in Reports > Disputes: the order's number, one product it should be 0 of.
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reports')) })
    .click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.reports') }) })
    .getByRole('link', { name: nb('shell:menu.disputes') })
    .click();
  await page.getByRole('button', { name: nb('disputes:open.button') }).click();
  const dialog = page.getByRole('dialog', { name: nb('disputes:open.title') });
  await dialog.getByLabel(nb('disputes:open.order')).fill(String(orderId));
  await dialog.getByRole('button', { name: nb('disputes:open.load') }).click();
  const firstLine = dialog.getByRole('spinbutton').first();
  await expect(firstLine).toBeVisible();
  await firstLine.fill('0');
  await firstLine.press('Tab');
  await dialog.getByLabel(nb('disputes:columns.comment')).fill('Two pallets short at our dock');
  await expectAccessible(page, 'the dialog that opens a dispute');
  const created = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Disputes');
  await dialog.getByRole('button', { name: nb('disputes:open.submit') }).click();
  expect((await created).postDataJSON().idempotencyKey).toMatch(/^[\w-]{8,100}$/);
  await expect(page).toHaveURL(/\/app\/disputes\/\d+$/);
  const dispute = { id: Number(/(\d+)$/.exec(page.url())?.[1]) };
  await expect(page.getByRole('heading', { level: 1, name: nb('disputes:number', { id: dispute.id }) })).toBeVisible();
  await signOut(page, 'nb-NO');

  await signIn(page, 'ole');
  // The Reports item counts the disputes waiting for ole's side.
  const reports = mainMenu(page, 'nb-NO').getByRole('link', { name: menuLink(nb('shell:menu.reports')) });
  await expect(reports).toHaveAccessibleName(`${nb('shell:menu.reports')} 1 ${nb('shell:badges.disputes_one')}`);
  await reports.click();
  await page
    .getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.reports') }) })
    .getByRole('link', { name: nb('shell:menu.disputes') })
    .click();
  await expect(page).toHaveURL(/\/app\/disputes$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('disputes:title') })).toBeVisible();
  await page.getByText(new RegExp(`^${nb('disputes:lists.waitingForMe')}`)).click();
  await expect(page).toHaveURL(/list=waitingForMe/);
  const link = page.getByRole('link', { name: nb('disputes:number', { id: dispute.id }) });
  await expect(link).toBeVisible();
  await expect(page.getByText(nb('disputes:daysLeft_other', { count: 14 })).first()).toBeVisible();
  await expectAccessible(page, 'the disputes waiting for ole');

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: nb('disputes:number', { id: dispute.id }) })).toBeVisible();
  await expect(page.getByRole('table', { name: nb('disputes:lines.caption') })).toBeVisible();
  await expectAccessible(page, 'the dispute');
  await page.getByRole('button', { name: nb('disputes:steps.accept') }).click();
  await expect(page.getByText(nb('disputes:status.accepted')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: nb('disputes:steps.accept') })).toHaveCount(0);
  await expect(page.getByText(new RegExp(nb('disputes:history.accepted'))).first()).toBeVisible();
  await expectAccessible(page, 'the accepted dispute');
  // Answered: nothing waits for ole any more.
  await expect(reports).toHaveAccessibleName(nb('shell:menu.reports'));
});

test('a received order’s page opens the dispute dialog with the order and its lines filled in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, 'kari');
  const received = (await (
    await request.get('/api/Orders?transactionStatus=5&count=5', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { items: { id: number }[] };
  };
  const orderId = received.data.items[0]?.id;
  expect(orderId, 'a received order of kari’s').toBeTruthy();
  await signIn(page, 'kari');
  await page.goto(`/app/orders/${orderId}`);
  await page.getByRole('button', { name: nb('disputes:open.fromOrder') }).click();
  const dialog = page.getByRole('dialog', { name: nb('disputes:open.title') });
  await expect(dialog.getByLabel(nb('disputes:open.order'))).toHaveValue(String(orderId));
  await expect(dialog.getByRole('spinbutton').first()).toBeVisible();
  await expectAccessible(page, 'the dispute dialog from an order');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('kari reads her customer’s disputes on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'kari');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/disputes');
  await expect(page.getByRole('heading', { level: 1, name: nb('disputes:title') })).toBeVisible();
  // The demo's disputes of kari's customer: the list scrolls sideways in a region a keyboard reaches.
  const region = page.getByRole('region', { name: new RegExp(nb('disputes:lists.open')) });
  await expect(region).toBeVisible();
  await expectAccessible(page, 'the disputes on a phone');
  await region.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/disputes\/\d+$/);
  await expect(page.getByRole('table', { name: nb('disputes:lines.caption') })).toBeVisible();
  await expectAccessible(page, 'a dispute on a phone');
});

test('ole proposes other quantities for kari’s dispute; it then waits for kari', async ({ page, request }) => {
  test.setTimeout(120_000);
  const kari = { authorization: `Bearer ${await apiToken(request, 'kari')}` };
  const ole = { authorization: `Bearer ${await apiToken(request, 'ole')}` };
  const kariLocation = ((await (await request.get('/api/location', { headers: kari })).json()) as { data: { id: number } }).data.id;
  const oleLocation = ((await (await request.get('/api/location', { headers: ole })).json()) as { data: { id: number } }).data.id;
  const orders = (await (
    await request.get(`/api/Orders?transactionStatus=5&locationIdFrom=${oleLocation}&locationIdTo=${kariLocation}&count=20`, {
      headers: kari,
    })
  ).json()) as { data: { items: { id: number }[] } };
  // kari disputes one of ole's deliveries through the API (any not disputed yet, within the window).
  let disputeId = 0;
  for (const { id } of orders.data.items) {
    const order = (await (await request.get(`/api/Orders/${id}`, { headers: kari })).json()) as {
      data: { transactions: { productId: number; quantityDelivered: number | null; quantityOrdered: number }[] };
    };
    const line = order.data.transactions[0];
    if (!line) continue;
    const booked = line.quantityDelivered ?? line.quantityOrdered;
    const opened = await request.post('/api/Disputes', {
      headers: kari,
      data: {
        orderId: id,
        problem: 'quantity',
        comment: 'Short by one pallet',
        idempotencyKey: `e2e-propose-${id}`,
        lines: [{ productId: line.productId, quantity: Math.max(0, booked - 1) }],
      },
    });
    if (opened.ok()) {
      disputeId = ((await opened.json()) as { data: { id: number } }).data.id;
      break;
    }
  }
  expect(disputeId, 'a dispute kari could open').toBeGreaterThan(0);

  await signIn(page, 'ole');
  await page.goto(`/app/disputes/${disputeId}`);
  await expect(page.getByRole('heading', { level: 1, name: nb('disputes:number', { id: disputeId }) })).toBeVisible();
  const proposal = page.getByRole('group', { name: nb('disputes:steps.proposeTitle') });
  const quantity = proposal.getByRole('spinbutton').first();
  await quantity.fill(String(Number(await quantity.inputValue()) + 1));
  await quantity.press('Tab');
  await page.getByLabel(nb('disputes:steps.comment')).fill('We counted one more at loading');
  await expectAccessible(page, 'a proposal of other quantities');
  await proposal.getByRole('button', { name: nb('disputes:steps.sendProposal') }).click();
  await expect(page.getByText(nb('disputes:history.proposed')).first()).toBeVisible();
  await expect(page.getByText(nb('disputes:waitingOn.opener')).first()).toBeVisible();
});
