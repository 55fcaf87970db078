/**
 * Serves the built web app (apps/web/dist, made by `vite build`) as a phone on a slow network
 * needs it:
 * - compressed: the build writes a brotli (`.br`) and a gzip (`.gz`) copy of every text file
 *   (vite-plugin-compression2), and @fastify/static's `preCompressed` sends the copy the
 *   client's `Accept-Encoding` prefers (br, then gzip, else the file itself), with
 *   `Content-Encoding` and `Vary: Accept-Encoding` (RFC 9110, sections 8.4 and 12.5.5);
 * - cached by what the name promises: files under `/assets/` carry a content hash in their
 *   name, so they are `public, max-age=31536000, immutable` (RFC 8246); everything else
 *   (`index.html`, `favicon.svg`) is `no-cache`, revalidated on each load with its `ETag` and
 *   `Last-Modified`, so a reload costs a 304 and a new release is seen at once (RFC 9111,
 *   section 5.2.2.4);
 * - as a single-page app: any other path outside `/api/` (the client routes of spec section
 *   2: `/gdpr`, `/app/home`, ...) answers `index.html`, and `/app` with every path under it
 *   `app.html` when the build wrote one (index.html with preload links for the signed-in
 *   shell, apps/web/app-html.ts); a missing file under `/assets/` and any `/api/` path stay
 *   404 in the error envelope.
 * Nothing is registered when the folder has no `index.html` (the web app is not built).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Cache-Control of a hashed asset: a year, never revalidated (its name changes with its content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of every unhashed file: stored, but revalidated before each use. */
export const REVALIDATE = 'no-cache';

export interface WebAppOptions {
  /** Absolute path of the built web app (config.webDist). */
  root: string;
}

/**
 * The page of a client route (any path no route serves outside `/api/` and `/assets/`, GET or
 * HEAD): `app.html` for `/app` and every path under it when the build wrote one, else
 * `index.html`; revalidated like the other unhashed files. Null when the web app is not built.
 * The error envelope's not-found handler calls it (plugins/error-envelope.ts), so no catch-all
 * route competes with the API's routes.
 */
export function clientPage({ root }: WebAppOptions): ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null {
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
  const appPage = fs.existsSync(path.join(root, 'app.html')) ? 'app.html' : 'index.html';
  return (request, reply) => reply.sendFile(/^\/app(\/|\?|$)/i.test(request.url) ? appPage : 'index.html', root);
}

/**
 * The web app's files; register at the root (not encapsulated: the not-found handler's
 * `clientPage` sends with the `sendFile` this decorates).
 */
export const webApp = fp(async (app: FastifyInstance, { root }: WebAppOptions): Promise<void> => {
  if (!fs.existsSync(path.join(root, 'index.html'))) return;
  const assets = path.join(root, 'assets');
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const hashed = !path.relative(assets, filePath).startsWith('..');
    reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
  };
  const shared = { preCompressed: true, cacheControl: false, setHeaders } as const;

  // /assets/*: looked up on each request, so a rebuild under a running server is served.
  await app.register(fastifyStatic, { ...shared, root: assets, prefix: '/assets/' });
  // The top-level files (index.html at / too), routed once at start; the copies are not routes.
  await app.register(fastifyStatic, {
    ...shared,
    root,
    wildcard: false,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    decorateReply: false,
  });
});
