/**
 * Journeys: balance confirmation rounds (issue 22, "a provider's confirmation round confirmed by
 * one customer and disputed by another"). The global admin starts a round for three customers
 * under Global > Confirmations; kari's accounts department opens the mailed link on a phone (no
 * sign-in) and confirms its closing balances with a name; mikko's disputes a line with its own
 * figure and a comment through its link, and is shown the next step (the statement of its
 * location, Reports > Disputes); the admin's round page shows one confirmed, one disputed (the
 * line and the comment) and reminds the one that has not answered. Then the same in Swedish at
 * phone width: the rounds list, a round, the link disputed and the round's page. axe on each
 * screen.
 */
import { expect, type Page } from '@playwright/test';
import { apiToken, escapeRegExp, expectAccessible, expectNothingCut, type Locale, signIn, test, text, useLocale } from './fixtures';
import { confirmationLinkTo } from './mail';
import { nb } from './order-steps';

/** The start of a text whose end holds placeholders (a label naming a product). */
const startOf = (locale: Locale, key: string) => new RegExp(`^${escapeRegExp(text(locale, key).split('{{')[0] as string)}`);

/** Starts a round named `name` for `customers` on Global > Confirmations in `locale`; waits for its page. */
async function startRound(page: Page, locale: Locale, name: string, customers: string[]) {
  const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
  await page.goto('/app/global/confirmations');
  await expect(page.getByRole('heading', { level: 1, name: t('confirmations:rounds.title') })).toBeVisible();
  await page.getByRole('textbox', { name: t('confirmations:rounds.name') }).fill(name);
  const field = page.getByLabel(t('confirmations:rounds.customers'), { exact: false }).first();
  for (const customer of customers) {
    await field.fill(customer.split(' ')[0] as string);
    await page.getByRole('option', { name: customer }).click();
  }
  await page.keyboard.press('Escape');
  await expectAccessible(page, `confirmation rounds (${locale})`);
  await page.getByRole('button', { name: t('confirmations:rounds.start') }).click();
  await expect(page).toHaveURL(/\/app\/global\/confirmations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Disputes the first line of an open link in `locale`: the figure `figure`, a comment and a name; waits for the answer. */
async function disputeFirstLine(page: Page, locale: Locale, figure: string, comment: string, name: string) {
  const t = (key: string) => text(locale, key);
  await page.getByRole('radio', { name: t('confirmations:link.dispute') }).check();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('spinbutton', { name: startOf(locale, 'confirmations:link.lines.yours') }).fill(figure);
  await page.getByRole('textbox', { name: t('confirmations:link.comment') }).fill(comment);
  await page.getByRole('textbox', { name: t('confirmations:link.name') }).fill(name);
  await page.getByRole('button', { name: t('confirmations:link.sendDispute') }).click();
  await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
  // The line disputed: its product, the balance shown and the figure given.
  await expect(page.getByRole('table', { name: t('confirmations:link.lines.caption') }).getByRole('row')).toHaveCount(2);
  // The next step: the statement of the location for the year up to the round's day, and Reports > Disputes.
  await expect(page.getByRole('heading', { level: 2, name: t('confirmations:link.next.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: startOf(locale, 'confirmations:link.next.statement') }).first()).toHaveAttribute(
    'href',
    /^\/app\/statements\?location=\d+&from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}$/,
  );
  await expect(page.getByRole('link', { name: t('confirmations:link.next.disputes') })).toHaveAttribute('href', '/app/disputes');
}

test('a round confirmed by one customer and disputed by another; the silent one is reminded', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const name = `Årsslutt ${Date.now()}`;
  await startRound(page, 'nb-NO', name, ['Fjordland Dagligvare AS', 'Pohjolan Tukku Oy', 'Tinde Bryggeri AS']);
  await expect(page.getByRole('button', { name: nb('confirmations:round.remind_other', { count: 3 }) })).toBeEnabled();

  // kari's customer mails its statements to its accounts department (the demo's setting): the link goes there.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const phone = await phoneContext.newPage();
  await phone.goto(await confirmationLinkTo('regnskap@'));
  await expect(phone.getByRole('heading', { level: 1, name: /Fjordland Dagligvare AS/ })).toBeVisible();
  await expect(phone.getByRole('heading', { level: 2, name: 'Fjordland Dagligvare Alnabru', exact: true })).toBeVisible();
  await expectAccessible(phone, 'confirmation link (phone)');
  // The public pages speak the host's language: Danish on localhost (spec section 1).
  const da = (key: string) => text('da-DK', key);
  await phone.getByRole('textbox', { name: da('confirmations:link.name') }).fill('Kari Nordmann');
  await phone.getByRole('button', { name: da('confirmations:link.sendConfirm') }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Kari Nordmann' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: da('confirmations:link.next.title') })).toHaveCount(0);
  await phoneContext.close();

  // mikko's customer (Pohjolan Tukku Oy) mails to its bookkeeping, and reads the link in Finnish.
  const finnishContext = await browser.newContext({ reducedMotion: 'reduce' });
  const finnish = await finnishContext.newPage();
  await useLocale(finnish, 'fi-FI');
  await finnish.goto(await confirmationLinkTo('kirjanpito@'));
  await expect(finnish.getByRole('heading', { level: 1, name: /Pohjolan Tukku Oy/ })).toBeVisible();
  await disputeFirstLine(finnish, 'fi-FI', '987654', 'Vantaan lavasaldo on kirjanpitomme mukaan eri', 'Mikko Korhonen');
  await expectAccessible(finnish, 'confirmation link disputed (fi-FI)');
  await finnishContext.close();

  await page.reload();
  const row = (customer: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: customer }) });
  await expect(row('Fjordland Dagligvare AS')).toContainText(nb('confirmations:status.confirmed'));
  await expect(row('Fjordland Dagligvare AS')).toContainText('Kari Nordmann');
  const disputed = row('Pohjolan Tukku Oy');
  await expect(disputed).toContainText(nb('confirmations:status.disputed'));
  await expect(disputed).toContainText('Vantaan lavasaldo on kirjanpitomme mukaan eri');
  await expect(disputed).toContainText(nb('confirmations:round.lines_one', { count: 1 }));
  await expect(disputed).toContainText('987');
  await expect(disputed).toContainText(nb('confirmations:round.disputes_zero'));
  await expect(row('Tinde Bryggeri AS')).toContainText(nb('confirmations:status.pending'));
  await expectAccessible(page, 'confirmation round answered');
  await page.getByRole('button', { name: nb('confirmations:round.remind_one', { count: 1 }) }).click();
  await expect(page.getByText(nb('confirmations:round.reminded_one', { count: 1 }))).toBeVisible();
  await expectAccessible(page, 'confirmation round');
});

test.describe('in Swedish at phone width', () => {
  // The admin's stored language is Norwegian; whatever happens in the journey, it is Norwegian again after it.
  test.afterEach(async ({ request }) => {
    const token = await apiToken(request, 'admin');
    await request.post('/api/Language', { data: { language: 'nb-NO' }, headers: { authorization: `Bearer ${token}` } });
  });

  test('the rounds, a round and its link read in Swedish on a phone', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const sv = (key: string, values?: Record<string, string | number>) => text('sv-SE', key, values);
    const token = await apiToken(request, 'admin');
    expect((await request.post('/api/Language', { data: { language: 'sv-SE' }, headers: { authorization: `Bearer ${token}` } })).ok()).toBe(
      true,
    );
    // Signed in at desktop width (the menu is a list there), then a phone's.
    await signIn(page, 'admin', { locale: 'sv-SE' });
    await page.setViewportSize({ width: 390, height: 844 });
    const name = `Bokslut ${Date.now()}`;
    await startRound(page, 'sv-SE', name, ['Handelshuset Norden AB']);
    await expectAccessible(page, 'confirmation round (sv-SE, phone)');
    await expectNothingCut(page.getByRole('main'), 'confirmation round (sv-SE, phone)');
    // Where the link went: the round's "Link sent to" column.
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Handelshuset Norden AB' }) });
    const address = ((await row.getByRole('cell').nth(2).textContent()) ?? '').split(',')[0]?.trim() ?? '';
    expect(address).toContain('@');

    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const phone = await phoneContext.newPage();
    await useLocale(phone, 'sv-SE');
    await phone.goto(await confirmationLinkTo(address.toLowerCase()));
    await expect(phone.getByRole('heading', { level: 1, name: /Handelshuset Norden AB/ })).toBeVisible();
    await expectAccessible(phone, 'confirmation link (sv-SE, phone)');
    await phone.getByRole('radio', { name: sv('confirmations:link.dispute') }).check();
    await expectAccessible(phone, 'confirmation link, dispute form (sv-SE, phone)');
    await disputeFirstLine(phone, 'sv-SE', '4321', 'Vårt lager räknar 4 321 pallar', 'Lise Andersson');
    await expectAccessible(phone, 'confirmation link disputed (sv-SE, phone)');
    await expectNothingCut(phone.getByRole('main'), 'confirmation link disputed (sv-SE, phone)');
    await phoneContext.close();

    await page.reload();
    await expect(row).toContainText(sv('confirmations:status.disputed'));
    await expect(row).toContainText(sv('confirmations:round.lines_one', { count: 1 }));
    await expectAccessible(page, 'confirmation round disputed (sv-SE, phone)');
  });
});
