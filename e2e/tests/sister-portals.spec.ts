/**
 * Journey: the sister portals in the top bar (issue 11 "Sister portals"; spec section 2 "Shell",
 * section 7 "InterCompany"; docs/domain.md, "Sister portals"). kari has accounts on the Swedish
 * and the Danish portal (the demo data): their links hand her sign-in over with a one-time token
 * (`/app?auth=<token>`, which the other portal exchanges with POST LoginHandover); the Finnish
 * one is a plain link. The external portal is never reached: the journey answers its address
 * itself and looks at the request the click made.
 */
import { expect } from '@playwright/test';
import { expectAccessible, signIn, test } from './fixtures';
import { nb } from './order-steps';

test('kari opens the Swedish sister portal signed in; the Finnish one is a plain link', async ({ page, request }) => {
  // The sister portals' addresses (demo-data/reference.ts) answered here, never on the network.
  const opened: string[] = [];
  await page.route('https://portal.nordicpalletpool.se/**', async (route) => {
    opened.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="sv"><title>Portal</title><p>Portal</p></html>',
    });
  });
  await signIn(page, 'kari');
  const links = page.getByRole('list', { name: nb('shell:interCompany.label') });
  await expect(links.getByRole('link')).toHaveText([
    nb('shell:interCompany.countries.SE'),
    nb('shell:interCompany.countries.DK'),
    nb('shell:interCompany.countries.FI'),
  ]);
  // Where she has an account the link says it opens signed in; the Finnish one is the portal's front page.
  const sweden = links.getByRole('link', { name: nb('shell:interCompany.countries.SE') });
  await expect(sweden).toHaveAttribute('title', nb('shell:interCompany.signedIn'));
  const finland = links.getByRole('link', { name: nb('shell:interCompany.countries.FI') });
  await expect(finland).toHaveAttribute('href', 'https://portal.nordicpalletpool.fi');
  await expect(finland).not.toHaveAttribute('title', /./);
  await expectAccessible(page, 'the start page with the sister portals');

  const [handover] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/HandoverToken'),
    sweden.click(),
  ]);
  expect(handover.status()).toBe(200);
  await expect(page).toHaveURL(/^https:\/\/portal\.nordicpalletpool\.se\/app\?auth=/);
  expect(opened).toHaveLength(1);
  const auth = new URL(opened[0] ?? '').searchParams.get('auth') ?? '';
  expect(auth).not.toBe('');
  // The token is a hand-over token of kari's sign-in: the other portal exchanges it once.
  const exchanged = await request.post('/api/LoginHandover', { data: { auth } });
  expect(exchanged.status()).toBe(200);
  expect(((await exchanged.json()) as { data: { status: { loginUser: { loginName: string } } } }).data.status.loginUser.loginName).toBe(
    'kari',
  );
});

test('ole, without sister-portal accounts, gets plain links only', async ({ page }) => {
  await signIn(page, 'ole');
  const links = page.getByRole('list', { name: nb('shell:interCompany.label') }).getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveAttribute('href', 'https://portal.nordicpalletpool.se');
  for (const link of await links.all()) await expect(link).not.toHaveAttribute('title', /./);
});
