/**
 * Journeys: the environment figures (spec section 9, "Widgets: environment"; spec section 2,
 * the public calculators). kari's start page shows the last 12 months of fill degree, reuse
 * degree and CO2 saved as a chart with a text alternative and a table; a visitor, signed in or
 * not, works out the CO2 and the waste pooling saves with the calculators, the method's sources
 * named on the page. Expected figures come from the method itself (poolingEffect).
 */
import { expect, type Page } from '@playwright/test';
import { poolingEffect } from '../../packages/domain/src/environment';
import { expectAccessible, expectHtmlLang, expectNothingCut, type Locale, shot, signIn, test, text, useLocale } from './fixtures';

/** A mass as the calculators show it (formatMass of the web app), formatted by the browser's Intl. */
async function mass(page: Page, kg: number, locale: Locale): Promise<string> {
  return page.evaluate(
    ([value, lng]) =>
      Math.abs(value) >= 1000
        ? `${new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000)}\u00a0t`
        : `${new Intl.NumberFormat(lng, { maximumFractionDigits: 0 }).format(value)}\u00a0kg`,
    [kg, locale] as const,
  );
}

/** The number input of a carrier type, by its name in `locale`. */
const carrierInput = (page: Page, locale: Locale, code: string) =>
  page.getByRole('spinbutton', { name: new RegExp(`^${text(locale, `messages:products.carrier.${code}`)}`) });

test('kari reads the last 12 months of fill degree, reuse degree and CO2 saved on her start page', async ({ page }) => {
  await signIn(page, 'kari');
  const locale: Locale = 'nb-NO';
  const widget = page.getByRole('region', { name: text(locale, 'home:environment.title') });
  await expect(widget).toBeVisible();
  await expect(widget.getByText(text(locale, 'home:environment.period', { months: 12 }))).toBeVisible();
  for (const key of ['co2Saved', 'reuseDegree', 'fillDegree'])
    await expect(widget.getByText(text(locale, `home:environment.${key}`)).first()).toBeVisible();
  // The chart is an image whose text alternative sums up the months.
  const chart = widget.getByRole('img', {
    name: /^Diagram over de siste 12 månedene\. Spart CO₂: .+ t\. Gjenbruksgrad: .+ %\. Fyllingsgrad: .+ %\./,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, 'environment-widget');
  await expectAccessible(page, 'start page with the environment widget');

  // The same months as a table, for everyone who would rather read figures.
  const toggle = widget.getByRole('button', { name: text(locale, 'home:environment.showTable') });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const table = widget.getByRole('table', { name: text(locale, 'home:environment.tableCaption') });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('columnheader', { name: text(locale, 'home:environment.carriersMoved') })).toBeVisible();
  // Percentages with one decimal (spec section 9).
  await expect(table.getByRole('cell', { name: /^\d{1,3},\d\s%$/ }).first()).toBeVisible();
  await expect(widget.getByRole('button', { name: text(locale, 'home:environment.hideTable') })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'start page with the environment table open');
  // On a phone the widget stacks its figures, and the table scrolls sideways within the card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart).toBeVisible();
  await expectNothingCut(widget, 'the environment widget at 390 px');
  await expectAccessible(page, 'start page with the environment table at 390 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  // "How it is calculated" opens the public calculator with the method and its sources.
  await widget.getByRole('link', { name: text(locale, 'home:environment.method') }).click();
  await expect(page).toHaveURL(/\/environment-calculator$/);
  await expect(page.getByRole('heading', { name: text(locale, 'environment:method.title') })).toBeVisible();
});

test('a visitor works out the CO2 pooling saves, in Swedish, and takes the numbers on to the waste calculator', async ({ page }) => {
  const locale: Locale = 'sv-SE';
  await useLocale(page, locale);
  await page.goto('/environment-calculator');
  await expectHtmlLang(page, locale);
  await expect(page).toHaveTitle(new RegExp(`^${text(locale, 'titles.environmentCalculator')} \\|`));
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'titles.environmentCalculator') })).toBeVisible();
  await expect(page.getByText(text(locale, 'environment:calculator.empty'))).toBeVisible();
  await expectAccessible(page, 'environment calculator, empty, Swedish');

  await carrierInput(page, locale, 'EUR').fill('12000');
  await carrierInput(page, locale, 'CRATE').fill('40000');
  await carrierInput(page, locale, 'PLF').fill('3000');
  await carrierInput(page, locale, 'PLF').blur();
  const effect = poolingEffect({ EUR: 12_000, CRATE: 40_000, PLF: 3_000 });
  const result = page.getByRole('region', { name: text(locale, 'environment:co2.resultTitle') });
  await expect(
    result.getByText(text(locale, 'environment:co2.amount', { mass: await mass(page, effect.co2SavedKg, locale) })),
  ).toBeVisible();
  const rows = result.getByRole('table', { name: text(locale, 'environment:co2.tableCaption') }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: text(locale, 'messages:products.carrier.EUR') })).toContainText(
    await mass(page, 12_000 * 4.75, locale),
  );
  // The numbers stay in the address, to share or bookmark.
  await expect(page).toHaveURL(/EUR=12000/);
  // The method names its source.
  await expect(page.getByRole('link', { name: 'doi.org/10.1051/e3sconf/202015803001' })).toBeVisible();
  await shot(page, 'environment-calculator-swedish');
  await expectAccessible(page, 'environment calculator with results, Swedish');

  await page.getByRole('link', { name: text(locale, 'environment:co2.toWaste') }).click();
  await expect(page).toHaveURL(/\/construction-waste-calculator\?.*EUR=12000/);
  await expect(carrierInput(page, locale, 'CRATE')).toHaveValue('40000');
  await expect(page.getByRole('region', { name: text(locale, 'environment:waste.resultTitle') })).toContainText(
    await mass(page, effect.wasteAvoidedKg, locale),
  );
});

