/**
 * Journeys: passwords (issue 9, "My profile and passwords"; docs/accounts.md).
 * - ole changes his password in My profile (a mismatch makes no call), signs out and signs in
 *   with the new one; his password is set back to the demo one at the end.
 * - A provider staff user nobody else's journey signs in as (erik.dahl) asks for a reset link on
 *   /forgot-password; the archive (read through the API as admin) shows the mail without the
 *   link's token, the link is read from the mail the user received (e2e/mail-catcher.ts);
 *   /reset-password takes a new password once, and the user signs in with it. An invalid link
 *   says so and offers a new one.
 * - mikko's reset link opens the page in Finnish, his language, in a browser that chose none.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  apiToken,
  dismissToast,
  expectAccessible,
  expectHtmlLang,
  expectNothingCut,
  mainMenu,
  PASSWORD,
  shot,
  signIn,
  signOut,
  test,
  text,
  useLocale,
} from './fixtures';
import { passwordLinkTo } from './mail';

const nb = (key: string, values: Record<string, string | number> = {}) => text('nb-NO', key, values);

/** Sets a user's password back to the demo one through the API (signed in with `current`). */
async function restorePassword(request: APIRequestContext, loginName: string, current: string): Promise<void> {
  const login = await request.post('/api/Login', { data: { userLoginName: loginName, password: current } });
  if (!login.ok()) return;
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const me = ((await (await request.get('/api/user', { headers })).json()) as { data: { id: number } }).data;
  const answer = await request.post('/api/userPassword', { headers, data: { userId: me.id, oldPassword: current, newPassword: PASSWORD } });
  expect(answer.ok(), `restore ${loginName}'s password`).toBe(true);
}

