/**
 * The OpenAPI 3.0 document of the API, for the systems (ERP, WMS) that generate their clients
 * from it: served at /api/docs/json (YAML at /api/docs/yaml, Swagger UI at /api/docs).
 *
 * The routes' zod schemas document their parameters, bodies and answers (fastify-type-provider-zod).
 * This plugin adds what every operation needs, in one place, so a route added later gets it
 * without a line of its own (README, "API"):
 * - `operationId`: the HTTP method and the call's name as the spec writes it (section 7), in
 *   camelCase: GET Orders `getOrders`, POST Orders `postOrders`, GET Orders/{id} `getOrdersById`,
 *   POST status `postStatus`. A route's own `schema.operationId` overrides it. Ids are unique
 *   (building the document fails otherwise) and stay stable: clients name methods after them.
 * - error answers in the portal's envelope (ZErrorEnvelope, `#/components/schemas/ErrorEnvelope`):
 *   400 VALIDATION for every call with parameters or a body, 401 UNAUTHORIZED for every call
 *   that needs a token, 429 RATE_LIMITED for every call with a rate limit, plus the codes of
 *   `callDocs` below (the ones its use cases raise), grouped by their HTTP status; and a
 *   `default` answer (500 UNEXPECTED and the like) in the same envelope.
 * - security: a bearer token unless `callDocs` says the call is public (`none`) or reads a
 *   token only when there is one (`optional`).
 * - multipart/form-data request bodies from a route's documentation-only `schema.multipartBody`
 *   (zod; the route reads the parts itself, Fastify does not validate them), and the response
 *   headers of answers with their own media types (files: `fileAnswer` in modules/http.ts).
 * - a non-empty `servers` list and the tags with their descriptions.
 */
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { AppErrorCode, httpStatusOf, ZErrorEnvelope } from '@portal/domain';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { sessionOnlyCalls } from '../modules/api/session-only-calls.js';
import { gdprOpenCall } from './gdpr-gate.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the multipart/form-data fields of a route that reads its body with
     * @fastify/multipart (a file as `z.file()`). The OpenAPI document shows it as the request
     * body; Fastify neither parses nor validates it.
     */
    multipartBody?: ZodType;
  }
}

export { type CallDoc, type CallSecurity, callDocs, tags } from './openapi-calls.js';

import { callDocs, tags } from './openapi-calls.js';

const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** `/api/Orders/:id` -> `Orders/{id}`: the call's name as the spec writes it. */
export function callPath(url: string): string {
  return url.replace(/^\/api\//, '').replace(/:(\w+)/g, '{$1}');
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The derived operationId of a call: the method in lower case, then each path segment with a
 * capital first letter, a path parameter as `By<Name>`: GET Orders/{id} -> `getOrdersById`,
 * GET Widgets/volume -> `getWidgetsVolume`, POST status -> `postStatus`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = callPath(url)
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, (_, name: string) => `By${capital(name)}`))
    .map(capital);
  return method.toLowerCase() + words.join('');
}

/** The error answers of a call: its codes grouped by HTTP status, each in the envelope. */
function errorAnswers(codes: readonly (AppErrorCode | readonly [AppErrorCode, number])[]) {
  const byStatus = new Map<number, AppErrorCode[]>();
  for (const entry of codes) {
    const [code, status] = typeof entry === 'string' ? [entry, httpStatusOf[entry]] : entry;
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  const answers: Record<string, unknown> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    answers[String(status)] = {
      description: `${STATUS_CODES[status]}: error.type ${(byStatus.get(status) ?? []).join(', ')}`,
      content: { 'application/json': { schema: errorEnvelopeRef } },
    };
  }
  answers.default = {
    description: 'Any other failure (500 UNEXPECTED and the like), in the same envelope',
    content: { 'application/json': { schema: errorEnvelopeRef } },
  };
  return answers;
}

type Responses = Record<string, Record<string, unknown>>;

/**
 * The per-route step of the document: the zod schemas become JSON schemas (fastify-type-provider-zod),
 * then the operation gets its operationId, security, error answers and multipart body.
 */
