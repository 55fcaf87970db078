/**
 * Journey: the shell's popups on first use (docs/performance.md). The start page is drawn
 * without the code of the user menu's dropdown, the alerts' popup and the help tooltip; each
 * arrives when first used. kari presses the bell while that code is still on its way: the popup
 * opens once it has arrived. She reaches the menu from the keyboard: the button keeps her focus
 * when the real menu takes the stand-in's place, Enter opens it, Escape gives the focus back.
 * Pointing at the help icon shows its tooltip. Once the help icon has brought the code, the bell
 * pointed at and clicked at once opens on that first click (issue 20).
 */
import { expect } from '@playwright/test';
import { escapeRegExp, expectAccessible, signIn, test, text } from './fixtures';

const nb = (key: string, values?: Record<string, string | number>) => text('nb-NO', key, values);

test('kari uses the shell’s popups with the mouse and the keyboard; their code arrives on first use', async ({ page }) => {
  // The popups' chunk is held back until the bell has been pressed.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/\/assets\/popups-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });

  await signIn(page, 'kari');
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const bell = header.getByRole('button', { name: new RegExp(`^${escapeRegExp(nb('shell:alerts.title'))}, \\d+ `) });
  await bell.click();
  const popup = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(nb('shell:alerts.title'))}`) });
  await expect(popup).toBeHidden();
  release();
  // The press that asked for the code opens the popup once it is there, with the focus in it.
  await expect(popup).toBeVisible();
  await expect.poll(() => popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(bell).toBeFocused();
  expect(asked).toHaveLength(1);

  // From the bell to the menu with Tab: the menu's button keeps the focus as it becomes the real one.
  await bell.focus();
  await page.keyboard.press('Tab');
  const menuButton = header.getByRole('button', { name: nb('shell:userMenu.label'), exact: true });
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: nb('shell:userMenu.profile') })).toBeVisible();
  await expectAccessible(page, 'the user menu opened from the keyboard');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // The help icon's tooltip when pointed at.
  await header.getByRole('link', { name: nb('shell:help') }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(nb('shell:help'));
  expect(asked).toHaveLength(1);
});

test('after pointing at the help icon, the first click on the bell opens the alerts', async ({ page }) => {
  await signIn(page, 'kari');
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The pointer on the help icon loads the popups' code and shows its tooltip.
  await header.getByRole('link', { name: nb('shell:help') }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(nb('shell:help'));
  // One click on the bell (issue 20: the first did nothing).
  await header.getByRole('button', { name: new RegExp(`^${escapeRegExp(nb('shell:alerts.title'))}, \\d+ `) }).click();
  const popup = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(nb('shell:alerts.title'))}`) });
  await expect(popup).toBeVisible();
  await expectAccessible(page, 'the alerts opened after the help icon');
});
