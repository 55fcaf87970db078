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

/** Who may make a call: with a bearer token (the default), anyone, or anyone and more with a token. */
export type CallSecurity = 'bearer' | 'none' | 'optional';

/** What the central rules cannot tell about a call. */
export interface CallDoc {
  /** Default `bearer`: the call answers 401 without a valid token. */
  security?: CallSecurity;
  /**
   * The error codes the call's use cases raise, beyond the central ones (VALIDATION with input,
   * UNAUTHORIZED with a token, RATE_LIMITED with a rate limit). Each is documented under its
   * HTTP status (httpStatusOf); a `[code, status]` pair where a code answers another status.
   */
  errors?: readonly (AppErrorCode | readonly [AppErrorCode, number])[];
}

/** A role or task the call needs (403), and an order or location outside the caller's scope (404). */
const roleAndScope = ['FORBIDDEN', 'NOT_FOUND'] as const;

/**
 * The calls' own error codes and security, keyed by the call as the spec names it (section 7):
 * `METHOD Path` under /api, path parameters in braces. A call not listed needs a token and
 * answers the central errors only. The OpenAPI test fails on a key that names no route.
 */
export const callDocs: Record<string, CallDoc> = {
  // Sign-in and the session (spec sections 6 and 7).
  'POST Login': { security: 'none', errors: ['LOGIN_FAILED', 'LOGIN_LOCKED', 'DOWNTIME'] },
  // The sister portal's hand-over (docs/domain.md, "Hand-over from a sister portal").
  'POST LoginHandover': { security: 'none', errors: ['UNAUTHORIZED'] },
  'POST Agreement': { errors: ['AGREEMENT_NOT_ALLOWED'] },
  'GET Status': { security: 'optional' },
  'POST status': { errors: ['SWITCH_NOT_ALLOWED'] },
  'GET location': { errors: ['NOT_FOUND'] },
  // My profile and passwords (modules/accounts; docs/accounts.md): own account, or one the admin administers.
  'GET user': { errors: roleAndScope },
  'POST user': { errors: roleAndScope },
  'POST userPassword': { errors: roleAndScope },
  'POST UserPasswordLink': { errors: roleAndScope },
  'POST PasswordResetRequest': { security: 'none' },
  'POST PasswordLink': { security: 'none' },
  'POST PasswordReset': { security: 'none' },
  // Messages of type login are public (the login page); the others need a token.
  'GET Messages': { security: 'optional', errors: ['UNAUTHORIZED', 'FORBIDDEN'] },
  // Messages and Global > Publishing (docs/messages.md).
  'GET Messages/{id}': { errors: ['NOT_FOUND', 'FORBIDDEN'] },
  'POST Messages': { errors: ['FORBIDDEN', 'NOT_FOUND'] },
  // Lookups.
  'GET Locations': { errors: ['FORBIDDEN'] },
  'GET Users': { errors: ['FORBIDDEN'] },
  'GET Days': { errors: ['NOT_FOUND'] },
  'GET AvailableProducts': { errors: ['NOT_FOUND'] },
  'POST MessageRead': { errors: ['NOT_FOUND'] },
  // Orders (the menu area of the order's kind gates every call: 403 FORBIDDEN, "Menu rules on the server").
  'GET Orders': { errors: ['FORBIDDEN'] },
  'GET ExternalOrders': { errors: ['FORBIDDEN'] },
  'GET Orders/{id}': { errors: [...roleAndScope] },
  'POST Orders': { errors: ['INVALID_LOCATION', 'NO_PRODUCTS', 'QUANTITY_STEP', 'CLOSED_DAY', ...roleAndScope, 'ORDER_STATUS'] },
  'DELETE Orders/{id}': { errors: [...roleAndScope, 'ORDER_STATUS'] },
  'POST OrderCustoms': { errors: [...roleAndScope, 'CONFLICT', 'CUSTOMS_STATUS'] },
  'POST OrderStatus': { errors: ['QUANTITY_STEP', 'CLOSED_DAY', ...roleAndScope, ['ORDER_STATUS', 403], 'CONFLICT', 'ORDER_STATUS'] },
  'POST OrderArrival': { errors: [...roleAndScope, 'CONFLICT', 'ORDER_STATUS'] },
  'GET OrderFill': { errors: [...roleAndScope] },
  'GET Waybill': { errors: [...roleAndScope, 'WAYBILL'] },
  'POST OrdersImport': {
    errors: ['IMPORT_FILE_TYPE', 'IMPORT_TOO_MANY_ROWS', 'IMPORT_NO_VALID_ROWS', ...roleAndScope, 'FILE_TOO_LARGE'],
  },
  'GET OrdersImportTemplate': { errors: roleAndScope },
  'GET stockDetails': { errors: [...roleAndScope] },
  // Reports (the Reports area, except Shop accounting; filters outside the scope 404).
  'GET Reports/{report}': { errors: [...roleAndScope, 'REPORT_TOO_LARGE'] },
  // Scheduled orders.
  'GET ScheduledOrders': { errors: [...roleAndScope] },
  'GET ScheduledOrders/{id}': { errors: [...roleAndScope] },
  'POST ScheduledOrders': { errors: ['INVALID_LOCATION', 'NO_PRODUCTS', 'QUANTITY_STEP', ...roleAndScope] },
  'DELETE ScheduledOrders/{id}': { errors: roleAndScope },
  'GET ScheduleOrderFill': { errors: [...roleAndScope] },
  // Comments, attachments, signatures: only the order's parties.
  'GET OrderComments': { errors: [...roleAndScope] },
  'POST OrderComments': { errors: [...roleAndScope] },
  'POST OrderAttachments': { errors: ['FILE_TYPE', 'NOT_FOUND', 'FILE_TOO_LARGE'] },
  'GET OrderAttachments': { errors: [...roleAndScope] },
  'GET OrderAttachments/{id}': { errors: [...roleAndScope] },
  'DELETE OrderAttachments/{id}': { errors: roleAndScope },
  'POST OrderSignature': { errors: ['SIGNATURE_FAILED', 'NOT_FOUND'] },
  // Company.
  'GET EmailArchive': { errors: ['FORBIDDEN'] },
  'GET EmailArchive/{id}': { errors: [...roleAndScope] },
  'GET EmailArchiveFilters': { errors: ['FORBIDDEN'] },
  'GET ExternalLocations': { errors: ['FORBIDDEN'] },
  'POST ExternalLocations': { errors: [...roleAndScope, 'LOCATION_NUMBER_EXISTS'] },
  'DELETE ExternalLocations/{id}': { errors: [...roleAndScope] },
  // Addresses and Company > Locations (docs/company-locations.md).
  'GET AddressCountryRegions': { security: 'optional' },
  'GET AddressZipCode': { security: 'optional' },
  'GET CompanyLocations': { errors: ['FORBIDDEN'] },
  'GET CompanyLocations/{id}': { errors: roleAndScope },
  'POST Locations': { errors: [...roleAndScope, 'LOCATION_NUMBER_EXISTS'] },
  'DELETE Locations/{id}': { errors: roleAndScope },
  'POST Addresses': { errors: roleAndScope },
  'DELETE Addresses/{id}': { errors: roleAndScope },
  // Invoices (finance-report permission or provider staff; another customer's invoice answers 404).
  'GET Invoices': { errors: [...roleAndScope] },
  'GET Invoices/{id}': { errors: [...roleAndScope] },
  'GET Invoices/{id}/document': { errors: [...roleAndScope] },
  'GET InvoiceCustomers': { errors: ['FORBIDDEN'] },
  // Count audits: customer admins and provider staff (403), their locations (404); decided once by the provider.
  'GET CountAudits': { errors: [...roleAndScope] },
  'GET CountAudits/{id}': { errors: [...roleAndScope] },
  'POST CountAudits': { errors: [...roleAndScope] },
  'POST CountAuditConfirm': { errors: ['NOT_FOUND', ['COUNT_AUDIT', 403], 'COUNT_AUDIT'] },
  'GET CountAuditLocations': { errors: ['FORBIDDEN'] },
  // My company: customer admins of the acting customer and global admins (403); another customer's user 404.
  'GET Company': { errors: ['FORBIDDEN'] },
  'POST Company': { errors: ['FORBIDDEN'] },
  'GET CompanyLogo': { errors: ['NOT_FOUND'] },
  'POST CompanyLogo': { errors: ['FORBIDDEN', 'FILE_TYPE', 'FILE_TOO_LARGE'] },
  'DELETE CompanyLogo': { errors: ['FORBIDDEN'] },
  'GET CompanyUsers': { errors: ['FORBIDDEN'] },
  'GET CompanyUserOptions': { errors: ['FORBIDDEN'] },
  'POST Users': { errors: [...roleAndScope] },
  // New customer requests (docs/registration.md): sent by anyone (a token is not needed, nor read); handled by global admins.
  'POST NewCustomerRequests': { security: 'none' },
  'GET NewCustomerRequests': { errors: ['FORBIDDEN'] },
  'GET NewCustomerRequests/{id}': { errors: [...roleAndScope] },
  'POST NewCustomerRequestConversion': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST NewCustomerRequestStatus': { errors: [...roleAndScope, 'CONFLICT'] },
  // API keys (docs/api.md): the signed-in user's own; making one needs a sign-in of one's own (403); another user's key 404.
  'GET ApiKeys': {},
  'POST ApiKeys': { errors: ['FORBIDDEN'] },
  'DELETE ApiKeys/{id}': { errors: ['NOT_FOUND'] },
  // Controls (docs/api.md): provider staff only.
  'GET Controls': { errors: ['FORBIDDEN'] },
  // Global (docs/global.md): global admins only (403); GET Badges answers zeros to customers.
  'GET Log': { errors: ['FORBIDDEN'] },
  'GET Log/{id}': { errors: [...roleAndScope] },
  'GET Downtimes': { errors: ['FORBIDDEN'] },
  'POST Downtimes': { errors: ['FORBIDDEN'] },
  'POST DowntimeCancel': { errors: [...roleAndScope, 'CONFLICT'] },
  'GET Badges': {},
  // Global > Caching (docs/caching.md): global admins only.
  'GET Caches': { errors: ['FORBIDDEN'] },
  'POST CacheEmpty': { errors: ['FORBIDDEN'] },
  // Support cases (docs/support.md): a case outside the caller's cases answers 404; staff-only fields and templates 403.
  'GET SupportTickets': {},
  'GET SupportTickets/{id}': { errors: ['NOT_FOUND'] },
  'POST SupportTickets': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST SupportTicketComments': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST SupportTicketAttachments': { errors: ['FILE_TYPE', 'NOT_FOUND', 'FILE_TOO_LARGE'] },
  'GET SupportTicketAttachments/{id}': { errors: ['NOT_FOUND'] },
  'GET SupportTicketCount': {},
  'GET SupportTemplates': { errors: ['FORBIDDEN'] },
  'POST SupportTemplates': { errors: roleAndScope },
};