function transform(document: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const { multipartBody, ...routeSchema } = (document.schema ?? {}) as FastifySchema;
  // The zod transform keeps only description and content of an answer with media types: keep its headers too.
  const headersOf = new Map<string, unknown>();
  for (const [status, answer] of Object.entries((routeSchema.response ?? {}) as Responses)) {
    if (answer && typeof answer === 'object' && 'content' in answer && 'headers' in answer) headersOf.set(status, answer.headers);
  }
  const result = jsonSchemaTransform({ ...document, schema: routeSchema });
  const schema = result.schema as FastifySchema & Record<string, unknown>;
  if (schema.hide) return result;

  const route = document.route as RouteOptions;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const call = `${method.toUpperCase()} ${callPath(document.url)}`;
  const doc = callDocs[call] ?? {};
  const security = doc.security ?? 'bearer';

  if (multipartBody) {
    schema.body = z.toJSONSchema(multipartBody, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
    schema.consumes = ['multipart/form-data'];
  }
  const response = { ...((schema.response ?? {}) as Responses) };
  for (const [status, headers] of headersOf) if (response[status]) response[status] = { ...response[status], headers };
  // An answer without a schema still gets a 200 (the error answers below would otherwise be its only ones).
  if (!response['200']) response['200'] = { type: 'object', properties: { data: {} }, required: ['data'] };
  if (!response['200'].description && !('content' in response['200']))
    response['200']['x-response-description'] = 'OK: the answer in `data`';

  const hasInput = Boolean(schema.querystring || schema.params || schema.body);
  const codes: (AppErrorCode | readonly [AppErrorCode, number])[] = [];
  if (hasInput) codes.push(AppErrorCode.VALIDATION);
  if (security === 'bearer') codes.push(AppErrorCode.UNAUTHORIZED);
  // A signed-in user who has not confirmed GDPR reaches only the gdpr page's calls (plugins/gdpr-gate.ts).
  if (security !== 'none' && !gdprOpenCall(method, document.url)) codes.push(AppErrorCode.GDPR_REQUIRED);
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit) codes.push(AppErrorCode.RATE_LIMITED);
  // Calls an API key cannot make answer 403 to one (modules/api/session-only-calls.ts).
  if (sessionOnlyCalls.has(`${method.toUpperCase()} ${document.url.toLowerCase()}`)) codes.push(AppErrorCode.FORBIDDEN);
  codes.push(...(doc.errors ?? []));

  schema.response = { ...response, ...errorAnswers(codes) };
  schema.operationId ??= operationIdOf(method, document.url);
  if (security === 'none') schema.security = [];
  if (security === 'optional') schema.security = [{}, { bearer: [] }];
  return result;
}

/** The whole document's step: components of registered zod schemas, the envelope, and a check that operationIds are unique. */
function transformObject(document: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const openapi = jsonSchemaTransformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
    paths?: Record<string, Record<string, { operationId?: string }>>;
  };
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation.operationId;
      if (!id) continue;
      const other = seen.get(id);
      if (other) throw new Error(`OpenAPI: operationId ${id} of ${method.toUpperCase()} ${path} is also ${other}'s`);
      seen.set(id, `${method.toUpperCase()} ${path}`);
    }
  }
  // As an input schema: no additionalProperties: false, so a client does not break on a field added later.
  const envelope = z.toJSONSchema(ZErrorEnvelope, { target: 'openapi-3.0', io: 'input' });
  return {
    ...openapi,
    components: { ...openapi.components, schemas: { ...openapi.components?.schemas, ErrorEnvelope: envelope } },
  } as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Registers @fastify/swagger with the steps above and Swagger UI at /api/docs. */
export const openapi = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pallet portal API',
        version: options.version,
        description:
          'Calls of the pallet portal (portal-spec.md section 7). Answers are `{ data }`; failures the ErrorEnvelope with ' +
          '`error.message` in the caller’s language (Accept-Language, else the user’s). Send the token of POST Login as ' +
          '`Authorization: Bearer <token>`.',
      },
      servers: [{ url: '/', description: 'This portal (every call is under /api)' }],
      tags,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of POST Login, or a personal API key (ppk_..., made on the API page; docs/api.md)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
