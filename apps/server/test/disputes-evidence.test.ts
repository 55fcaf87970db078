/**
 * Issue 22, "evidence (photos, PDF ...)" (docs/disputes.md, "Evidence"): either party adds photos
 * and PDFs to an unended dispute; they are listed on the dispute with name, size, who and when,
 * downloadable by whoever sees the dispute (the provider's deciders too) and by nobody else (404);
 * the history gets an "evidence added" step; an ended dispute takes none (409); the type is told
 * by the content (WebP too), never by the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DisputeWorld, nb, openDisputeWorld } from './dispute-helpers.js';
import { backends, multipart } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);

describe.each(backends)('the evidence of a dispute (%s)', (kind) => {
  let w: DisputeWorld;
  beforeAll(async () => {
    w = await openDisputeWorld(kind);
  });
  afterAll(() => w.ctx.close());

  const upload = (token: string, disputeId: number | null, file: { name: string; type: string; data: Buffer } | null) => {
    const body = multipart(disputeId === null ? {} : { disputeId: String(disputeId) }, file);
    return w.ctx.app.inject({
      method: 'POST',
      url: '/api/DisputeEvidence',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const download = (token: string, id: number) =>
    w.ctx.app.inject({ method: 'GET', url: `/api/DisputeEvidence/${id}`, headers: { authorization: `Bearer ${token}` } });

  it('both parties add files; everyone who sees the dispute lists and downloads them, others get 404', async () => {
    const o = await w.order(0, 25, 'ole');
    const dispute = await w.kariOpens(o);
    expect(dispute.evidence).toEqual([]);
    expect(dispute.actions.addEvidence).toBe(true);
    const photo = await upload(w.tokens.kari, dispute.id, { name: 'dock photo.png', type: 'image/png', data: PNG });
    expect(photo.statusCode, photo.body).toBe(200);
    const saved = photo.json().data;
    expect(saved).toMatchObject({ disputeId: dispute.id, orderId: null, ticketId: null, fileName: 'dock photo.png', mime: 'image/png' });
    expect(saved.sizeBytes).toBe(PNG.length);
    const pdf = await upload(w.tokens.ole, dispute.id, { name: 'waybill.pdf', type: 'application/pdf', data: PDF });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const webp = await upload(w.tokens.ole, dispute.id, { name: 'phone', type: 'application/octet-stream', data: WEBP });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.json().data).toMatchObject({ mime: 'image/webp', fileName: 'phone.webp' });

    for (const token of [w.tokens.kari, w.tokens.ole, w.tokens.admin]) {
      const seen = (await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token })).body.data;
      expect(seen.evidence.map((e: { fileName: string }) => e.fileName)).toEqual(['dock photo.png', 'waybill.pdf', 'phone.webp']);
      expect(seen.evidence[0].userName).toBeTruthy();
      const file = await download(token, saved.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(Buffer.from(file.rawPayload).equals(PNG)).toBe(true);
    }
    const after = (await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.kari })).body.data;
    const added = after.history.filter((h: { event: string }) => h.event === 'evidenceAdded');
    expect(added.map((h: { comment: string }) => h.comment)).toEqual(['dock photo.png', 'waybill.pdf', 'phone.webp']);
    // lise sees neither the dispute nor its files; the order's file call does not serve evidence.
    expect((await download(w.tokens.lise, saved.id)).statusCode).toBe(404);
    expect((await upload(w.tokens.lise, dispute.id, { name: 'x.png', type: 'image/png', data: PNG })).statusCode).toBe(404);
    expect((await w.ctx.call('GET', `/api/OrderAttachments/${saved.id}`, { token: w.tokens.kari })).status).toBe(404);
    // The provider's decider sees it but is no party: no files from it.
    expect((await upload(w.tokens.admin, dispute.id, { name: 'x.png', type: 'image/png', data: PNG })).statusCode).toBe(403);
  });

  it('refuses another type (400), no file or dispute (400), and any file once the dispute ended (409)', async () => {
    const o = await w.order();
    const dispute = await w.kariOpens(o);
    const text = await upload(w.tokens.kari, dispute.id, { name: 'photo.png', type: 'image/png', data: Buffer.from('not an image') });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.type).toBe('FILE_TYPE');
    expect((await upload(w.tokens.kari, dispute.id, null)).json().error.fields.file).toBe(nb('validation.required'));
    expect((await upload(w.tokens.kari, null, { name: 'a.png', type: 'image/png', data: PNG })).statusCode).toBe(400);
    const accepted = await w.answer(w.other(o), { id: dispute.id, version: dispute.version, answer: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.actions.addEvidence).toBe(false);
    const late = await upload(w.tokens.kari, dispute.id, { name: 'a.png', type: 'image/png', data: PNG });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain(nb('disputes.reasons.ended'));
  });
});
