/**
 * Journey: the alerts bell (spec section 2, "Shell"; section 4). mikko, who reads Finnish, sees
 * the bell's unread count whole on the bell (nothing of the header is cut off, also at a phone's
 * width), opens the bell and reads the provider's system notice of planned maintenance in Finnish.
 */
import { expect } from '@playwright/test';
import { escapeRegExp, expectAccessible, expectNothingCut, signIn, test, text } from './fixtures';

const fi = (key: string, values?: Record<string, string | number>) => text('fi-FI', key, values);

test('mikko sees the unread count whole and reads the maintenance notice in Finnish', async ({ page }) => {
  await signIn(page, 'mikko');
  const header = page.getByRole('banner');
  const bell = header.getByRole('button', { name: new RegExp(`^${escapeRegExp(fi('shell:alerts.title'))}, \\d+ `) });
  await expect(bell).toBeVisible();
  await expectNothingCut(header, 'the shell header');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNothingCut(header, 'the shell header at a phone’s width');
  await page.setViewportSize({ width: 1280, height: 720 });

  await bell.click();
  const popup = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(fi('shell:alerts.title'))}`) });
  // Its title (unread, so marked as such for screen readers) and its text.
  await expect(popup.getByText(`Suunniteltu huoltokatko (${fi('shell:alerts.unread')})`, { exact: true })).toBeVisible();
  await expect(popup.getByText(/^Suunniteltu huoltokatko lauantaina/)).toBeVisible();
  await expect(popup.getByText(/Planned maintenance/)).toHaveCount(0);
  await expectAccessible(page, 'alerts popup');
});
