/**
 * Journey: a delivery with a disagreement that the provider resolves (domain.md, "Order status
 * machine"; spec sections 2-5 and 9). ole delivers EUR pallets to a Fjordland location, choosing
 * the recipient first, and is offered only the carriers both locations take; the delivery is
 * registered as sent. kari, at the receiving location, finds it under Reception, counts fewer
 * pallets and reports the other quantity with a comment:
 * Not agreed, with the disagreement badge; she adds a comment and a photo to the order and signs
 * it with her typed name (the keyboard alternative to drawing). ole finds her comment in his
 * alerts bell. The global admin resolves it with the final quantity: Delivered.
 */
import zlib from 'node:zlib';
import { expect } from '@playwright/test';
import { DEMO_USERS, dismissToast, escapeRegExp, expectAccessible, mainMenu, signIn, signOut, test } from './fixtures';
import { expectStatus, menuLink, nb, orderIdOf, pickFirstOpenDay, takeStep } from './order-steps';

const RECIPIENT = 'Fjordland Dagligvare Alnabru';

/** A small PNG (a grey square), as a photo of the delivery. */
function photo(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(8 * 9, 0x80);
  for (let y = 0; y < 8; y++) rows[y * 9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PRODUCT = 'EUR-pall, kvalitet A';
/** Carriers ole's location has that the recipient does not take (the demo data's location_products). */
const NOT_AT_RECIPIENT = ['EUR-pall, ny', 'Halvpall, kvalitet A'];

test('ole delivers pallets, kari reports fewer and the provider resolves the disagreement', async ({ page }) => {
  // Three users' sessions and a dozen screens, each checked by axe, on a machine shared with other work.
  test.setTimeout(150_000);
  await signIn(page, 'ole');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.delivery')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:lists.deliveries.title') })).toBeVisible();

  // Recipient first: the products wait for it.
  await page.getByRole('button', { name: nb('orders:list.new.delivery') }).click();
  const dialog = page.getByRole('dialog', { name: nb('orders:dialog.title.delivery') });
  const quantity = dialog.getByRole('spinbutton', { name: PRODUCT });
  await expect(quantity).toBeDisabled();
  await expect(dialog.getByText(nb('orders:dialog.recipientFirst'))).toBeVisible();
  for (const other of NOT_AT_RECIPIENT) await expect(dialog.getByRole('spinbutton', { name: other })).toBeDisabled();
  await expectAccessible(page, 'new delivery dialog');
  const recipient = dialog.getByRole('combobox', { name: nb('orders:dialog.recipient'), exact: true });
  await recipient.click();
  await recipient.fill(RECIPIENT);
  await page.getByRole('option', { name: new RegExp(`^${RECIPIENT} \\(`) }).click();
  await expect(quantity).toBeEnabled();
  // Only what both ends allow: Alnabru takes none of ole's other carriers, so they are not offered.
  for (const other of NOT_AT_RECIPIENT) await expect(dialog.getByRole('spinbutton', { name: other })).toHaveCount(0);
  await quantity.fill('30');
  await quantity.press('Tab');
  await pickFirstOpenDay(page, dialog.getByRole('button', { name: new RegExp(`^${nb('orders:dialog.dateSend')}`) }));
  const reference = `E2E-DLV-${Date.now()}`;
  await dialog.getByRole('textbox', { name: nb('orders:dialog.referenceOwn') }).fill(reference);
  await expectAccessible(page, 'new delivery dialog, filled');
  await dialog.getByRole('button', { name: nb('orders:dialog.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/delivery\/\d+$/);
  const id = orderIdOf(page);
  // A delivery is registered as sent by its sender.
  await expectStatus(page, id, 4);

  // kari counts 25 at Alnabru and reports it.
  await signOut(page, 'nb-NO');
  await signIn(page, 'kari');
  await mainMenu(page, 'nb-NO')
    .getByRole('link', { name: menuLink(nb('shell:menu.reception')) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nb('orders:lists.reception.title') })).toBeVisible();
  await page.getByRole('searchbox', { name: nb('orders:list.search') }).fill(reference);
  const row = page
    .getByRole('table', { name: nb('orders:list.gridLabel') })
    .getByRole('row')
    .filter({ hasText: reference });
  await expect(row).toContainText(nb('messages:status.4'));
  await expectAccessible(page, 'reception list');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/app/reception/${id}$`));
  await takeStep(page, id, 'disagree', 6, async (report) => {
    await report
      .getByRole('spinbutton', { name: nb('orders:steps.inputFor', { column: nb('orders:steps.counted.counted'), product: PRODUCT }) })
      .fill('25');
    // The comment is required.
    await report.getByRole('button', { name: nb('orders:steps.disagree.submit') }).click();
    await expect(report.getByText(nb('orders:steps.counted.commentRequired'))).toBeVisible();
    await report.getByRole('textbox', { name: nb('orders:steps.counted.why') }).fill('Fem paller manglet ved levering.');
    await expectAccessible(page, 'disagreement dialog');
    await report.getByRole('button', { name: nb('orders:steps.disagree.submit') }).click();
  });
  await expect(page.getByText(nb('orders:status.disagreement'), { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: nb('orders:detail.history') })).toContainText('Fem paller manglet ved levering.');

  // A comment, a photo and her signature, typed.
  await page.getByRole('textbox', { name: nb('orders:comments.new') }).fill('Bilde av leveransen er lagt ved.');
  await page.getByRole('button', { name: nb('orders:comments.add') }).click();
  await expect(page.getByRole('region', { name: nb('orders:comments.title') }).getByText('Bilde av leveransen er lagt ved.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: nb('orders:attachments.upload') }).click();
  await (await chooser).setFiles({ name: 'levering.png', mimeType: 'image/png', buffer: photo() });
  await dismissToast(page, nb('orders:attachments.added', { name: 'levering.png' }), 'nb-NO');
  await expect(page.getByRole('button', { name: nb('orders:attachments.downloadName', { name: 'levering.png' }) })).toBeVisible();
  const signature = page.getByRole('region', { name: nb('orders:signature.title') });
  await signature.getByText(nb('signaturePad:type'), { exact: true }).click();
  await expect(signature.getByRole('textbox', { name: nb('orders:signature.name') })).toHaveValue(DEMO_USERS.kari.name);
  await signature.getByRole('button', { name: nb('orders:signature.save') }).click();
  await dismissToast(page, nb('orders:signature.saved'), 'nb-NO');
  await expect(signature.getByRole('img', { name: nb('orders:signature.imageAlt', { name: DEMO_USERS.kari.name }) })).toBeVisible();
  await expectAccessible(page, 'order not agreed, with a comment, a photo and a signature');

  // ole, who sent the delivery, finds kari's comment in the alerts bell.
  await signOut(page, 'nb-NO');
  await signIn(page, 'ole');
  await page.getByRole('button', { name: /^Varsler, \d+ ulest/ }).click();
  const alert = page.getByRole('button', { name: new RegExp(escapeRegExp(nb('shell:alerts.orderComment', { id }))) });
  await expect(alert).toContainText('Kari Nordmann: Bilde av leveransen er lagt ved.');
  await expectAccessible(page, 'alerts bell with a comment alert');
  await page.keyboard.press('Escape');

  // The provider settles on 28.
  await signOut(page, 'nb-NO');
  await signIn(page, 'admin');
  await page.goto(`/app/delivery/${id}`);
  await expectStatus(page, id, 6);
  await takeStep(page, id, 'resolve', 5, async (resolve) => {
    const final = resolve.getByRole('spinbutton', {
      name: nb('orders:steps.inputFor', { column: nb('orders:steps.counted.final'), product: PRODUCT }),
    });
    await expect(final).toHaveValue('25');
    await final.fill('28');
    await expectAccessible(page, 'resolve dialog');
    await resolve.getByRole('button', { name: nb('orders:steps.resolve.submit') }).click();
  });
  const line = page
    .getByRole('table', { name: nb('orders:detail.lines') })
    .getByRole('row')
    .nth(1);
  await expect(line).toContainText('28');
  await expectAccessible(page, 'order delivered after the disagreement');
});
