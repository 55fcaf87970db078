/**
 * Journey: Company > Locations (docs/company-locations.md). kari, a customer admin, opens her
 * company's locations, narrows them by type, opens her location, adds a delivery address whose
 * Norwegian post code is looked up in the postal register (the place fills in; an unknown code
 * leaves it empty with "Could not find post place"), saves the location and sees the address
 * listed when she opens it again.
 */
import { expect } from '@playwright/test';
import { dismissToast, expectAccessible, expectNothingCut, signIn, test } from './fixtures';
import { nb } from './order-steps';

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
