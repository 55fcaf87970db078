/**
 * Journey: the orders area in the two languages with the longest words (Swedish, Finnish), on
 * a desktop and on a phone (390 px). kari opens the orders list (toolbar and grid), the new
 * purchase dialog, and the new scheduled order dialog: no label, column header, button or
 * chosen value (the phone's menu select too) is cut off, and on the desktop no field label wraps (a wrapped label or required
 * asterisk pushes its input out of line).
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, expectAccessible, expectNothingCut, type Locale, shot, signIn, test, text } from './fixtures';

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Stores `locale` as kari's language (the language she signs in to). */
async function setKariLanguage(request: Parameters<typeof apiToken>[0], locale: Locale): Promise<void> {
  const token = await apiToken(request, 'kari');
  const answer = await request.post('/api/Language', { data: { language: locale }, headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
}

/** Opens a dialog with the button `button`, checks it, closes it with Escape. */
async function checkDialog(page: Page, locale: Locale, button: string, title: string, label: string, desktop: boolean) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The products and the car type have loaded.
  await expect(dialog.getByRole('spinbutton').first()).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: text(locale, 'orders:truck.label') })).not.toHaveValue('');
  await expectNothingCut(dialog, label, { oneLineLabels: desktop });
  await shot(page, label.replaceAll(' ', '-'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('kari in Swedish and Finnish', () => {
  // kari's stored language is Norwegian; it is Norwegian again after each journey.
  test.afterEach(async ({ request }) => setKariLanguage(request, 'nb-NO'));

  for (const locale of ['sv-SE', 'fi-FI'] as const) {
    test(`the orders list, the order dialog and the scheduled order dialog fit in ${locale} on a desktop and a phone`, async ({
      page,
      request,
    }) => {
      await setKariLanguage(request, locale);
      await signIn(page, 'kari', { locale });
      for (const size of SIZES) {
        const desktop = size.name === 'desktop';
        await page.setViewportSize({ width: size.width, height: size.height });
        const at = `${locale}, ${size.name}`;

        await page.goto('/app/orders');
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1, name: text(locale, 'orders:list.title') })).toBeVisible();
        await expect(
          main
            .getByRole('table', { name: text(locale, 'orders:list.gridLabel') })
            .getByRole('row')
            .nth(3),
        ).toBeVisible();
        await expectNothingCut(main, `orders list ${at}`, { oneLineLabels: desktop });
        if (desktop) await expectAccessible(page, `orders list ${at}`);
        await shot(page, `orders-list-${locale}-${size.name}`);
        await checkDialog(
          page,
          locale,
          text(locale, 'orders:list.new.purchase'),
          text(locale, 'orders:dialog.title.purchase'),
          `purchase dialog ${at}`,
          desktop,
        );

        await page.goto('/app/orders/scheduled');
        await expect(main.getByRole('heading', { level: 1, name: text(locale, 'orders:scheduled.title') })).toBeVisible();
        await expectNothingCut(main, `scheduled orders ${at}`);
        // On a phone the menu is a select showing the page's name ("Återkommande order").
        await expectNothingCut(page.getByRole('banner'), `the menu on scheduled orders ${at}`);
        await checkDialog(
          page,
          locale,
          text(locale, 'orders:scheduled.new'),
          text(locale, 'orders:scheduled.newTitle'),
          `scheduled order dialog ${at}`,
          desktop,
        );
      }
    });
  }
});