/** Signs in through the login form as any user, in Norwegian, and waits for the start page. */
async function signInAs(page: Page, loginName: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('textbox', { name: nb('public:login.username') }).fill(loginName);
  await page.getByLabel(nb('public:login.password')).fill(password);
  await page.getByRole('button', { name: nb('public:login.submit') }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(mainMenu(page, 'nb-NO')).toBeVisible();
}

test('ole changes his password in My profile and signs in with the new one', async ({ page, request }) => {
  test.setTimeout(150_000);
  const newPassword = 'fjelltur-2026';
  try {
    await signIn(page, 'ole');
    await page.getByRole('button', { name: nb('shell:userMenu.label'), exact: true }).click();
    await page.getByRole('menuitem', { name: nb('shell:userMenu.profile') }).click();
    const dialog = page.getByRole('dialog', { name: nb('accounts:profile.title') });
    await expect(dialog.getByRole('textbox', { name: nb('accounts:profile.name') })).toHaveValue('Ole Hansen');
    await expectAccessible(page, 'My profile');
    await expectNothingCut(dialog, 'My profile');
    await shot(page, 'profile');

    // The details save (and the top bar keeps working); the phone is put back right after.
    const phone = dialog.getByRole('textbox', { name: nb('accounts:profile.phone') });
    const phoneBefore = await phone.inputValue();
    await phone.fill('+47 900 00 001');
    await dialog.getByRole('button', { name: nb('accounts:profile.save') }).click();
    await dismissToast(page, nb('accounts:profile.saved'), 'nb-NO');
    await phone.fill(phoneBefore);
    await dialog.getByRole('button', { name: nb('accounts:profile.save') }).click();
    await dismissToast(page, nb('accounts:profile.saved'), 'nb-NO');
    await expect(dialog.getByRole('button', { name: nb('accounts:profile.save') })).toBeDisabled();

    const oldField = dialog.getByRole('textbox', { name: nb('accounts:password.old'), exact: true });
    const newField = dialog.getByRole('textbox', { name: nb('accounts:password.new'), exact: true });
    const confirmField = dialog.getByRole('textbox', { name: nb('accounts:password.confirm'), exact: true });
    await oldField.fill(PASSWORD);
    await newField.fill(newPassword);
    await confirmField.fill(`${newPassword}x`);
    // A mismatch is caught before any call.
    let calls = 0;
    page.on('request', (r) => {
      if (/\/api\/userPassword$/i.test(new URL(r.url()).pathname)) calls++;
    });
    await dialog.getByRole('button', { name: nb('accounts:password.submit') }).click();
    await expect(dialog.getByText(nb('accounts:password.mismatch'))).toBeVisible();
    expect(calls).toBe(0);
    await expectAccessible(page, 'My profile with a mismatch');

    await confirmField.fill(newPassword);
    await dialog.getByRole('button', { name: nb('accounts:password.submit') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: nb('accounts:password.changed') })).toBeVisible();
    expect(calls).toBe(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await signOut(page, 'nb-NO');

    // The old password no longer opens the portal; the new one does.
    await page.getByRole('textbox', { name: nb('public:login.username') }).fill('ole');
    await page.getByLabel(nb('public:login.password')).fill(PASSWORD);
    await page.getByRole('button', { name: nb('public:login.submit') }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await signInAs(page, 'ole', newPassword);
  } finally {
    await restorePassword(request, 'ole', newPassword);
  }
});

test('a user asks for a reset link, sets a new password with it once, and signs in', async ({ page, request }) => {
  test.setTimeout(150_000);
  const loginName = 'erik.dahl';
  const newPassword = 'nordlys-2026';
  await useLocale(page, 'nb-NO');
  try {
    await page.goto('/');
    await page.getByRole('link', { name: nb('public:login.forgotPassword') }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: nb('accounts:forgot.title') })).toBeVisible();
    await expectAccessible(page, 'forgot password');
    await page.getByRole('textbox', { name: nb('accounts:forgot.field') }).fill(loginName);
    await page.getByRole('button', { name: nb('accounts:forgot.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: nb('accounts:forgot.sent') })).toBeVisible();
    await expectAccessible(page, 'forgot password, sent');

    // The archive keeps the mail without the link's token (admin reads it); erik.dahl's inbox has the link.
    const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const archive = await request.get('/api/EmailArchive?topic=passwordReset&count=20', { headers: admin });
    const mails = ((await archive.json()) as { data: { items: { toUserName: string | null; toAddress: string; body: string }[] } }).data
      .items;
    const mail = mails.find((m) => m.toUserName === 'Erik Dahl');
    expect(mail?.body, 'the archived reset mail').toContain('/reset-password?token=…');
    const link = await passwordLinkTo(mail?.toAddress ?? '');

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: nb('accounts:reset.title') })).toBeVisible();
    await page.getByRole('textbox', { name: nb('accounts:reset.new'), exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: nb('accounts:reset.confirm'), exact: true }).fill('something-else');
    await page.getByRole('button', { name: nb('accounts:reset.submit') }).click();
    await expect(page.getByText(nb('accounts:reset.notEqual'))).toBeVisible();
    await expectAccessible(page, 'reset password');
    await shot(page, 'reset');
    await page.getByRole('textbox', { name: nb('accounts:reset.confirm'), exact: true }).fill(newPassword);
    await page.getByRole('button', { name: nb('accounts:reset.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: nb('accounts:reset.done', { loginName }) })).toBeVisible();

    // Used once: the same link is refused, with the way to a new one.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: nb('accounts:reset.invalid') })).toBeVisible();
    await expect(page.getByRole('link', { name: nb('accounts:reset.requestNew') })).toBeVisible();
    await expectAccessible(page, 'reset password, used link');

    await signInAs(page, loginName, newPassword);
  } finally {
    await restorePassword(request, loginName, newPassword);
  }
});

test('a mailed reset link opens its page in the recipient’s language, on a phone and a laptop', async ({ page, request }) => {
  // Nothing chosen in this browser: by its host (localhost) alone the page would be Danish.
  const asked = await request.post('/api/PasswordResetRequest', { data: { userLoginName: 'mikko' } });
  expect(asked.ok(), 'the reset request').toBe(true);
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const archive = await request.get('/api/EmailArchive?topic=passwordReset&count=20', { headers: admin });
  const mails = ((await archive.json()) as { data: { items: { toUserName: string | null; toAddress: string }[] } }).data.items;
  const mail = mails.find((m) => m.toUserName === 'Mikko Korhonen');
  // The link names mikko's language, the mail's own (issue 20); it is read from the mail he received.
  const link = await passwordLinkTo(mail?.toAddress ?? '');
  expect(link, "the reset link with mikko's language").toMatch(/&lang=fi-FI$/);

  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(link as string);
    await expectHtmlLang(page, 'fi-FI');
    await expect(page.getByRole('heading', { level: 1, name: text('fi-FI', 'accounts:reset.title') })).toBeVisible();
    await expect(page.getByRole('textbox', { name: text('fi-FI', 'accounts:reset.new'), exact: true })).toBeVisible();
    await shot(page, `reset-fi-${width}`);
    await expectAccessible(page, `the reset page in Finnish at ${width} px`);
    await expectNothingCut(page.locator('main'), `the reset page in Finnish at ${width} px`);
  }
  // The link's language is not stored as this browser's choice.
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
});
