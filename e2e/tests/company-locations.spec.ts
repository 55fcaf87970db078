/**
 * Journey: Company > Locations (docs/company-locations.md). kari, a customer admin, opens her
 * company's locations, narrows them by type, opens her location, adds a delivery address whose
 * Norwegian post code is looked up in the postal register (the place fills in; an unknown code
 * leaves it empty with "Could not find post place"), saves the location and sees the address
 * listed when she opens it again. In Swedish she deletes a delivery address and a location of
 * her own run, each after a question in the portal's own dialog, by keyboard.
 */
import { expect } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, expectNothingCut, shot, signIn, test, text } from './fixtures';
import { nb } from './order-steps';

const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);

test('kari adds a delivery address with a looked-up Norwegian post code to her location', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'kari');
  await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: nb('shell:userMenu.company') }).click();
  const section = page.getByRole('navigation', { name: nb('shell:menu.section', { name: nb('shell:menu.companySection') }) });
  await section.getByRole('link', { name: nb('shell:menu.companyLocations'), exact: true }).click();
  await expect(page).toHaveURL(/\/app\/company\/locations$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('locations:title') })).toBeVisible();
  const location = page.getByRole('button', { name: 'Fjordland Dagligvare Alnabru', exact: true });
  await expect(location).toBeVisible();
  await expectAccessible(page, 'the locations list');

  // The type filter: her wholesaler locations are retail / wholesaler ones.
  await page.getByText(nb('locations:filter.customerVendor'), { exact: true }).click();
  await expect(location).toBeHidden();
  await page.getByText(nb('locations:filter.retailWholesaler'), { exact: true }).click();
  await expect(location).toBeVisible();

  await location.click();
  const dialog = page.getByRole('dialog', { name: nb('locations:dialog.editTitle') });
  await expect(dialog.getByLabel(nb('locations:fields.name'))).toHaveValue('Fjordland Dagligvare Alnabru');
  await expectAccessible(page, 'the location dialog');
  await expectNothingCut(dialog, 'the location dialog');

  await dialog.getByRole('button', { name: nb('locations:addresses.add') }).click();
  const address = page.getByRole('dialog', { name: nb('locations:addresses.newTitle') });
  await address.getByLabel(nb('address:name')).fill('Varemottak bakgården');
  await address.getByLabel(nb('address:street')).fill('Strømsveien 266');
  const code = address.getByLabel(nb('address:postalCode'));
  const place = address.getByLabel(nb('address:postalName'));
  // A code the register does not know: the place stays empty and editable.
  await code.fill('0002');
  await expect(address.getByText(nb('address:placeNotFound'))).toBeVisible();
  await expect(place).toHaveValue('');
  await expect(place).toBeEditable();
  // A real one: looked up after typing stops.
  await code.fill('0150');
  await expect(place).toHaveValue('OSLO');
  await expectAccessible(page, 'the address dialog');
  await address.getByRole('button', { name: nb('address:save') }).click();
  await expect(address).toBeHidden();

  const listed = dialog.getByRole('list', { name: nb('locations:sections.addresses') });
  await expect(listed.getByText('Strømsveien 266, 0150 OSLO, NO')).toBeVisible();
  await dialog.getByRole('button', { name: nb('locations:dialog.save') }).click();
  await dismissToast(page, nb('locations:dialog.saved', { name: 'Fjordland Dagligvare Alnabru' }), 'nb-NO');
  await expect(dialog).toBeHidden();

  await location.click();
  await expect(dialog.getByRole('list', { name: nb('locations:sections.addresses') }).getByText('Varemottak bakgården')).toBeVisible();
});

test('kari deletes a delivery address and a location after a question in the portal’s own dialog, by keyboard, in Swedish', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const name = `Tas bort ${run}`;
  const auth = { authorization: `Bearer ${await apiToken(request, 'kari')}` };
  const created = await request.post('/api/Locations', {
    headers: auth,
    data: {
      name,
      number: `DEL-${run}`,
      typeId: 'GRS',
      statusId: 1,
      hasRamp: false,
      needsLift: false,
      street: 'Brynsveien 5',
      postalCode: '0667',
      postalName: 'OSLO',
      countryId: 'NO',
    },
  });
  expect(created.ok(), 'the location of this run').toBe(true);
  const locationId = ((await created.json()) as { data: { id: number } }).data.id;
  const added = await request.post('/api/Addresses', {
    headers: auth,
    data: { locationId, name: 'Bakdörren', street: 'Brynsveien 7', postalCode: '0667', postalName: 'OSLO', countryId: 'NO' },
  });
  expect(added.ok(), 'its delivery address').toBe(true);
  // No question of the browser's own (issue 20: it was window.confirm).
  const native: string[] = [];
  page.on('dialog', (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  expect((await request.post('/api/Language', { headers: auth, data: { language: 'sv-SE' } })).ok()).toBe(true);
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'kari', { locale: 'sv-SE' });
    await page.goto('/app/company/locations');
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: sv('locations:dialog.editTitle') });
    await expect(dialog.getByLabel(sv('locations:fields.name'))).toHaveValue(name);

    // The delivery address: the question opens with the focus on "Cancel"; Tab, Enter deletes.
    await dialog.getByRole('button', { name: sv('locations:addresses.delete', { name: 'Bakdörren' }) }).click();
    const askAddress = page.getByRole('dialog', { name: sv('locations:addresses.delete', { name: 'Bakdörren' }) });
    await expect(askAddress).toContainText(sv('locations:addresses.confirmDelete', { name: 'Bakdörren' }));
    await expect(askAddress.getByRole('button', { name: sv('common:actions.cancel') })).toBeFocused();
    await expectAccessible(page, 'the question before deleting a delivery address');
    await page.keyboard.press('Tab');
    await expect(askAddress.getByRole('button', { name: sv('common:actions.delete') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(askAddress).toBeHidden();
    await expect(dialog.getByText('Brynsveien 7, 0667 OSLO, NO')).toBeHidden();

    // The location: Escape leaves it, the button has the focus back; asked again, it is deleted.
    const deleteButton = dialog.getByRole('button', { name: sv('locations:dialog.delete'), exact: true });
    await deleteButton.click();
    const ask = page.getByRole('dialog', { name: sv('locations:dialog.delete') });
    await expect(ask).toContainText(sv('locations:dialog.confirmDelete', { name }));
    await shot(page, 'location-delete-sv-1366');
    await expectAccessible(page, 'the question before deleting a location');
    await expectNothingCut(ask, 'the question before deleting a location');
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(deleteButton).toBeFocused();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Enter');
    await expect(ask).toBeVisible();
    await shot(page, 'location-delete-sv-390');
    await expectNothingCut(ask, 'the question before deleting a location, on a phone');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dismissToast(page, sv('locations:dialog.deleted', { name }), 'sv-SE');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
    expect(native, 'questions of the browser').toEqual([]);
  } finally {
    await request.post('/api/Language', { headers: auth, data: { language: 'nb-NO' } });
  }
});