/** The tags of the document, each with its description (every route names one of them). */
export const tags = [
  { name: 'auth', description: 'Sign-in (POST Login answers the bearer token every other call sends) and sign-out' },
  { name: 'accounts', description: 'My profile, changing and resetting passwords, and emailed password links' },
  { name: 'session', description: 'The session: its status, switching customer, location or user, language, GDPR and agreement' },
  { name: 'lookups', description: 'Customers, locations, users, open days, products, truck types and GLN checks for pickers and dialogs' },
  { name: 'messages', description: 'Published messages: articles, guides, reports, system notices, and the login page’s messages' },
  { name: 'caching', description: 'Global > Caching: the caches of the server processes, their size and age, and emptying them' },
  { name: 'alerts', description: 'The bell: alerts of the acting user and location, and their read state' },
  {
    name: 'orders',
    description:
      'Purchases, sales and deliveries: the grid, one order, create and update, status steps, arrival, bulk send, customs, truck fill, the waybill PDF and the Excel import',
  },
  { name: 'balance', description: 'Balances of a location per product and kind, and the carriers in transit' },
  { name: 'home', description: 'Start-page widgets' },
  { name: 'scheduled orders', description: 'Recurring orders: every n weeks on chosen weekdays, each occurrence one order' },
  { name: 'order comments', description: 'Comments on an order, read and written by its parties' },
  { name: 'attachments', description: 'Files (PDF, JPG, PNG, GIF) and drawn signatures on an order' },
  { name: 'mail', description: 'The archive of emails the portal sent' },
  {
    name: 'company',
    description:
      'My company: the acting customer’s information, logo and users, and its own external locations (receivers outside the portal)',
  },
  {
    name: 'locations',
    description: 'Countries and the postal code lookup (open), and the acting customer’s locations with their delivery addresses',
  },
  {
    name: 'invoices',
    description: 'Monthly invoices (pooling fees, commission) with their lines and PDF; finance-report permission or provider staff',
  },
  {
    name: 'count audits',
    description: 'Company > Counting: a location’s counts of its carriers, compared with the ledger, confirmed or rejected by the provider',
  },
  {
    name: 'reports',
    description:
      'Reports of the caller’s scope (transactions, pooling, commission, locations, purchases, users, shop accounting) as JSON or Excel',
  },
  {
    name: 'support',
    description: 'Support cases: opened and followed by customers, taken and answered by provider staff, with answer templates',
  },
  {
    name: 'registration',
    description:
      'New customer requests: sent from the public new-customer page, listed, rejected or turned into a customer by global admins',
  },
  {
    name: 'api',
    description:
      'Personal API keys: a key (`ppk_...`) sent as the bearer token acts as its user, with the user’s scope and tasks (docs/api.md)',
  },
  { name: 'controls', description: 'The portal’s health for provider staff: version, database, jobs, mail queue' },
  {
    name: 'global',
    description:
      'Global admin: the application log, downtime windows (during one every call but a global admin’s answers 503 DOWNTIME), and the badge counts of provider staff',
  },
];

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
