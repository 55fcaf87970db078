/**
 * Compresses the answers the server writes at run time (JSON of the API, the OpenAPI
 * document, text) with @fastify/compress when the client accepts it: brotli (quality 4) or
 * gzip (level 6), chosen by `Accept-Encoding` (RFC 9110, section 12.5.3), with
 * `Content-Encoding` and `Vary: Accept-Encoding`. Answers under 1 kB go as they are (a
 * single packet either way). Files the web app's build compressed already
 * (`Content-Encoding` set by plugins/web-app.ts) pass untouched; PDFs and spreadsheets are
 * compressed formats and are left alone. Cost and gain measured in docs/performance.md
 * ("Compression"): a 1,000-row orders page shrinks about tenfold for a few milliseconds of CPU.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smallest answer worth compressing, in bytes. */
export const COMPRESS_THRESHOLD = 1024;

export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
