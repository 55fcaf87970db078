/**
 * Turns every failure into the envelope of architecture.md:
 * `{ error: { type, message, httpDescription, fields? }, info: { userLogin } }`, with the
 * message in the caller's language (status ids named by their label, dates as the locale
 * writes them: `localizeParams`). Validation failures are 400 with field-level messages
 * and change nothing (the handler never ran).
 */
import { STATUS_CODES } from 'node:http';
import { AppErrorCode, type ErrorEnvelope, httpStatusOf } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { localizeParams, negotiateLocale, translator } from '../i18n.js';
import { limitNotFound } from './rate-limits.js';

const issueKeys: Record<string, string> = {
  invalid_type: 'validation.invalid',
  too_small: 'validation.tooSmall',
  too_big: 'validation.tooBig',
  invalid_format: 'validation.invalid',
  invalid_value: 'validation.invalid',
};

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: AppErrorCode,
  initialParams: Record<string, unknown>,
  fieldKeys: Record<string, string>,
  httpStatus?: number,
) {
  const locale = negotiateLocale(request.headers['accept-language'], request.auth?.language);
  const t = translator(locale);
  const status = httpStatus ?? httpStatusOf[code];
  // Status ids become their labels, plain dates the locale's form (22.11.2026, 11/22/2026).
  const params = localizeParams(t, locale, initialParams);
  const fields = Object.fromEntries(Object.entries(fieldKeys).map(([path, key]) => [path, t(key, params)]));
  const reasonKey = typeof params.reasonKey === 'string' ? params.reasonKey : null;
  const reason = reasonKey ? t(reasonKey, params) : params.reason;
  const body: ErrorEnvelope = {
    error: {
      type: code,
      message: t(`errors.${code}`, { ...params, reason }),
      httpDescription: STATUS_CODES[status] ?? 'Error',
      ...(Object.keys(fields).length ? { fields } : {}),
    },
    info: { userLogin: request.auth?.loginUser.loginName ?? null },
  };
  return reply.status(status).send(body);
}

export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.code, error.params, error.fields, error.httpStatus);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const message = issue.message ?? '';
        fields[path] ??= message.startsWith('validation.') ? message : (issueKeys[issue.keyword] ?? 'validation.invalid');
      }
      return send(request, reply, AppErrorCode.VALIDATION, {}, fields);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return send(request, reply, AppErrorCode.RATE_LIMITED, {}, {});
    if (status >= 400 && status < 500) {
      return send(request, reply, status === 404 ? AppErrorCode.NOT_FOUND : AppErrorCode.VALIDATION, {}, {});
    }
    request.log.error(error);
    return send(request, reply, AppErrorCode.UNEXPECTED, {}, {});
  });
  // 404s count against NOT_FOUND_LIMIT per client address (rate-limits.ts).
  app.setNotFoundHandler({ preHandler: limitNotFound }, (request, reply) => send(request, reply, AppErrorCode.NOT_FOUND, {}, {}));
});
