/**
 * Journey: a delivery to an external receiver (spec sections 2-5; domain.md "External
 * location"). ole starts a delivery, chooses an external recipient and, finding none, registers
 * one on the spot: a GLN with a wrong check digit is refused, a right one accepted, and the new
 * location is chosen. He saves the delivery as a draft with a temporary address, opens it again
 * to edit it (recipient and address are still there) and sends it: it is listed under
 * deliveries to external locations. A second delivery crosses a border: to the customs question
 * he first answers no (the customs status turns pending), then yes (cleared, green) and it is
 * sent. Two more drafts he deletes: one from its page, one chosen in the grid.
 */
import { expect } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, mainMenu, shot, signIn, test } from './fixtures';
import { expectStatus, menuLink, nb, orderIdOf, orderTitleBlock, pickFirstOpenDay, takeStep } from './order-steps';

const PRODUCT = 'EUR-pall, kvalitet A';

test('ole registers an external receiver, delivers to it with a temporary address and customs, and deletes a draft', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const receiver = `Mottak Kaia ${stamp}`;
  const number = `E2E-${stamp}`;
  const reference = `E2E-EXT-${stamp}`;

  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.delivery')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:lists.deliveries.title') })).toBeVisible();
  await page.getByRole('button', { name: nb('orders:list.new.delivery') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.delivery') });
  // The segmented control's radios are hidden behind their labels.
  await dialog.getByText(nb('orders:dialog.recipientExternal'), { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: nb('orders:dialog.recipientExternal') })).toBeChecked();

  // No external location yet: register one.
  await dialog.getByRole('button', { name: nb('orders:external.add') }).click();
  const register = page.getByRole('dialog', { name: nb('externalLocations:dialog.newTitle') });
  await register.getByRole('textbox', { name: nb('externalLocations:fields.name') }).fill(receiver);
  await register.getByRole('textbox', { name: nb('externalLocations:fields.locationNumber') }).fill(number);
  const gln = register.getByRole('textbox', { name: nb('externalLocations:fields.gln') });
  await gln.fill('7080000000013');
  await register.getByRole('textbox', { name: nb('address:street') }).fill('Kaiveien 4');
  await register.getByRole('textbox', { name: nb('address:postalCode') }).fill('1470');
  await register.getByRole('textbox', { name: nb('address:postalName') }).fill('Lørenskog');
  await register.getByRole('button', { name: nb('externalLocations:dialog.save') }).click();
  await expect(register.getByText(nb('messages:validation.glnCheckDigit'))).toBeVisible();
  await expectAccessible(page, 'external location dialog with a wrong GLN');
  await gln.fill('7080000000012');
  await register.getByRole('button', { name: nb('externalLocations:dialog.save') }).click();
  await expect(register).toBeHidden();
  const recipient = dialog.getByRole('combobox', { name: nb('orders:dialog.recipientExternal') });
  await expect(recipient).toHaveValue(`${receiver} (${number})`);

  // Products, day, reference and a temporary address; saved as a draft.
  const quantity = dialog.getByRole('spinbutton', { name: PRODUCT });
  await expect(quantity).toBeEnabled();
  await quantity.fill('15');
  await quantity.press('Tab');
  await pickFirstOpenDay(page, dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.dateSend')}`) }));
  await dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') }).fill(reference);
  await dialog.getByRole('checkbox', { name: nb('orders:address.useTemp') }).check();
  await dialog.getByRole('textbox', { name: nb('address:name') }).fill('Lager 2');
  await dialog.getByRole('textbox', { name: nb('address:street') }).fill('Kaia 1');
  // An address abroad makes the delivery cross a border: who clears customs must be chosen.
  const customs = dialog.getByRole('combobox', { name: new RegExp(`^${nb('orders:customs.title')}`) });
  await dialog.getByRole('combobox', { name: nb('address:country') }).click();
  await page.getByRole('option', { name: 'Sverige' }).click();
  await expect(customs).toBeVisible();
  await expect(dialog.getByText(nb('orders:customs.crossBorder'))).toBeVisible();
  await dialog.getByRole('combobox', { name: nb('address:country') }).click();
  await page.getByRole('option', { name: 'Norge' }).click();
  await expect(customs).toBeHidden();
  await dialog.getByRole('textbox', { name: nb('address:postalCode') }).fill('0150');
  // The post code is looked up in Norway's register and fills the place.
  await expect(dialog.getByRole('textbox', { name: nb('address:postalName') })).toHaveValue('OSLO');
  await expectAccessible(page, 'delivery dialog to an external receiver');
  await dialog.getByRole('button', { name: nb('orders:dialog.saveAndClose') }).click();
  await expect(dialog).toBeHidden();

  // The draft keeps its recipient and address when it is edited again; then it is sent.
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(reference);
  // The search has answered (one order found) before the row is clicked, so the grid does not re-render under the click.
  await expect(page.getByText(nb('orders:list.footer', { shown: 1, total: 1 }))).toBeVisible();
  await page
    .getByRole('table', { name: nb('orders:list.gridLabel') })
    .getByRole('row')
    .filter({ hasText: reference })
    .click();
  await expect(page).toHaveURL(/\/app\/delivery\/\d+$/);
  const id = orderIdOf(page);
  await expectStatus(page, id, 0);
  await expect(page.getByText(nb('orders:detail.externalLocation', { number }))).toBeVisible();
  await page.getByRole('button', { name: nb('orders:actions.edit'), exact: true }).click();
  const edit = page.getByRole('dialog', { name: nb('orders:dialog.editTitle', { id }) });
  await expect(edit.getByRole('radio', { name: nb('orders:dialog.recipientExternal') })).toBeChecked();
  await expect(edit.getByRole('combobox', { name: nb('orders:dialog.recipientExternal') })).toHaveValue(`${receiver} (${number})`);
  await expect(edit.getByRole('checkbox', { name: nb('orders:address.useTemp') })).toBeChecked();
  await expect(edit.getByRole('textbox', { name: nb('address:street') })).toHaveValue('Kaia 1');
  await edit.getByRole('button', { name: nb('orders:dialog.send') }).click();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/app/delivery/${id}$`));
  await expectStatus(page, id, 4);
  await page.goto('/app/delivery/external');
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(reference);
  await expect(
    page
      .getByRole('table', { name: nb('orders:list.gridLabel') })
      .getByRole('row')
      .filter({ hasText: reference }),
  ).toContainText(receiver);

  // A cross-border delivery to the same receiver, and a draft to discard, made through the API.
  const token = await apiToken(request, 'ole');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'nb-NO' };
  const externals = (await (await request.get('/api/ExternalLocations', { headers })).json()) as {
    data: { id: number; locationNumber: string }[];
  };
  const externalId = externals.data.find((e) => e.locationNumber === number)?.id;
  const month = (offset: number) =>
    new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  const days = (await (await request.get(`/api/Days?from=${month(0)}&to=${month(1)}`, { headers })).json()) as {
    data: { date: string; isOpen: boolean }[];
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const dateSend = days.data.find((d) => d.isOpen && d.date >= tomorrow)?.date;
  const products = (await (await request.get('/api/products?all=true', { headers })).json()) as { data: { id: number; name: string }[] };
  const productId = products.data.find((p) => p.name === PRODUCT)?.id;
  const draft = async (body: Record<string, unknown>) => {
    const answer = await request.post('/api/Orders', {
      headers,
      data: {
        transactionTypeId: 3,
        externalLocationIdTo: externalId,
        dateSend,
        draft: true,
        lines: [{ productId, quantityOrdered: 15 }],
        ...body,
      },
    });
    expect(answer.ok(), 'a delivery draft is saved').toBe(true);
    return String(((await answer.json()) as { data: { id: number } }).data.id);
  };
  const customsId = await draft({ customsHandler: 'required', referenceOwn: `${reference}-toll` });
  const discardId = await draft({ referenceOwn: `${reference}-slett-1` });
  const bulkId = await draft({ referenceOwn: `${reference}-slett-2` });

  await page.goto(`/app/delivery/${customsId}`);
  await expectStatus(page, customsId, 0);
  const customsStatus = page.getByRole('combobox', { name: nb('orders:customs.statusLabel') });
  await expect(customsStatus).toHaveValue(nb('orders:customs.status.empty'));
  await page.getByRole('button', { name: nb('orders:actions.send'), exact: true }).click();
  const question = page.getByRole('dialog', { name: nb('orders:customs.title') });
  await expect(question.getByText(nb('orders:customs.question'))).toBeVisible();
  await question.getByRole('button', { name: nb('orders:customs.no') }).click();
  await expect(question.getByText(nb('orders:customs.registerFirst'))).toBeVisible();
  await expectAccessible(page, 'customs question answered no');
  await question
    .getByRole('button', { name: nb('orders:dialog.close') })
    .filter({ hasText: nb('orders:dialog.close') })
    .click();
  await expect(question).toBeHidden();
  await expect(customsStatus).toHaveValue(nb('orders:customs.status.pending'));
  await expectStatus(page, customsId, 0);

  await takeStep(page, customsId, 'send', 4, async (asked) => {
    await asked.getByRole('button', { name: nb('orders:customs.yes') }).click();
  });
  await expect(customsStatus).toHaveValue(nb('orders:customs.status.done'));
  const history = page.getByRole('table', { name: nb('orders:detail.history') });
  await expect(history).toContainText(nb('messages:customs.history', { status: nb('messages:customs.status.pending') }));
  await expect(history).toContainText(nb('messages:customs.history', { status: nb('messages:customs.status.done') }));
  await expect(orderTitleBlock(page, customsId)).toBeVisible();
  await expectAccessible(page, 'sent delivery with its customs status');
  await customsStatus.scrollIntoViewIfNeeded();
  await shot(page, 'order-customs-status');

  // The third one is discarded after a confirmation; its page then says it is gone.
  await page.goto(`/app/delivery/${discardId}`);
  await expectStatus(page, discardId, 0);
  await page.getByRole('button', { name: nb('orders:actions.delete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: nb('orders:deleteDrafts.titleOne', { id: discardId }) });
  await expect(confirm.getByText(nb('orders:deleteDrafts.question_one'))).toBeVisible();
  await expectAccessible(page, 'delete draft confirmation');
  await confirm.getByRole('button', { name: nb('orders:deleteDrafts.submitOne') }).click();
  await dismissToast(page, nb('orders:deleteDrafts.deletedOne', { id: discardId }), 'nb-NO');
  await expect(page).toHaveURL(/\/app\/delivery(\?.*)?$/);
  await page.goto(`/app/delivery/${discardId}`);
  await expect(page.getByText(nb('orders:detail.notFound', { id: discardId }))).toBeVisible();

  // The last one is chosen in the grid and deleted with "delete drafts".
  await page.goto('/app/delivery');
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(`${reference}-slett`);
  const grid = page.getByRole('table', { name: nb('orders:list.gridLabel') });
  await expect(grid.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await grid.getByRole('checkbox', { name: nb('orders:drafts.select', { id: bulkId }) }).check();
  await page.getByRole('button', { name: nb('orders:deleteDrafts.button_one', { count: 1 }) }).click();
  // One chosen draft is asked about by its number.
  const bulk = page.getByRole('dialog', { name: nb('orders:deleteDrafts.titleOne', { id: bulkId }) });
  await expect(bulk).toBeVisible();
  await expectAccessible(page, 'delete drafts chosen in the grid');
  await bulk.getByRole('button', { name: nb('orders:deleteDrafts.submitOne') }).click();
  await dismissToast(page, nb('orders:deleteDrafts.deletedOne', { id: bulkId }), 'nb-NO');
  await expect(grid.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
});
