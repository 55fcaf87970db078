/**
 * Journeys of Global > Log and Global > Maintenance (issue 10; docs/global.md): admin changes a
 * user of his company, finds the change in the log and opens it (before and after side by
 * side); during a downtime window the public page shows the closed text with the reopening day
 * and time in Finnish, also at phone width; a host the portal has no configuration for shows
 * the old-page notice. The e2e server is shared: the downtime window is cancelled again at the
 * end, and the user is one of this run.
 */
import { expect } from '@playwright/test';
import { reopeningParams } from '../../packages/domain/src/downtime';
import { apiToken, dismissToast, expectAccessible, expectNothingCut, shot, signIn, submitLogin, test, text, useLocale } from './fixtures';
import { nb } from './order-steps';

test('admin changes a user and finds the change, before and after, in the log', async ({ page, request }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const token = await apiToken(request, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const status = (await (await request.get('/api/Status', { headers: auth })).json()) as {
    data: { status: { user: { locationId: number } } };
  };
  const created = await request.post('/api/Users', {
    headers: auth,
    data: {
      name: `Loggtest ${run}`,
      loginName: `e2e.log.${run}`,
      phone: '',
      email: `e2e.log.${run}@example.com`,
      language: 'nb-NO',
      isActive: true,
      locationId: status.data.status.user.locationId,
      secondaryLocationIds: [],
      roleIds: [],
      isGlobalAdmin: false,
      isCustomerAdmin: false,
      isSupport: false,
      supportCustomer: false,
      supportLocation: false,
      reportLevel: 0,
      financeReport: false,
      standardDraft: false,
      tasks: [],
      notifications: { autoCommit: false, deviation: false, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    },
  });
  expect(created.ok(), 'the user of this run').toBe(true);

  await signIn(page, 'admin');
  await page.goto('/app/company/users');
  await page.getByRole('button', { name: `Loggtest ${run}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: nb('companyUsers:user.editTitle', { name: `Loggtest ${run}` }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: new RegExp(`^${nb('companyUsers:user.name')}`) }).fill(`Loggtest Endret ${run}`);
  await dialog.getByRole('button', { name: nb('companyUsers:user.save') }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/app/global/log');
  await expect(page.getByRole('heading', { level: 1, name: nb('log:log.title') })).toBeVisible();
  await page.getByRole('textbox', { name: nb('log:log.filters.text') }).fill(`Loggtest Endret ${run}`);
  await expect(page.getByText(nb('log:log.count_one', { count: 1, shown: 1 }))).toBeVisible();
  await shot(page, 'global-log');
  await expectAccessible(page, 'the log');
  await expectNothingCut(page.locator('main'), 'the log');
  await page
    .getByRole('link', { name: nb('log:log.kinds.adminChange') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/global\/log\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('log:log.kinds.adminChange') })).toBeVisible();
  const changes = page.getByRole('table', { name: nb('log:log.entry.changes') });
  // Each field as the user dialog names it, not its raw name (issue 20: loginName, locationId).
  const nameRow = changes
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: new RegExp(`^${nb('companyUsers:user.name')}`) }) });
  await expect(nameRow.getByRole('cell').nth(1)).toHaveText(`Loggtest ${run}`);
  await expect(nameRow.getByRole('cell').nth(2)).toHaveText(`Loggtest Endret ${run}`);
  const loginRow = changes
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: nb('companyUsers:user.loginName'), exact: true }) });
  await expect(loginRow.getByRole('cell').nth(1)).toHaveText(`e2e.log.${run}`);
  for (const raw of ['loginName', 'locationId', 'isCustomerAdmin', 'secondaryLocationIds'])
    await expect(changes.getByRole('cell', { name: raw, exact: true })).toHaveCount(0);
  await shot(page, 'global-log-row');
  await expectAccessible(page, 'a log row');
});

test('the public page says in Finnish when the portal opens again during a downtime window', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const endsAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 3_600_000) * 3_600_000).toISOString();
  const scheduled = await request.post('/api/Downtimes', {
    headers: auth,
    data: { startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt },
  });
  expect(scheduled.ok(), 'the window').toBe(true);
  const { id } = ((await scheduled.json()) as { data: { id: number } }).data;
  try {
    await useLocale(page, 'fi-FI');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const end = reopeningParams('fi-FI', endsAt);
    const notice = page.getByRole('alert').filter({ hasText: text('fi-FI', 'log:public.closedTitle') });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text('fi-FI', 'log:public.closedText', end));
    await expect(notice).toContainText(/maanantaina|tiistaina|keskiviikkona|torstaina|perjantaina|lauantaina|sunnuntaina/);
    await shot(page, 'downtime-fi-375');
    await expectAccessible(page, 'the public page during a downtime window');
    await expectNothingCut(page.locator('main'), 'the public page during a downtime window');

    // A global admin still signs in, finds the window in force under Maintenance and ends it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await submitLogin(page, 'admin');
    await page.goto('/app/global/maintenance');
    await expect(page.getByRole('heading', { level: 1, name: nb('log:maintenance.title') })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: nb('log:maintenance.states.active') });
    await expect(row).toHaveCount(1);
    await shot(page, 'maintenance');
    await expectAccessible(page, 'the maintenance page');
    await expectNothingCut(page.locator('main'), 'the maintenance page');
    await row.getByRole('button', { name: new RegExp(`^${nb('log:maintenance.cancelLabel', { start: '' })}`) }).click();
    await dismissToast(page, nb('log:maintenance.cancelled'), 'nb-NO');
    await expect(page.getByRole('row').filter({ hasText: nb('log:maintenance.states.active') })).toHaveCount(0);
  } finally {
    // Open again for the other journeys, whatever happened (409: cancelled by the journey already).
    const cancelled = await request.post('/api/DowntimeCancel', { headers: auth, data: { id } });
    expect([200, 409], 'the window cancelled').toContain(cancelled.status());
  }
});

test('a host without configuration shows the old-page notice linking to the portal', async ({ page }) => {
  await useLocale(page, 'sv-SE');
  // The e2e server serves every host (PORTAL_HOSTS unset): its answer is changed as an unknown host's would be.
  await page.route('**/api/Status', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { data: { ...body.data, hostConfigured: false, portalUrl: 'https://portal.example.no' } } });
  });
  await page.goto('/');
  await expect(page.getByText(text('sv-SE', 'log:public.oldTitle'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('sv-SE', 'log:public.oldLink') })).toHaveAttribute('href', 'https://portal.example.no');
  await expect(page.getByRole('button', { name: text('sv-SE', 'public:login.submit') })).toHaveCount(0);
  await shot(page, 'old-page-sv');
  await expectAccessible(page, 'the old-page notice');
});
