/**
 * The request log (Fastify's pino; LOG, README "Configuration"; docs/operations.md, "Logs"): one
 * JSON line when a request arrives and one when it is answered, each with the request id
 * (`reqId`); the answer's line also with the route pattern (`route`, never the raw URL's
 * parameters) and the signed-in user (`userId`, and `actingUserId` while acting as another).
 * Never in the log (issue 21; OWASP ASVS 4.0.3 V7.1.1):
 * - request bodies (passwords, signature images) and headers: the request serializer writes
 *   method, URL, host and address only; `redact` removes the Authorization and Cookie headers
 *   and a body from any line that would still carry them;
 * - the `auth` query parameter (a sign-in hand-over token, spec section 7): `[redacted]` in
 *   every line that names a request's URL;
 * - the parameters of a failed SQL statement (a password hash, a signature image): an error's
 *   `params:` part is cut from its message and stack.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { stdSerializers } from 'pino';

/** Something a log line can be written to (a stream). */
export interface LogStream {
  write(line: string): void;
}

/** `url` with the value of every `auth` query parameter replaced by `[redacted]`. */
export function redactAuthParam(url: string): string {
  return url.replace(/([?&;]auth=)[^&#;]*/gi, '$1[redacted]');
}

/** Paths pino censors in any line (a header or body some code might log). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'headers.authorization',
  'headers.cookie',
  'body',
  'password',
  'oldPassword',
  'newPassword',
  'token',
];

/** A drizzle query error's text without its `params:` (the values the statement carried). */
export function withoutQueryParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

/**
 * Fastify's `logger` option: false when neither `enabled` nor a stream is given; else info
 * level on stdout (or `stream`), with the serializers and redaction of the file comment.
 */
export function loggerOptions(enabled: boolean, stream?: LogStream) {
  if (!enabled && !stream) return false;
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactAuthParam(request.url),
        version: [request.headers?.['accept-version']].flat()[0],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => {
        const out = stdSerializers.err(error);
        out.message = withoutQueryParams(out.message) ?? '';
        out.stack = withoutQueryParams(out.stack) ?? '';
        return out;
      },
    },
  };
}

/**
 * Binds the route pattern and the signed-in user to the request's logger once the auth
 * plugin has resolved the caller (register after it), so the answer's log line carries them.
 */
export const requestLogContext = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.auth;
    const bindings: Record<string, unknown> = { route: request.routeOptions.url ?? null };
    if (auth) {
      bindings.userId = auth.loginUser.id;
      if (auth.user.id !== auth.loginUser.id) bindings.actingUserId = auth.user.id;
    }
    const log = request.log.child(bindings);
    request.log = log;
    reply.log = log;
  });
});
