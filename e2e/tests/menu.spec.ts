/**
 * Journey: every demo user signs in and sees the menu spec section 6 gives them (the items of
 * `menuItems()` in @portal/domain for the user's session, in the user's language, numbered with
 * their Alt+number shortcut), the menu dropdown with My company / Admin only for the admins who
 * may use them, and Alt+2 opens the second item.
 */
import { expect, type Page } from '@playwright/test';
import { type MenuContext, menuItems } from '../../packages/domain/src/menu';
import {
  DEMO_USERS,
  type DemoUser,
  escapeRegExp,
  expectAccessible,
  type Locale,
  mainMenu,
  signIn,
  storedToken,
  test,
  text,
} from './fixtures';

/** The parts of GET Status the menu depends on. */
interface StatusForMenu {
  user: { tasks: string[]; isGlobalAdmin: boolean; isCustomerAdmin: boolean };
  location: {
    isPooling: boolean;
    isCommission: boolean;
    isReturnScheme: boolean;
    isDispatch: boolean;
    isContainerActive: boolean;
  } | null;
}

/** The menu spec section 6 gives the signed-in user, computed from the session the server reports. */
async function expectedMenu(page: Page) {
  const answer = await page.request.get('/api/Status', { headers: { authorization: `Bearer ${await storedToken(page)}` } });
  expect(answer.ok()).toBe(true);
  const status = ((await answer.json()) as { data: { status: StatusForMenu } }).data.status;
  const context: MenuContext = {
    tasks: status.user.tasks as MenuContext['tasks'],
    isGlobalAdmin: status.user.isGlobalAdmin,
    isCustomerAdmin: status.user.isCustomerAdmin,
    location: status.location,
  };
  return menuItems(context);
}

/** What each demo user must (and must not) find in the menu row and the dropdown, beyond the computed menu. */
const expectations: Record<DemoUser, { menu: string[]; notInMenu: string[]; dropdown: string[]; notInDropdown: string[] }> = {
  // Global admin at the Oslo depot (pooling, container feature): Admin, My company and the counts to confirm in the dropdown.
  admin: {
    menu: ['menu.orders', 'menu.dispatch', 'menu.container'],
    notInMenu: ['menu.buy', 'menu.sell'],
    dropdown: ['userMenu.admin', 'userMenu.company', 'userMenu.countsToConfirm'],
    notInDropdown: [],
  },
  // Customer admin of a pooling wholesaler: Orders/Dispatch labels, My company, no Admin.
  kari: {
    menu: ['menu.orders', 'menu.dispatch', 'menu.delivery'],
    notInMenu: ['menu.buy', 'menu.sell', 'menu.container'],
    dropdown: ['userMenu.company'],
    notInDropdown: ['userMenu.admin', 'userMenu.countsToConfirm'],
  },
  // User at a pooling supplier location: neither My company nor Admin.
  ole: {
    menu: ['menu.orders', 'menu.dispatch'],
    notInMenu: ['menu.buy', 'menu.sell', 'menu.expedition'],
    dropdown: ['userMenu.profile'],
    notInDropdown: ['userMenu.company', 'userMenu.admin'],
  },
  // Returns-scheme store: Orders/Buy and Dispatch/Sell hidden, Delivery and Expedition shown.
  lise: {
    menu: ['menu.delivery', 'menu.expedition'],
    notInMenu: ['menu.orders', 'menu.buy', 'menu.dispatch', 'menu.sell'],
    dropdown: ['userMenu.profile'],
    notInDropdown: ['userMenu.company', 'userMenu.admin'],
  },
  // Dispatch location with the container feature: Expedition and Container.
  mikko: {
    menu: ['menu.orders', 'menu.expedition', 'menu.container'],
    notInMenu: ['menu.buy'],
    dropdown: ['userMenu.profile'],
    notInDropdown: ['userMenu.company', 'userMenu.admin'],
  },
};

/** A menu link's name: its label, then any badge ("Levering 10 uenigheter"). */
const linkName = (label: string) => new RegExp(`^${escapeRegExp(label)}(?:\\s|$)`);

for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
  test(`${user} sees the menu of spec section 6 and Alt+2 opens its second item`, async ({ page }) => {
    const locale: Locale = DEMO_USERS[user].locale;
    const t = (key: string) => text(locale, `shell:${key}`);
    await signIn(page, user);
    await expectAccessible(page, `${user}: start page`);

    const expected = await expectedMenu(page);
    const menu = mainMenu(page, locale);
    const links = menu.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    for (const [index, item] of expected.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(linkName(t(item.labelKey)));
      await expect(links.nth(index)).toHaveAttribute('aria-keyshortcuts', `Alt+${index + 1}`);
      await expect(links.nth(index)).toHaveAttribute('href', `/app/${item.path}`);
    }
    // Startpage first and Support last, always (spec section 6).
    await expect(links.first()).toHaveAccessibleName(linkName(t('menu.home')));
    await expect(links.last()).toHaveAccessibleName(linkName(t('menu.support')));
    for (const key of expectations[user].menu) await expect(menu.getByRole('link', { name: linkName(t(key)) })).toHaveCount(1);
    for (const key of expectations[user].notInMenu) await expect(menu.getByRole('link', { name: linkName(t(key)) })).toHaveCount(0);

    // The menu dropdown: My company for customer admins, Admin for global admins.
    await page.getByRole('button', { name: t('userMenu.label'), exact: true }).click();
    const dropdown = page.getByRole('menu');
    await expect(dropdown.getByRole('menuitem', { name: t('userMenu.profile') })).toBeVisible();
    for (const key of expectations[user].dropdown) await expect(dropdown.getByRole('menuitem', { name: t(key) })).toBeVisible();
    for (const key of expectations[user].notInDropdown) await expect(dropdown.getByRole('menuitem', { name: t(key) })).toHaveCount(0);
    await expectAccessible(page, `${user}: menu dropdown`);
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();

    // Alt+2 opens the second item, which becomes the current page.
    const second = expected[1];
    if (!second) throw new Error(`${user} has fewer than two menu items`);
    await page.keyboard.press('Alt+2');
    await expect(page).toHaveURL(new RegExp(`/app/${escapeRegExp(second.path)}$`));
    await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `${user}: ${second.path} (Alt+2)`);

    // And Alt+1 back to the start page.
    await page.keyboard.press('Alt+1');
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(links.first()).toHaveAttribute('aria-current', 'page');
  });
}