test('a visitor on a phone works out the construction waste pooling avoids, in Finnish', async ({ page }) => {
  const locale: Locale = 'fi-FI';
  await page.setViewportSize({ width: 390, height: 844 });
  await useLocale(page, locale);
  await page.goto('/construction-waste-calculator');
  await expectHtmlLang(page, locale);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'titles.constructionWasteCalculator') })).toBeVisible();

  const eur = carrierInput(page, locale, 'EUR');
  await eur.fill('1000');
  await carrierInput(page, locale, 'CONT').fill('50');
  await eur.focus();
  await page.keyboard.press('ArrowUp');
  const effect = poolingEffect({ EUR: 1001, CONT: 50 });
  const result = page.getByRole('region', { name: text(locale, 'environment:waste.resultTitle') });
  await expect(result.getByText(await mass(page, effect.wasteAvoidedKg, locale), { exact: true })).toBeVisible();
  const wood = effect.oneWayWaste.wood - effect.pooledWaste.wood;
  await expect(result.getByText(text(locale, 'environment:waste.wood', { mass: await mass(page, wood, locale) }))).toBeVisible();
  await expect(
    result.getByText(text(locale, 'environment:waste.cardboard', { mass: await mass(page, effect.oneWayWaste.cardboard, locale) })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: text(locale, 'environment:method.title') })).toBeVisible();
  await expect(page.getByText(/Deviatkin, I\. & Horttanainen, M\. \(2020\)/)).toBeVisible();
  await expectNothingCut(page.locator('main'), 'construction waste calculator at 390 px, Finnish');
  await shot(page, 'construction-waste-calculator-finnish-phone');
  await expectAccessible(page, 'construction waste calculator at 390 px, Finnish');

  // Clearing empties the form and the result.
  await page.getByRole('button', { name: text(locale, 'environment:calculator.clear') }).click();
  await expect(eur).toHaveValue('');
  await expect(result.getByText(text(locale, 'environment:calculator.empty'))).toBeVisible();
});
