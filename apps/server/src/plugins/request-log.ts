/**
 * The request log's options (LOG, README "Configuration"). Every line that names a request's
 * URL writes the `auth` query parameter (a sign-in hand-over token, spec section 7) as
 * `[redacted]`, so no token is written to a log (OWASP ASVS 4.0.3 V7.1.1: no session tokens in
 * logs). Fastify's default request serializer, with the URL redacted.
 */
import type { FastifyRequest } from 'fastify';

/** Something a log line can be written to (a stream). */
export interface LogStream {
  write(line: string): void;
}

/** `url` with the value of every `auth` query parameter replaced by `[redacted]`. */
export function redactAuthParam(url: string): string {
  return url.replace(/([?&;]auth=)[^&#;]*/gi, '$1[redacted]');
}

/**
 * Fastify's `logger` option: false when neither `enabled` nor a stream is given; else info
 * level on stdout (or `stream`), with the request serializer that redacts `auth`.
 */
export function loggerOptions(enabled: boolean, stream?: LogStream) {
  if (!enabled && !stream) return false;
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactAuthParam(request.url),
        version: [request.headers?.['accept-version']].flat()[0],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
