/**
 * Webhooks (issue 23, "Webhooks"; docs/integrations.md): a real HTTP receiver in the test gets the
 * order events of its endpoint's customer, signed by Standard Webhooks and verified with the
 * `standardwebhooks` library; a 500 and a timeout are tried again, 72 hours of failure pause the
 * endpoint and alert its owner; the SSRF guard keeps deliveries from loopback addresses; a rotated
 * secret signs beside the new one for its overlap; another customer gets nothing and sees
 * nothing; the sender claims each delivery once, also from two server processes at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addPlainDays, todayIn } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, rows, sql } from '../src/db/client.js';
import { sendDueWebhooks } from '../src/modules/integrations/send-webhooks.js';
import { isPublicAddress } from '../src/modules/integrations/webhook-http.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** An HTTP receiver on 127.0.0.1: answers each request with the next of `answers` (default 200); 'hang' never answers. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: (number | 'hang')[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers as Record<string, string>, body });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      response.writeHead(answer).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const send = { timeoutMs: 2000, allowPrivate: true };

describe.each(backends)('webhooks (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let ole: string;
  let admin: string;
  let kariLocation: number;
  let eurA: number;
  let sendDate: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let endpoint: { id: number; version: number };
  let secret: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    [kari, ole, admin] = await Promise.all([ctx.login('kari'), ctx.login('ole'), ctx.login('admin')]);
    kariLocation = (await ctx.call('GET', '/api/location', { token: kari })).body.data.id;
    const [product] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM products WHERE name = 'EUR pallet, quality A'`);
    eurA = Number(product?.id);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    sendDate = nextOpenDay(addPlainDays(todayIn('NO'), 2), 'NO', new Set(closures.map((c) => c.day)));
    receiver = await startReceiver();
    const made = await ctx.call('POST', '/api/WebhookEndpoints', {
      token: kari,
      body: { url: receiver.url, eventTypes: ['order.created', 'order.statusChanged'], idempotencyKey: 'kari-erp-hook-1' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    endpoint = made.body.data.endpoint;
    secret = made.body.data.secret;
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });
  beforeEach(async () => {
    // Whatever earlier tests (or the demo's orders) left waiting is not this test's.
    await ctx.database.db.execute(sql`UPDATE webhook_deliveries SET status = 'skipped' WHERE status = 'pending'`);
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  /** A delivery from ole's brewery to kari's location, registered as sent: one order.created event for kari's endpoint. */
  const sentDelivery = async () => {
    const res = await ctx.call('POST', '/api/Orders', {
      token: ole,
      body: {
        transactionTypeId: 3,
        locationIdTo: kariLocation,
        dateSend: sendDate,
        draft: false,
        lines: [{ productId: eurA, quantityOrdered: 15 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const deliveries = async () => (await ctx.call('GET', `/api/WebhookDeliveries?endpointId=${endpoint.id}`, { token: kari })).body.data;

  it('shows the secret once, and answers the same idempotency key with the same endpoint', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const again = await ctx.call('POST', '/api/WebhookEndpoints', {
      token: kari,
      body: { url: receiver.url, eventTypes: ['order.created'], idempotencyKey: 'kari-erp-hook-1' },
    });
    expect(again.body.data.endpoint.id).toBe(endpoint.id);
    const list = await ctx.call('GET', '/api/WebhookEndpoints', { token: kari });
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, active: true, ownerName: expect.any(String) }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('delivers a new order signed by Standard Webhooks, verified with its library, with the data of GET Orders/{id}', async () => {
    const id = await sentDelivery();
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
    const payload = new Webhook(secret).verify(request.body, request.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 'order.created', orderId: id, status: 4, previousStatus: null });
    expect(request.headers['webhook-id']).toBe(payload.id);
    const order = (await ctx.call('GET', `/api/Orders/${id}`, { token: kari })).body.data;
    expect(payload.data).toEqual(order);
    // A tampered body fails verification.
    expect(() => new Webhook(secret).verify(request.body.replace('order.created', 'order.deleted'), request.headers)).toThrow();
    const [log] = await deliveries();
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, eventType: 'order.created' });
    // Nothing more to send.
    expect(await sendDueWebhooks(ctx.database.db, send)).toEqual({ delivered: 0, retried: 0, failed: 0, skipped: 0 });
  });

  it('tries again after a 500 and after a timeout, then delivers', async () => {
    await sentDelivery();
    receiver.answers.push(500);
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ retried: 1 });
    let [log] = await deliveries();
    expect(log).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'status' });
    expect(new Date(log.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ retried: 0, delivered: 0 });
    await ctx.database.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);
    receiver.answers.push('hang');
    expect(await sendDueWebhooks(ctx.database.db, { ...send, timeoutMs: 300 })).toMatchObject({ retried: 1 });
    [log] = await deliveries();
    expect(log).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: null, lastError: 'timeout' });
    await ctx.database.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ delivered: 1 });
    [log] = await deliveries();
    expect(log).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    // The same event each time: one webhook-id.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Resend: a new delivery of the same event, due now.
    const resent = await ctx.call('POST', '/api/WebhookDeliveryResend', { token: kari, body: { id: log.id } });
    expect(resent.body.data).toMatchObject({ status: 'pending', attempts: 0, eventId: log.eventId });
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ delivered: 1 });
  });

  it('pauses the endpoint and alerts its owner after 72 hours of failures', async () => {
    await sentDelivery();
    await ctx.database.db.execute(sql`UPDATE webhook_deliveries SET created_at = now() - interval '73 hours' WHERE status = 'pending'`);
    receiver.answers.push(503);
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ failed: 1 });
    const [log] = await deliveries();
    expect(log).toMatchObject({ status: 'failed', lastStatusCode: 503 });
    const [paused] = (await ctx.call('GET', '/api/WebhookEndpoints', { token: kari })).body.data;
    expect(paused).toMatchObject({ active: false, pausedReason: 'failing' });
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: kari, headers: { 'accept-language': 'nb-NO' } })).body.data;
    expect(alerts[0]).toMatchObject({ source: 'Webhook', sourceId: endpoint.id, title: 'Webhook-mottaker satt på pause' });
    // A paused endpoint gets nothing; its deliveries wait until it is activated again.
    await sentDelivery();
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ delivered: 0 });
    const active = await ctx.call('POST', '/api/WebhookEndpoints', {
      token: kari,
      body: { id: paused.id, version: paused.version, url: paused.url, eventTypes: paused.eventTypes, active: true },
    });
    expect(active.body.data.endpoint).toMatchObject({ active: true, pausedReason: null });
    endpoint = active.body.data.endpoint;
    expect(await sendDueWebhooks(ctx.database.db, send)).toMatchObject({ delivered: 1 });
  });

  it('sends nothing to a loopback or private address unless the setting allows it (SSRF)', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      'fc00::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '2a00:1450:4010:c0e::71']) expect(isPublicAddress(address), address).toBe(true);
    await sentDelivery();
    expect(await sendDueWebhooks(ctx.database.db, { ...send, allowPrivate: false })).toMatchObject({ retried: 1 });
    expect(receiver.received).toHaveLength(0);
    const [log] = await deliveries();
    expect(log).toMatchObject({ status: 'pending', lastError: 'blockedAddress', lastStatusCode: null });
  });

  it('signs with the old and the new secret during a rotation’s overlap', async () => {
    const rotated = await ctx.call('POST', '/api/WebhookEndpointSecret', { token: kari, body: { id: endpoint.id, overlapHours: 24 } });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const next = rotated.body.data.secret as string;
    expect(next).not.toBe(secret);
    expect(rotated.body.data.endpoint.previousSecretUntil).not.toBeNull();
    await sentDelivery();
    await sendDueWebhooks(ctx.database.db, send);
    const [request] = receiver.received as [Received];
    expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(next).verify(request.body, request.headers)).toMatchObject({ type: 'order.created' });
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({ type: 'order.created' });
    // Without an overlap the old secret stops at once.
    const again = await ctx.call('POST', '/api/WebhookEndpointSecret', { token: kari, body: { id: endpoint.id, overlapHours: 0 } });
    secret = again.body.data.secret;
    receiver.received.length = 0;
    await sentDelivery();
    await sendDueWebhooks(ctx.database.db, send);
    const [last] = receiver.received as [Received];
    expect(last.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(next).verify(last.body, last.headers)).toThrow();
    expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ type: 'order.created' });
  });

  it('keeps another customer out: its endpoint gets none of these events, and kari’s endpoint answers it 404', async () => {
    const provider = await ctx.call('POST', '/api/WebhookEndpoints', {
      token: admin,
      body: { url: receiver.url.replace('/hooks/portal', '/hooks/provider'), eventTypes: ['order.created'] },
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(200);
    await sentDelivery();
    await sendDueWebhooks(ctx.database.db, send);
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks/portal']);
    expect(
      (await ctx.call('GET', `/api/WebhookDeliveries?endpointId=${provider.body.data.endpoint.id}`, { token: admin })).body.data,
    ).toEqual([]);
    expect((await ctx.call('GET', `/api/WebhookDeliveries?endpointId=${endpoint.id}`, { token: admin })).status).toBe(404);
    expect((await ctx.call('GET', '/api/WebhookEndpoints', { token: ole })).status).toBe(403);
    const [log] = await deliveries();
    expect((await ctx.call('POST', '/api/WebhookDeliveryResend', { token: admin, body: { id: log.id } })).status).toBe(404);
  });

  it('refuses an address that is not https (http only to localhost) with 400 on url, and no event type', async () => {
    for (const url of ['http://erp.example.no/hooks', 'ftp://erp.example.no/', 'https://user:pw@erp.example.no/', 'not a url']) {
      const res = await ctx.call('POST', '/api/WebhookEndpoints', { token: kari, body: { url, eventTypes: ['order.created'] } });
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body.error.fields), url).toContain('url');
    }
    const none = await ctx.call('POST', '/api/WebhookEndpoints', { token: kari, body: { url: receiver.url, eventTypes: [] } });
    expect(Object.keys(none.body.error.fields)).toContain('eventTypes');
  });

  it.runIf(kind === 'postgres')('claims each delivery once with two server processes sending at once', async () => {
    const peer = await openPostgres(ctx.databaseUrl as string, 4);
    try {
      for (let i = 0; i < 6; i++) await sentDelivery();
      const rounds = await Promise.all([
        sendDueWebhooks(ctx.database.db, { ...send, batch: 2 }),
        sendDueWebhooks(peer.db, { ...send, batch: 2 }),
        sendDueWebhooks(ctx.database.db, { ...send, batch: 2 }),
        sendDueWebhooks(peer.db, { ...send, batch: 2 }),
      ]);
      let delivered = rounds.reduce((sum, r) => sum + r.delivered, 0);
      while (delivered < 6) {
        const more = await Promise.all([sendDueWebhooks(ctx.database.db, send), sendDueWebhooks(peer.db, send)]);
        const got = more.reduce((sum, r) => sum + r.delivered, 0);
        if (got === 0) break;
        delivered += got;
      }
      expect(delivered).toBe(6);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await peer.close();
    }
  });
});
