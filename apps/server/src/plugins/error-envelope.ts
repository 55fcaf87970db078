/**
 * Turns every failure into the envelope of architecture.md:
 * `{ error: { type, message, httpDescription, fields? }, info: { userLogin } }`, with the
 * message in the caller's language (status ids named by their label, dates as the locale
 * writes them: `localizeParams`). Validation failures are 400 with field-level messages
 * and change nothing (the handler never ran).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppErrorCode, type ErrorEnvelope, httpStatusOf, type Locale } from '@portal/domain';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { fieldValues, isMessageKey, localizeParams, negotiateLocale, translator } from '../i18n.js';
import { writeLog } from '../modules/global/write-log.js';
import { type AuthContext, tokenOf } from './auth.js';
import { limitNotFound } from './rate-limits.js';
import { REQUEST_ID_HEADER } from './request-id.js';

const issueKeys: Record<string, string> = {
  invalid_type: 'validation.invalid',
  too_small: 'validation.tooSmall',
  too_big: 'validation.tooBig',
  invalid_format: 'validation.invalid',
  invalid_value: 'validation.invalid',
};

/**
 * The envelope of an error in `locale`: the message of `code` with `initialParams` (status ids
 * named by their label, dates as the locale writes them: `localizeParams`), field messages of
 * `fieldKeys`, and the user signed in (`userLogin`, or null).
 */
function envelope(
  locale: Locale,
  code: AppErrorCode,
  initialParams: Record<string, unknown>,
  fieldKeys: Record<string, string>,
  status: number,
  userLogin: string | null,
): ErrorEnvelope {
  const t = translator(locale);
  // Status ids become their labels, plain dates the locale's form (22.11.2026, 11/22/2026).
  const params = localizeParams(t, locale, initialParams);
  const fields = Object.fromEntries(Object.entries(fieldKeys).map(([path, key]) => [path, t(key, fieldValues(params, path))]));
  const reasonKey = typeof params.reasonKey === 'string' ? params.reasonKey : null;
  const reason = reasonKey ? t(reasonKey, params) : params.reason;
  return {
    error: {
      type: code,
      message: t(`errors.${code}`, { ...params, reason }),
      httpDescription: STATUS_CODES[status] ?? 'Error',
      ...(Object.keys(fields).length ? { fields } : {}),
    },
    info: { userLogin },
  };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: AppErrorCode,
  initialParams: Record<string, unknown>,
  fieldKeys: Record<string, string>,
  httpStatus?: number,
) {
  const locale = negotiateLocale(request.headers['accept-language'], request.auth?.language);
  const status = httpStatus ?? httpStatusOf[code];
  const body = envelope(locale, code, initialParams, fieldKeys, status, request.auth?.loginUser.loginName ?? null);
  return reply.status(status).send(body);
}

/**
 * The portal's code for an error raised by Fastify itself or by one of its plugins (a body it
 * cannot parse, a URL it cannot decode, a limit), or null for any other error. Docs:
 * docs/domain.md, "Input".
 */
function frameworkCode(
  error: { code?: unknown; statusCode?: unknown },
  request: FastifyRequest,
): { code: AppErrorCode; params?: Record<string, unknown>; fields?: Record<string, string>; status?: number } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions?.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
      return { code: AppErrorCode.BODY_TOO_LARGE, params: { maxMb: Math.round((limit / 1024 / 1024) * 10) / 10 } };
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: AppErrorCode.UNSUPPORTED_MEDIA_TYPE };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: AppErrorCode.MALFORMED_REQUEST };
    case 'FST_ERR_BAD_URL':
      return { code: AppErrorCode.BAD_URL };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: AppErrorCode.URL_TOO_LONG };
    // @fastify/multipart: a form with too many parts, a prototype key as a field name, a closed stream.
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return { code: AppErrorCode.VALIDATION, fields: { body: 'validation.multipart' } };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 404) return { code: AppErrorCode.NOT_FOUND };
  if (status === 413) return { code: AppErrorCode.BODY_TOO_LARGE, params: { maxMb: 0 } };
  if (status === 414 || status === 431) return { code: AppErrorCode.URL_TOO_LONG, status };
  if (status === 415) return { code: AppErrorCode.UNSUPPORTED_MEDIA_TYPE };
  if (status === 429) return { code: AppErrorCode.RATE_LIMITED };
  if (status >= 400 && status < 500) return { code: AppErrorCode.VALIDATION, status };
  return null;
}

/**
 * Options of the envelope plugin. `clientPage`: answers a path no route serves with a page of
 * the web app (its client routes, spec section 2; plugins/web-app.ts), or null when the web app
 * is not built. It gets GET and HEAD requests outside `/api/` and `/assets/` only.
 */
export interface ErrorEnvelopeOptions {
  clientPage?: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
}

/**
 * Logs an unexpected error (a 5xx) in the application log (kind error; docs/global.md, "Log"):
 * its request id, method, route and error name and message; never the request's body or query.
 * A log that cannot be written (the database is down) is left to the request log on stdout.
 */
async function logServerError(app: FastifyInstance, request: FastifyRequest, error: unknown): Promise<void> {
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  await writeLog(app.db, {
    level: 'error',
    kind: 'error',
    message: `${String(e?.name ?? 'Error')}: ${String(e?.message ?? error)}`.slice(0, 500),
    request,
    auth: request.auth,
    data: {
      method: request.method,
      route: request.routeOptions?.url ?? (request.url.split('?')[0] ?? '').slice(0, 200),
      ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    },
  }).catch((failure) => request.log.error({ err: failure }, 'could not write the error to the application log'));
}

