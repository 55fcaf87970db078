import { chromium } from '@playwright/test';
import fs from 'node:fs';
const base = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(base + '/');
await page.getByLabel(/user|bruker|användar|käyttäj|bruger/i).first().fill('admin');
await page.locator('input[type=password]').fill('demo1234');
await page.keyboard.press('Enter');
await page.waitForURL(/\/app/);
await page.goto(base + '/app/global/confirmations');
await page.waitForTimeout(3000);

await page.getByRole('textbox', { name: /Navn/ }).fill('Årsslutt 2026');
const customers = page.getByLabel('Kunder', { exact: false }).first();
for (const name of ['Fjordland', 'Pohjolan', 'Bakeriet']) {
  await customers.fill(name);
  await page.waitForTimeout(1200);
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
}
await page.keyboard.press('Escape');
await page.getByRole('button', { name: /Start runden/ }).click();
await page.waitForURL(/confirmations\/\d+/);
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/cr-detail.png', fullPage: true });
await page.waitForTimeout(3000);
const mails = fs.readFileSync('/tmp/mails.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const text = JSON.stringify(mails.at(-1));
const token = /confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
console.log('token', token, mails.length);
const anon = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'fi-FI' });
await anon.goto(base + '/confirm/' + token);
await anon.waitForTimeout(4000);
await anon.screenshot({ path: '/tmp/cr-link.png', fullPage: true });
fs.writeFileSync('/tmp/cr-token', token ?? '');
await browser.close();
