/**
 * Journeys: Company > External locations and Company > Email archive (issue 9;
 * docs/company-external-archive.md). kari, a customer admin, adds an external location (its
 * GLN field takes digits only and has the server check the number, as the location dialog's
 * does), edits it and deletes it; then she filters the email archive by topic and by status and opens a mail,
 * whose HTML shows in a sandbox without scripts. Both screens in Finnish at 375 px: nothing cut.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, dismissToast, expectAccessible, expectNothingCut, type Locale, shot, signIn, test, text } from './fixtures';
import { nb } from './order-steps';

/** Opens a page of the Company section through its links. */
async function openCompanyPage(page: Page, locale: Locale, labelKey: string) {
  const t = (key: string, values?: Record<string, string>) => text(locale, key, values);
  await page.getByRole('button', { name: t('shell:userMenu.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: t('shell:userMenu.company') }).click();
  await expect(page).toHaveURL(/\/app\/company$/);
  const section = page.getByRole('navigation', { name: t('shell:menu.section', { name: t('shell:menu.companySection') }) });
  await section.getByRole('link', { name: t(labelKey) }).click();
}

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

test('kari adds, edits and deletes an external location', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Byggtorget Lager ${Date.now().toString(36)}`;
  const number = `BT-${Date.now().toString(36)}`;
  await signIn(page, 'kari');
  await openCompanyPage(page, 'nb-NO', 'shell:menu.externalLocations');
  await expect(page).toHaveURL(/\/app\/company\/external$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('externalLocations:title') })).toBeVisible();
  await expect(page.getByRole('table', { name: nb('externalLocations:list.caption') })).toBeVisible();
  await expectAccessible(page, 'external locations');
  await shot(page, 'external-locations');

  // New: the number must be unique across the portal.
  await page.getByRole('button', { name: nb('externalLocations:add') }).click();
  const dialog = page.getByRole('dialog', { name: nb('externalLocations:dialog.newTitle') });
  await dialog.getByRole('textbox', { name: nb('externalLocations:fields.name') }).fill(name);
  await dialog.getByRole('textbox', { name: nb('externalLocations:fields.locationNumber') }).fill(number);
  await dialog.getByRole('textbox', { name: nb('externalLocations:fields.contactName') }).fill('Per Hansen');
  // The GLN field is the location dialog's (issue 20): digits only, and at 13 the server checks it.
  const gln = dialog.getByRole('textbox', { name: nb('externalLocations:fields.gln') });
  await gln.pressSequentially('70abc-31');
  await expect(gln).toHaveValue('7031');
  await expect(dialog.getByText(nb('address:glnLength', { n: 13 }))).toBeVisible();
  const checked = page.waitForRequest((r) => /\/api\/GLNValidate\?gln=7031234567891$/i.test(r.url()));
  await gln.fill('7031234567891');
  await checked;
  await expect(dialog.getByText(text('nb-NO', 'messages:validation.glnCheckDigit'))).toBeVisible();
  // A right check digit (7031234567895): no error left, and the location is saved with it.
  await gln.fill('7031234567895');
  await expect(dialog.getByText(text('nb-NO', 'messages:validation.glnCheckDigit'))).toBeHidden();
  await dialog.getByRole('textbox', { name: nb('address:street') }).fill('Industriveien 12');
  // The post code is looked up in Norway's register and fills the place.
  await dialog.getByRole('textbox', { name: nb('address:postalCode') }).fill('2010');
  await expect(dialog.getByRole('textbox', { name: nb('address:postalName') })).toHaveValue(/^strømmen$/i);
  await expectAccessible(page, 'new external location');
  await dialog.getByRole('button', { name: nb('externalLocations:dialog.save') }).click();
  await dismissToast(page, nb('externalLocations:saved', { name }), 'nb-NO');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(number);
  await expect(row).toContainText('7031234567895');
  await expect(row).toContainText(/Industriveien 12, 2010 strømmen/i);

  // A second one with the same number is refused on the field.
  await page.getByRole('button', { name: nb('externalLocations:add') }).click();
  await dialog.getByRole('textbox', { name: nb('externalLocations:fields.name') }).fill(`${name} 2`);
  await dialog.getByRole('textbox', { name: nb('externalLocations:fields.locationNumber') }).fill(number);
  await dialog.getByRole('button', { name: nb('externalLocations:dialog.save') }).click();
  await expect(dialog.getByText(text('nb-NO', 'messages:errors.LOCATION_NUMBER_EXISTS'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Search, edit.
  await page.getByRole('textbox', { name: nb('externalLocations:filters.search') }).fill(number);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: nb('externalLocations:list.editNamed', { name }) }).click();
  const edit = page.getByRole('dialog', { name: nb('externalLocations:dialog.editTitle') });
  await expect(edit.getByRole('textbox', { name: nb('externalLocations:fields.name') })).toHaveValue(name);
  await edit.getByRole('textbox', { name: nb('externalLocations:fields.contactName') }).fill('Kari Berg');
  await expectAccessible(page, 'edit external location');
  await edit.getByRole('button', { name: nb('externalLocations:dialog.save') }).click();
  await dismissToast(page, nb('externalLocations:saved', { name }), 'nb-NO');
  await expect(row).toContainText('Kari Berg');

  // Delete: no order names it, so it is gone.
  await page.getByRole('button', { name: nb('externalLocations:list.deleteNamed', { name }) }).click();
  const confirm = page.getByRole('dialog', { name: nb('externalLocations:delete.title') });
  await expect(confirm).toContainText(nb('externalLocations:delete.question', { name }));
  await expectAccessible(page, 'delete external location');
  await confirm.getByRole('button', { name: nb('externalLocations:delete.confirm') }).click();
  await dismissToast(page, nb('externalLocations:delete.deleted', { name }), 'nb-NO');
  await expect(page.getByText(nb('externalLocations:list.none'))).toBeVisible();
});

test('kari filters the email archive and opens a mail', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kari');
  await openCompanyPage(page, 'nb-NO', 'shell:menu.emailArchive');
  await expect(page).toHaveURL(/\/app\/company\/email-archive$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('emailArchive:title') })).toBeVisible();
  const table = page.getByRole('table', { name: nb('emailArchive:list.caption') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // A customer admin reads one customer's mails: no customer filter.
  await expect(page.getByRole('textbox', { name: nb('emailArchive:filters.toCustomer') })).toHaveCount(0);
  await expectAccessible(page, 'email archive');
  await shot(page, 'email-archive');

  const topic = nb('emailArchive:topics.purchase');
  await choose(page, nb('emailArchive:filters.topic'), topic);
  await expect(page).toHaveURL(/topic=purchase/);
  await choose(page, nb('emailArchive:filters.sent'), nb('emailArchive:filters.sentYes'));
  await expect(page).toHaveURL(/sent=true/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const cells of await table.getByRole('row').all()) {
    if ((await cells.getByRole('cell').count()) === 0) continue;
    await expect(cells.getByRole('cell').nth(1)).toHaveText(topic);
    await expect(cells.getByRole('cell').nth(5)).toHaveText(nb('emailArchive:status.sent'));
  }
  await expect(page.getByText(/\d+ e-post(er)? \(\d+ vises\)/)).toBeVisible();

  // Open the newest: its facts, and the HTML in a sandbox that allows nothing.
  const subject = (await table.getByRole('row').nth(1).getByRole('button').textContent()) ?? '';
  await table.getByRole('row').nth(1).getByRole('button').click();
  const mail = page.getByRole('dialog', { name: subject });
  await expect(mail.getByText(nb('emailArchive:mail.to'), { exact: true })).toBeVisible();
  await expect(mail.locator('.mantine-Badge-root', { hasText: nb('emailArchive:status.sent') })).toBeVisible();
  const frame = mail.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe').locator('table').first()).toBeVisible();
  // axe is checked on the text version: it cannot run inside the sandbox (its scripts are
  // refused there, which is the point), and the frame is named by its title.
  await expect(frame).toHaveAttribute('title', nb('emailArchive:mail.frameTitle', { subject }));
  await mail.getByRole('tab', { name: nb('emailArchive:mail.plainText') }).click();
  await expect(mail.locator('pre')).not.toBeEmpty();
  await expectAccessible(page, 'an archived mail');
  await shot(page, 'mail');
  await page.keyboard.press('Escape');
  await expect(mail).toBeHidden();

  // Clearing the filters shows every mail again.
  await page.getByRole('button', { name: nb('emailArchive:filters.clear') }).click();
  await expect(page).toHaveURL(/\/app\/company\/email-archive$/);
});

test.describe('in Finnish on a 375 px phone', () => {
  test.afterEach(async ({ request }) => {
    const token = await apiToken(request, 'kari');
    await request.post('/api/Language', { data: { language: 'nb-NO' }, headers: { authorization: `Bearer ${token}` } });
  });

  test('both screens show everything', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, 'kari');
    expect((await request.post('/api/Language', { data: { language: 'fi-FI' }, headers: { authorization: `Bearer ${token}` } })).ok()).toBe(
      true,
    );
    await signIn(page, 'kari', { locale: 'fi-FI' });
    // Signed in on a desktop (the main menu is a select on a phone), then down to 375 px.
    await page.setViewportSize({ width: 375, height: 812 });
    const fi = (key: string, values?: Record<string, string>) => text('fi-FI', key, values);
    await page.goto('/app/company/external');
    await expect(page.getByRole('heading', { level: 1, name: fi('externalLocations:title') })).toBeVisible();
    await expect(page.getByRole('list', { name: fi('externalLocations:list.caption') })).toBeVisible();
    await expectNothingCut(page.locator('main'), 'external locations, fi, 375 px');
    await shot(page, 'external-locations-fi-375');
    await page.getByRole('button', { name: fi('externalLocations:add') }).click();
    const dialog = page.getByRole('dialog', { name: fi('externalLocations:dialog.newTitle') });
    await expectNothingCut(dialog, 'new external location, fi, 375 px');
    await shot(page, 'external-location-dialog-fi-375');
    await page.keyboard.press('Escape');

    await page.goto('/app/company/email-archive');
    await expect(page.getByRole('heading', { level: 1, name: fi('emailArchive:title') })).toBeVisible();
    const list = page.getByRole('list', { name: fi('emailArchive:list.caption') });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expectNothingCut(page.locator('main'), 'email archive, fi, 375 px');
    await expectAccessible(page, 'email archive, fi, 375 px');
    await shot(page, 'email-archive-fi-375');
    await list.getByRole('listitem').first().getByRole('button').click();
    const mail = page.getByRole('dialog');
    await expect(mail.locator('iframe')).toBeVisible();
    await expectNothingCut(mail, 'a mail, fi, 375 px');
    await shot(page, 'mail-fi-375');
  });
});
