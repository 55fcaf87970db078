/**
 * Issue 22 (docs/disputes.md, "Silence accepts", "Races", "Windows"): silence past the deadline
 * accepts through the scheduler's job under a fixed clock, once, also against an answer at the
 * same moment; the same idempotency key opens one dispute; the pool's settings.
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { acceptSilentDisputes } from '../src/modules/disputes/accept-silent-disputes.js';
import { type DisputeWorld, openDisputeWorld, today } from './dispute-helpers.js';
import { backends } from './helpers.js';

describe.each(backends)('disputes: deadlines, idempotency, settings (%s)', (kind) => {
  let w: DisputeWorld;
  const db = () => w.ctx.database.db;
  beforeAll(async () => {
    w = await openDisputeWorld(kind);
  });
  afterAll(() => w.ctx.close());

  it('silence past the deadline accepts, once, through the job under a fixed clock', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o);
    const due = dispute.answerDue as string;
    // On the deadline day itself nothing happens to it (the demo's own open disputes, due earlier,
    // are accepted by this run); the day after, it is accepted, booked that day.
    await acceptSilentDisputes(db(), new Date(`${due}T10:00:00Z`));
    expect((await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.kari })).body.data.status).toBe('open');
    const dayAfter = new Date(`${addPlainDays(due, 1)}T10:00:00Z`);
    const runs = await Promise.all([acceptSilentDisputes(db(), dayAfter), acceptSilentDisputes(db(), dayAfter)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const after = (await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.kari })).body.data;
    expect(after.status).toBe('accepted');
    expect(after.history.at(-1)).toMatchObject({ event: 'silenceAccepted', by: null });
    const posted = await w.entries(dispute.id);
    expect(posted).toHaveLength(2);
    expect(posted.every((e) => e.bookingDate === addPlainDays(due, 1))).toBe(true);
    expect(await acceptSilentDisputes(db(), dayAfter)).toBe(0);
    // An answer that comes after the job is 409.
    expect((await w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'accept' })).status).toBe(409);
  });

  it('an answer and the deadline job at once end in one outcome; the loser changes nothing', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o);
    const dayAfter = new Date(`${addPlainDays(dispute.answerDue, 1)}T10:00:00Z`);
    const [accepted, answered] = await Promise.all([
      acceptSilentDisputes(db(), dayAfter),
      w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'reject', comment: 'Counted twice' }),
    ]);
    const after = (await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.kari })).body.data;
    if (answered.status === 200) {
      expect(after.status).toBe('rejected');
      expect(await w.entries(dispute.id)).toHaveLength(0);
    } else {
      expect(answered.status).toBe(409);
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(after.status).toBe('accepted');
      expect(await w.entries(dispute.id)).toHaveLength(2);
    }
    expect(after.history.filter((h: { event: string }) => h.event !== 'opened')).toHaveLength(1);
  });

  it('the same idempotency key opens one dispute, also twice at once', async () => {
    const o = await w.order();
    const body = {
      orderId: o.id,
      problem: 'quantity',
      comment: 'Retry after a lost answer',
      lines: [{ productId: o.productId, quantity: o.quantity - 1 }],
      idempotencyKey: `dispute-${kind}-${o.id}`,
    };
    const [a, b] = await Promise.all([w.open(w.tokens.kari, body), w.open(w.tokens.kari, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const c = await w.open(w.tokens.kari, body);
    expect(c.body.data.id).toBe(a.body.data.id);
    const [count] = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM disputes WHERE idempotency_key = ${body.idempotencyKey}`,
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('the pool’s settings: global admins set the window and the deadline', async () => {
    expect((await w.ctx.call('GET', '/api/DisputeSettings', { token: w.tokens.kari })).body.data).toEqual({
      windowDays: 30,
      answerDays: 14,
    });
    expect(
      (await w.ctx.call('POST', '/api/DisputeSettings', { token: w.tokens.kari, body: { windowDays: 60, answerDays: 7 } })).status,
    ).toBe(403);
    const bad = await w.ctx.call('POST', '/api/DisputeSettings', { token: w.tokens.admin, body: { windowDays: 0, answerDays: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.windowDays).toBeTruthy();
    const saved = await w.ctx.call('POST', '/api/DisputeSettings', { token: w.tokens.admin, body: { windowDays: 60, answerDays: 7 } });
    expect(saved.body.data).toEqual({ windowDays: 60, answerDays: 7 });
    const o = await w.order(32, 55);
    const dispute = await w.kariOpens(o);
    expect(dispute.answerDue).toBe(addPlainDays(today(), 7));
    await w.ctx.call('POST', '/api/DisputeSettings', { token: w.tokens.admin, body: { windowDays: 30, answerDays: 14 } });
  });
});
