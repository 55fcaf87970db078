/**
 * Journey: publishing a must-read message and the help icon (issue 10; docs/messages.md). The
 * global admin, in Norwegian, writes a must-read message for Swedish retail stores (lise's
 * Uppsala store is one) in Global > Publishing, previews it in Swedish and publishes it; lise
 * signs in and is blocked by it until she has read it. Then the help icon on her Delivery page
 * opens the guide for Delivery, in Swedish, rendered from Markdown, also at a phone's width.
 */
import { expect } from '@playwright/test';
import { expectAccessible, expectNothingCut, shot, signIn, signOut, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);
const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);

test('admin publishes a must-read message for Swedish stores that blocks lise until she reads it; the help icon opens a guide', async ({
  page,
}) => {
  const title = `Nya öppettider ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/app/global/publishing');
  await expect(page.getByRole('heading', { level: 1, name: nb('publishing:title') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: nb('shell:menu.section', { name: nb('global:section') }) })).toBeVisible();
  await expectAccessible(page, 'Publishing');

  await page.getByRole('link', { name: nb('publishing:new') }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('publishing:editor.newTitle') })).toBeVisible();
  const choose = async (label: string, option: string) => {
    await page.getByRole('main').getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose(nb('publishing:fields.language'), nb('publishing:languages.sv-SE'));
  await choose(nb('publishing:fields.locationType'), nb('publishing:locationTypes.BUT'));
  await page.getByRole('checkbox', { name: nb('publishing:fields.mustRead') }).check();
  const swedish = nb('publishing:languages.sv-SE');
  await page.getByRole('textbox', { name: nb('publishing:fields.titleIn', { language: swedish }) }).fill(title);
  await page
    .getByRole('textbox', { name: nb('publishing:fields.textIn', { language: swedish }) })
    .fill('## Från måndag\n\n- Uppsala öppnar 07:00\n- [Mer om depåerna](https://www.example.com/depaer)');
  // The preview shows the message as a Swedish reader sees it: its Markdown drawn.
  await page.getByRole('radio', { name: swedish }).check({ force: true });
  const preview = page.getByRole('heading', { name: nb('publishing:preview.title') }).locator('..');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Från måndag' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Mer om depåerna' })).toHaveAttribute('href', 'https://www.example.com/depaer');
  await expectAccessible(page, 'the publishing editor');
  await shot(page, 'messages-editor');
  await page.getByRole('button', { name: nb('publishing:editor.publish') }).click();
  await expect(page).toHaveURL(/\/app\/global\/publishing\/\d+$/);
  await expect(page.getByText(nb('publishing:editor.saved'))).toBeVisible();
  await expect(page.getByText(nb('publishing:status.live'), { exact: true })).toBeVisible();
  await signOut(page, 'nb-NO');

  // lise works at a Swedish store: the message blocks the portal until she has read it.
  await signIn(page, 'lise');
  const block = page.getByRole('dialog', { name: title });
  await expect(block).toBeVisible();
  await expect(block.getByRole('heading', { name: 'Från måndag' })).toBeVisible();
  await expect(block.getByText('Uppsala öppnar 07:00')).toBeVisible();
  await expectAccessible(page, 'the must-read block');
  await shot(page, 'messages-block');
  await block.getByRole('button', { name: sv('shell:mustRead.confirm') }).click();
  await expect(block).toBeHidden();
  // Read once: it does not come back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lise');
  await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);

  // The help icon on Delivery opens the guides of Delivery.
  await page.goto('/app/delivery');
  await expect(page.getByRole('heading', { level: 1, name: sv('orders:lists.deliveries.title') })).toBeVisible();
  await page.getByRole('link', { name: sv('shell:help') }).click();
  await expect(page).toHaveURL(/\/app\/messages\/guides\?route=delivery$/);
  await expect(page.getByRole('heading', { level: 2, name: sv('news:guidesForRoute') })).toBeVisible();
  await expectAccessible(page, 'the guides of a page');
  await page.getByRole('link', { name: 'Så registrerar du en leverans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Så registrerar du en leverans' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Steg' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Skicka.' })).toBeVisible();
  await expectAccessible(page, 'a guide');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingCut(page.getByRole('main'), 'a guide at a phone’s width');
  await shot(page, 'messages-guide-phone');
});
