/**
 * The bell's alerts (spec section 7, GET Alerts): a written alert (a System notice) reads in the
 * caller's language, and follows the user's language when it changes; order alerts stay keys the
 * web app translates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface AlertAnswer {
  source: string;
  title: string;
  text: string;
}

describe.each(backends)('alerts of the bell (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file reads alerts and sets the language only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  const systemAlert = async (token: string) => {
    const { status, body } = await ctx.call('GET', '/api/Alerts', { token });
    expect(status).toBe(200);
    const found = (body.data as AlertAnswer[]).find((a) => a.source === 'System');
    expect(found, 'the demo maintenance notice').toBeDefined();
    return found as AlertAnswer;
  };

  it('shows the system notice in each user’s own language, title and text', async () => {
    expect(await systemAlert(await ctx.login('lise'))).toMatchObject({
      title: 'Planerat underhåll',
      text: expect.stringMatching(/^Planerat underhåll lördag/),
    });
    expect(await systemAlert(await ctx.login('mikko'))).toMatchObject({
      title: 'Suunniteltu huoltokatko',
      text: expect.stringMatching(/^Suunniteltu huoltokatko lauantaina/),
    });
    expect(await systemAlert(await ctx.login('ole'))).toMatchObject({ title: 'Planlagt vedlikehold' });
  });

  it('follows the user’s language when it changes', async () => {
    const token = await ctx.login('lise');
    expect((await ctx.call('POST', '/api/Language', { token, body: { language: 'en-US' } })).status).toBe(200);
    expect(await systemAlert(token)).toMatchObject({
      title: 'Planned maintenance',
      text: expect.stringMatching(/^Planned maintenance on/),
    });
    await ctx.call('POST', '/api/Language', { token, body: { language: 'sv-SE' } });
    expect((await systemAlert(token)).title).toBe('Planerat underhåll');
  });

  it('keeps order alerts as keys for the web app to translate', async () => {
    const { body } = await ctx.call('GET', '/api/Alerts', { token: await ctx.login('kari') });
    const orders = (body.data as AlertAnswer[]).filter((a) => a.source === 'Order');
    expect(orders.length).toBeGreaterThan(0);
    for (const alert of orders) expect(alert.title).toMatch(/^order\.(status\.\d+|comment)$/);
  });
});