/** A path the web app's client router may own: a GET or HEAD outside /api/ and /assets/. */
function isClientRoute(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)(\/|\?|$)/i.test(request.url);
}

/**
 * The request each connection is receiving (from its onRequest hook until its answer), so that
 * a request that stops coming answers in its caller's language (`clientErrorHandler`).
 */
const receiving = new WeakMap<Socket, FastifyRequest>();

export const errorEnvelope = fp(async (app: FastifyInstance, options: ErrorEnvelopeOptions) => {
  const clientPage = options.clientPage ?? null;
  // Which request each connection is receiving, for `clientErrorHandler`.
  app.addHook('onRequest', async (request) => {
    receiving.set(request.raw.socket, request);
  });
  app.addHook('onResponse', async (request) => {
    if (receiving.get(request.raw.socket) === request) receiving.delete(request.raw.socket);
  });
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.code, error.params, error.fields, error.httpStatus);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const message = issue.message ?? '';
        fields[path] ??= isMessageKey(message) ? message : (issueKeys[issue.keyword] ?? 'validation.invalid');
      }
      return send(request, reply, AppErrorCode.VALIDATION, {}, fields);
    }
    const known = frameworkCode(error as { code?: unknown; statusCode?: unknown }, request);
    if (known) return send(request, reply, known.code, known.params ?? {}, known.fields ?? {}, known.status);
    request.log.error(error);
    await logServerError(app, request, error);
    return send(request, reply, AppErrorCode.UNEXPECTED, {}, {});
  });
  // A path no route serves: a client route of the web app gets its page (so an API path is never
  // caught by a catch-all route, and the router still reports a path parameter that is too
  // long); anything else is a 404, counted against NOT_FOUND_LIMIT per client address
  // (rate-limits.ts).
  app.setNotFoundHandler(
    {
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (clientPage && isClientRoute(request)) return;
        await limitNotFound.call(app, request, reply);
      },
    },
    (request, reply) => {
      if (clientPage && isClientRoute(request)) return clientPage(request, reply);
      return send(request, reply, AppErrorCode.NOT_FOUND, {}, {});
    },
  );
});

/**
 * The session of a request's bearer token before any hook has run (transport errors), or null
 * when there is none, it opens none, or its address sent too many unknown tokens: the answer then
 * follows Accept-Language.
 */
async function sessionOf(app: FastifyInstance, request: FastifyRequest, token: string | null): Promise<AuthContext | null> {
  if (!token || typeof app.authOfToken !== 'function') return null;
  return app.authOfToken(request, token).catch(() => null);
}

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any route or hook
 * runs (bad percent-encoding in the path, a path parameter over `maxParamLength`), in the
 * envelope, in the language of the user whose bearer token the request carries, else of
 * Accept-Language (issue 20).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = frameworkCode(error, request) ?? { code: AppErrorCode.MALFORMED_REQUEST };
  // No hook has run: the answer names its request id here (plugins/request-id.ts).
  reply.header(REQUEST_ID_HEADER, request.id);
  void sessionOf(request.server, request, tokenOf(request)).then((auth) => {
    request.auth = auth;
    send(request, reply, known.code, known.params ?? {}, known.fields ?? {}, known.status);
  });
}

/** A header's value in the raw bytes Node read of a request it could not parse, if they reach that far. */
function rawHeader(raw: unknown, name: string): string | undefined {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  return new RegExp(`\r\n${name}:([^\r\n]*)`, 'i').exec(text)?.[1]?.trim();
}

/**
 * Fastify's `clientErrorHandler` option (`this` is the app): an HTTP request Node cannot take
 * gets the envelope too, written on the socket, and the connection closes: headers and URL over
 * Node's 16 KiB limit (431 URL_TOO_LONG), a request whose headers or body did not arrive within
 * the server's timeouts (408 REQUEST_TIMEOUT, server-timeouts.ts), broken HTTP (400). The
 * language is the user's when the request carries a bearer token that opens a session (a timed-out
 * request's, resolved by its onRequest hook; else read from the raw bytes), else Accept-Language's
 * (of the request, or of the raw bytes when Node read that far), else the default (nb-NO).
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  answerOnSocket(this, error, socket).catch(() => socket.destroy());
}

/** `clientErrorHandler`'s answer: the envelope written on the socket, which then closes. */
async function answerOnSocket(app: FastifyInstance, error: ConnectionError, socket: Socket): Promise<void> {
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = status === 431 ? AppErrorCode.URL_TOO_LONG : status === 408 ? AppErrorCode.REQUEST_TIMEOUT : AppErrorCode.MALFORMED_REQUEST;
  const pending = receiving.get(socket);
  let auth: AuthContext | null = pending?.auth ?? null;
  let acceptLanguage = pending?.headers['accept-language'];
  if (!pending) {
    const raw: unknown = error.rawPacket;
    acceptLanguage = rawHeader(raw, 'accept-language');
    const bearer = /^Bearer\s+(\S+)/.exec(rawHeader(raw, 'authorization') ?? '')?.[1] ?? null;
    // Not a request Fastify made: what the unknown-token limit needs of one (the peer's address).
    const peer = { ip: socket.remoteAddress ?? '', method: 'GET', headers: {}, routeOptions: { config: {} } };
    auth = await sessionOf(app, peer as unknown as FastifyRequest, bearer);
  }
  const body = envelope(negotiateLocale(acceptLanguage, auth?.language), code, {}, {}, status, auth?.loginUser.loginName ?? null);
  if (!socket.writable) return;
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
