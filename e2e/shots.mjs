// Dev helper: screenshots of the main screens (not a test). node e2e/shots.mjs [user] [locale]
import { chromium } from '@playwright/test';

const user = process.argv[2] ?? 'kari';
const base = process.env.BASE ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console:', m.text());
});
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (process.argv[3]) await page.addInitScript((v) => localStorage.setItem('locale', v), process.argv[3]);
await page.goto(`${base}/`);
await page.waitForTimeout(1500);
await page.screenshot({ path: `/tmp/shots/${user}-1-login.png` });
await page.locator('input').nth(0).fill(user);
await page.locator('input[type=password]').fill('demo1234');
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
await page.screenshot({ path: `/tmp/shots/${user}-2-after-login.png` });
console.log('url', page.url());
await page.goto(`${base}/app/orders`);
await page.waitForTimeout(3000);
await page.screenshot({ path: `/tmp/shots/${user}-3-orders.png` });
console.log('url', page.url());
await browser.close();
